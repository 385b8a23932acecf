import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sysLogListInput } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import * as syslog from './syslog.service.js';

export const syslogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/SysLog/GetSysLogsList',
    { schema: { tags: ['日志'], summary: '操作日志与登录日志', body: sysLogListInput } },
    async (request) => {
      const page = await syslog.listLogs(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );
};
