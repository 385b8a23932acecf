import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as syslog from './syslog.service.js';

export const syslogRoutes = routesOf(calls.syslog, (ctx) => ({
  listLogs: ({ scope, input }) => syslog.listLogs(ctx, scope, input),
}));
