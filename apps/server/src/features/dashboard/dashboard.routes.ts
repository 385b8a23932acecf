import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardScopeQuery, todayLogsQuery, trendQuery } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import * as dashboard from './dashboard.service.js';

const tags = ['首页'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/Dashboard/Summary',
    { schema: { tags, summary: '首页统计', querystring: dashboardScopeQuery } },
    async (request) => ok(await dashboard.summary(ctx, scopeOf(ctx, request), request.query.hold_id)),
  );

  app.get(
    '/Dashboard/TodayPatrolLogs',
    { schema: { tags, summary: '今日巡检记录', querystring: todayLogsQuery } },
    async (request) => {
      const page = await dashboard.todayPunches(ctx, scopeOf(ctx, request), request.query.hold_id, request.query);
      return ok(page.rows, page.total);
    },
  );

  app.get('/Dashboard/Trend', { schema: { tags, summary: '近几日趋势', querystring: trendQuery } }, async (request) =>
    ok(await dashboard.trend(ctx, scopeOf(ctx, request), request.query.hold_id, request.query.days)),
  );

  app.get(
    '/Dashboard/MissedToday',
    { schema: { tags, summary: '今日漏检点', querystring: dashboardScopeQuery } },
    async (request) => ok(await dashboard.missedToday(ctx, scopeOf(ctx, request), request.query.hold_id)),
  );
};
