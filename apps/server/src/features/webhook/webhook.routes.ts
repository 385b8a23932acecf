import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as webhooks from './webhook.service.js';

export const webhookRoutes = routesOf(calls.webhook, (ctx) => ({
  listWebhooks: ({ scope, input }) => webhooks.listWebhooks(ctx, scope, input),
  saveWebhook: ({ scope, input }) => webhooks.saveWebhook(ctx, scope, input),
  removeWebhooks: ({ scope, input }) => webhooks.removeWebhooks(ctx, scope, input),
  testWebhook: ({ scope, input }) => webhooks.testWebhook(ctx, scope, input),
  deliveries: ({ scope, input }) => webhooks.webhookDeliveries(ctx, scope, input),
}));
