import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as auth from './auth.service.js';

export const authRoutes = routesOf(calls.auth, (ctx) => ({
  login: ({ input, request }) => auth.login(ctx, input, request.ip),
  checkToken: ({ scope }) => auth.checkToken(ctx, scope.caller),
  logout: ({ scope }) => auth.logout(ctx, scope),
  userFunTree: ({ scope }) => auth.userFunTree(scope.caller),
  changePassword: ({ scope, input }) => auth.changePassword(ctx, scope, input),
}));
