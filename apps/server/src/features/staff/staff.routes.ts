import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as staff from './staff.service.js';

export const staffRoutes = routesOf(calls.staff, (ctx) => ({
  listStaff: ({ scope, input }) => staff.listStaff(ctx, scope, input),
  staffDetail: ({ scope, input }) => staff.staffDetail(ctx, scope, input.user_id),
  accountOptions: ({ scope, input }) => staff.accountOptions(ctx, scope, input),
  removeUsers: ({ scope, input }) => staff.removeUsers(ctx, scope, input.user_ids),
  saveAccount: ({ scope, input }) => staff.saveAccount(ctx, scope, input),
}));
