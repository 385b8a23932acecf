import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as digests from './digest.service.js';

export const digestRoutes = routesOf(calls.digest, (ctx) => ({
  listDigests: ({ scope, input }) => digests.listDigests(ctx, scope, input),
  saveDigest: ({ scope, input }) => digests.saveDigest(ctx, scope, input),
  removeDigests: ({ scope, input }) => digests.removeDigests(ctx, scope, input),
  previewDigest: ({ scope, input }) => digests.previewDigest(ctx, scope, input.digest_id),
  sendDigestNow: ({ scope, input }) => digests.sendDigestNow(ctx, scope, input.digest_id),
  digestDeliveries: ({ scope, input }) => digests.digestDeliveries(ctx, scope, input),
  digestOptions: ({ scope, input }) => digests.digestOptions(ctx, scope, input.holdId),
}));
