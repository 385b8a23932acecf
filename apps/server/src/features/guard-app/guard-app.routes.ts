import fastifyMultipart from '@fastify/multipart';
import { MAX_PHOTO_BYTES, calls, guardAppMessages } from '@guard-tour/contract';
import type { FastifyError } from 'fastify';
import { invalid } from '../../errors.js';
import { routesOf } from '../../http/calls.js';
import { appPunches } from './app-punches.service.js';
import { appAddress, appRounds } from './app-rounds.service.js';
import { registerApp } from './app-device.service.js';
import { listEvents } from './event.service.js';
import { photoFile, storePhoto } from './photo.service.js';

export const guardAppRoutes = routesOf(
  calls.guardApp,
  (ctx) => ({
    registerApp: ({ scope, input }) => registerApp(ctx, scope, input),
    appRounds: ({ scope, input }) => appRounds(ctx, scope, input),
    appPunches: ({ scope, input }) => appPunches(ctx, scope, input),
    uploadPhoto: async ({ scope, request }) => {
      if (!request.isMultipart()) throw invalid(guardAppMessages.photoRequired);
      const part = await request.file().catch((error: FastifyError) => {
        throw error.code === 'FST_REQ_FILE_TOO_LARGE'
          ? invalid(guardAppMessages.photoTooLarge)
          : invalid(guardAppMessages.photoRequired);
      });
      if (!part) throw invalid(guardAppMessages.photoRequired);
      return storePhoto(ctx, scope, part.file);
    },
    photo: async ({ scope, input, reply }) => {
      const found = await photoFile(ctx, scope, input.photo_id);
      return reply
        .header('content-type', found.mime)
        .header('cache-control', 'private, max-age=86400')
        .send(found.stream);
    },
    appAddress: ({ request }) => appAddress(ctx, `${request.protocol}://${request.host}`),
    listEvents: ({ scope, input }) => listEvents(ctx, scope, input),
  }),
  async (app) => {
    // One photo a request; a little over the limit is read so that "too large" is told apart from a cut body.
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_PHOTO_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 100 },
    });
  },
);
