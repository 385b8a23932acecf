import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadPunchesInput } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { unauthenticated } from '../../errors.js';
import { uploadPunches } from './punch-upload.service.js';

const DEVICE = /^Device\s+(\S+)$/i;

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const punchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Terminals authenticate with the installation's upload key, not an account's token.
  app.post(
    '/Terminal/UploadPunches',
    {
      config: { auth: 'device' },
      schema: {
        tags: ['终端上传'],
        summary: '终端上传打卡记录（Authorization: Device <key>）',
        body: uploadPunchesInput,
      },
      onRequest: async (request) => {
        const key = DEVICE.exec(request.headers.authorization ?? '')?.[1];
        if (!key || !sameKey(key, ctx.deviceKey)) throw unauthenticated('终端上传密钥不正确');
      },
    },
    async (request) => ok(await uploadPunches(ctx, request.body)),
  );
};
