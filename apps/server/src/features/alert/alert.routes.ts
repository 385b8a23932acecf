import type { FastifyInstance } from 'fastify';
import { calls } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { serveCalls } from '../../http/calls.js';
import { resolveCaller } from '../auth/auth.service.js';
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
  const hub = new AlertHub(ctx);
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
    stream: ({ scope, request, reply }) =>
      openAlertStream(hub, scope, request, reply, async () => {
        const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
        return token !== undefined && (await resolveCaller(ctx, token)) !== undefined;
      }),
    settings: ({ scope, input }) => alerts.alertSettings(ctx, scope, input),
    saveSettings: ({ scope, input }) => alerts.saveAlertSettings(ctx, scope, input),
  });
}
