import { z } from 'zod';
import { area, call, list } from '../call.js';
import {
  dashboardScopeQuery,
  dashboardSummary,
  missedPoint,
  todayLogsQuery,
  trendPoint,
  trendQuery,
} from '../dashboard.js';
import { punchRow } from '../punch.js';

export const dashboardCalls = area('首页', {
  /** One row (the spec's `data[0]`). */
  summary: call('GET', '/api/Dashboard/Summary', {
    permission: 'dashboard.view',
    summary: '首页统计',
    input: dashboardScopeQuery,
    output: z.array(dashboardSummary),
  }),
  todayPunches: list('GET', '/api/Dashboard/TodayPatrolLogs', {
    permission: 'dashboard.view',
    summary: '今日巡检记录',
    input: todayLogsQuery,
    row: punchRow,
  }),
  trend: call('GET', '/api/Dashboard/Trend', {
    permission: 'dashboard.view',
    summary: '近几日趋势',
    input: trendQuery,
    output: z.array(trendPoint),
  }),
  missedToday: call('GET', '/api/Dashboard/MissedToday', {
    permission: 'dashboard.view',
    summary: '今日漏检点',
    input: dashboardScopeQuery,
    output: z.array(missedPoint),
  }),
});
