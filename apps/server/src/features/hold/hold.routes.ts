import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as holds from './hold.service.js';

export const holdRoutes = routesOf(calls.hold, (ctx) => ({
  listHolds: ({ scope, input }) => holds.listHolds(ctx, scope, input),
  parentBase: ({ scope, input }) => holds.parentBase(ctx, scope, input.id),
  holdTree: ({ scope }) => holds.holdTree(ctx, scope),
  saveHold: ({ scope, input }) => holds.saveHold(ctx, scope, input),
  holdDetail: ({ scope, input }) => holds.holdDetail(ctx, scope, input.holdId),
  removeHolds: ({ scope, input }) => holds.removeHolds(ctx, scope, input.hold_ids),
}));
