import type { FastifyInstance } from 'fastify';
import { calls } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { serveCalls } from '../../http/calls.js';
import { hashToken } from '../../security/token.js';
import { resolveCaller, resolveCallers } from '../auth/auth.service.js';
import { AlertHub } from './alert-hub.js';
import { openAlertStream } from './alert-stream.js';
import { ALERT_CHANNEL } from './alert.repository.js';
import * as alerts from './alert.service.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The alert calls, and this server's hub: it hears every alert raised on the database (by any server) and feeds
 * this server's open streams.
 */
export async function alertRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const hub = new AlertHub(ctx, (tokenHashes) => resolveCallers(ctx, tokenHashes));
  const stop = await ctx.listen(ALERT_CHANNEL, (payload) => {
    hub.deliver(payload).catch((error: unknown) => app.log.error({ err: error }, 'alert stream delivery failed'));
  });
  app.addHook('preClose', async () => {
    hub.closeAll();
    await stop();
  });
  serveCalls(app, calls.alert, {
    listAlerts: ({ scope, input }) => alerts.listAlerts(ctx, scope, input),
    unhandledCount: ({ scope }) => alerts.unhandledCount(ctx, scope),
    handleAlerts: ({ scope, input }) => alerts.handleAlerts(ctx, scope, input),
    stream: ({ scope, request, reply }) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
      return openAlertStream(hub, scope, hashToken(token), request, reply, async () => {
        const caller = await resolveCaller(ctx, token).catch(() => undefined);
        return caller?.permissions.has('alert.view') === true;
      });
    },
    settings: ({ scope, input }) => alerts.alertSettings(ctx, scope, input),
    saveSettings: ({ scope, input }) => alerts.saveAlertSettings(ctx, scope, input),
  });
}
