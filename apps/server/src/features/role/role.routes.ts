import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as role from './role.service.js';

export const roleRoutes = routesOf(calls.role, (ctx) => ({
  permissions: () => role.permissionCatalogue(),
  listRoles: ({ scope, input }) => role.listRoles(ctx, scope, input),
  roleOptions: ({ scope, input }) => role.roleOptions(ctx, scope, input),
  roleDetail: ({ scope, input }) => role.roleDetail(ctx, scope, input.role_id),
  saveRole: ({ scope, input }) => role.saveRole(ctx, scope, input),
  removeRoles: ({ scope, input }) => role.removeRoles(ctx, scope, input),
}));
