import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES, templateQuery, uploadMessages, uploadReply, type UploadReply } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { callerOf } from '../../http/auth.js';
import { XLSX_TYPE, attachment } from '../../http/download.js';
import { AppError, invalid } from '../../http/errors.js';
import * as uploads from './upload.service.js';

const tags = ['文件'];

/** The upload answers in its own shape (spec section 7), HTTP 200 also for refusals. */
function uploadFailure(error: FastifyError): UploadReply {
  if (error instanceof AppError) {
    return { errCode: error.code === 401 ? 401 : 1, errMsg: error.message };
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

export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Multipart parsing for this area only: one file, 50 MB, a handful of small fields.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
  });

  app.post(
    '/UploadFiles/action',
    {
      schema: {
        tags,
        summary: '上传导入文件（xlsx/xls，≤50M）',
        consumes: ['multipart/form-data'],
        response: { 200: uploadReply },
      },
      errorHandler: (error, request, reply) => {
        const failure = uploadFailure(error);
        if (failure.errCode === 500) request.log.error({ err: error }, 'upload failed');
        return reply.status(200).send(failure);
      },
    },
    async (request): Promise<UploadReply> => {
      const caller = callerOf(request);
      if (!request.isMultipart()) throw invalid(uploadMessages.noFile);
      let stored: uploads.StoredUpload | undefined;
      try {
        for await (const part of partsOf(request)) {
          if (part.type !== 'file') continue;
          if (stored) throw invalid(uploadMessages.oneFile);
          stored = await uploads.storeUpload(ctx, caller, { fileName: part.filename, stream: part.file });
        }
      } catch (error) {
        if (stored) await uploads.discardUpload(ctx, stored.imagePath);
        throw error;
      }
      if (!stored) throw invalid(uploadMessages.noFile);
      return { errCode: 0, result: stored };
    },
  );

  app.get(
    '/file/download_template',
    { config: { public: true }, schema: { tags, summary: '下载导入模板', querystring: templateQuery } },
    async (request, reply) => {
      const file = await uploads.template(request.query.name);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(file.fileName, file.asciiName))
        .send(file.content);
    },
  );
};
