import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as exports from './report-export.service.js';
import * as reports from './report.service.js';

export const reportRoutes = routesOf(calls.report, (ctx) => ({
  roundPoints: ({ scope, input }) => reports.roundPoints(ctx, scope, input.round_id),
  missedReport: ({ scope, input }) => reports.missedReport(ctx, scope, input),
  missedRounds: ({ scope, input }) => reports.missedRounds(ctx, scope, input),
  exportMissed: ({ scope, input }) => exports.exportMissed(ctx, scope, input),
}));
