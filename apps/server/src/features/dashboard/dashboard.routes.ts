import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as dashboard from './dashboard.service.js';

export const dashboardRoutes = routesOf(calls.dashboard, (ctx) => ({
  summary: ({ scope, input }) => dashboard.summary(ctx, scope, input.holdId),
  todayPunches: ({ scope, input }) => dashboard.todayPunches(ctx, scope, input.holdId, input),
  trend: ({ scope, input }) => dashboard.trend(ctx, scope, input.holdId, input.days),
  missedToday: ({ scope, input }) => dashboard.missedToday(ctx, scope, input.holdId),
}));
