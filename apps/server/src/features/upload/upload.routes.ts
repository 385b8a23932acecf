import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, calls, uploadMessages, type UploadReply } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import { XLSX_TYPE, attachment } from '../../http/download.js';
import { AppError, invalid } from '../../errors.js';
import * as uploads from './upload.service.js';

/** Refusals of the caller rather than of the file keep their own codes: not logged in, no permission, too many. */
const CALLER_CODES = new Set([401, 403, 429]);

/** The upload answers in its own shape (spec section 7), HTTP 200 also for refusals. */
function uploadFailure(error: FastifyError): UploadReply {
  if (error instanceof AppError) {
    return { errCode: CALLER_CODES.has(error.code) ? error.code : 1, errMsg: error.message };
  }
  if (error.code === 'FST_FILES_LIMIT') return { errCode: 1, errMsg: uploadMessages.oneFile };
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return { errCode: 1, errMsg: uploadMessages.tooLarge };
  if (error.code?.startsWith('FST_') || (error.statusCode ?? 500) < 500) {
    return { errCode: 1, errMsg: uploadMessages.noFile };
  }
  return { errCode: 500, errMsg: uploadMessages.failed };
}

/** The parts of a multipart body; a body the parser cannot read (cut short, malformed) is refused as incomplete. */
async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      const known = error instanceof AppError || (error as FastifyError).code?.startsWith('FST_');
      throw known ? error : invalid(uploadMessages.incomplete);
    }
    if (next.done) return;
    yield next.value;
  }
}

export const uploadRoutes = routesOf(
  calls.upload,
  (ctx) => ({
    uploadFile: async ({ scope, request }) => {
      if (!request.isMultipart()) throw invalid(uploadMessages.noFile);
      let stored: uploads.StoredUpload | undefined;
      try {
        for await (const part of partsOf(request)) {
          if (part.type !== 'file') continue;
          if (stored) throw invalid(uploadMessages.oneFile);
          stored = await uploads.storeUpload(ctx, scope.caller, { fileName: part.filename, stream: part.file });
        }
      } catch (error) {
        if (stored) await uploads.discardUpload(ctx, stored.imagePath);
        throw error;
      }
      if (!stored) throw invalid(uploadMessages.noFile);
      return { errCode: 0 as const, result: stored };
    },
    downloadTemplate: async ({ input, reply }) => {
      const file = await uploads.template(input.name);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(file.fileName, file.asciiName))
        .send(file.content);
    },
  }),
  async (app) => {
    // Multipart parsing for this area only: one file, 50 MB, a handful of small fields.
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
    });
    return {
      uploadFile: {
        errorHandler: (error, request, reply) => {
          const failure = uploadFailure(error);
          if (failure.errCode === 500) request.log.error({ err: error }, 'upload failed');
          return reply.status(200).send(failure);
        },
      },
    };
  },
);
