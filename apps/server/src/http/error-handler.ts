import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResultCode } from '@guard-tour/contract';
import { AppError } from '../errors.js';
import { fail, JSON_TYPE } from './envelope.js';

/**
 * Business outcomes answer HTTP 200 with the code in the envelope; transport failures keep their HTTP status, and
 * their envelope says 400 (invalid input), one of the codes a client knows (API.md, Transport).
 */
const transportErrors: Record<string, { status: number; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: '请求内容过大' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: '请求内容不是有效的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: '请求内容为空' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: '不支持的请求内容类型' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: '请求长度不正确' },
};

/** PostgreSQL error classes that mean "the database is away", not "the request is wrong". */
function isDatabaseUnavailable(error: { code?: unknown; message?: string }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return (
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P03' ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code) ||
    /Connection terminated|connect ECONNREFUSED|not queryable/.test(error.message ?? '')
  );
}

/** PostgreSQL class 22, "data exception": a value out of range or of the wrong form for its column. */
function isDataException(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

/** The one error handler: every refusal and failure becomes `{code, msg, data: null}` with a Chinese msg. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, rawReply) => {
    // A refusal is not the route's reply: it is written as it is, not through the route's response schema.
    const reply = rawReply.serializer(JSON.stringify).type(JSON_TYPE);
    if (error instanceof AppError) return reply.status(200).send(fail(error.code, error.message));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(200).send(fail(ResultCode.invalid, first?.message || '请求参数不正确'));
    }
    const transport = error.code ? transportErrors[error.code] : undefined;
    if (transport) return reply.status(transport.status).send(fail(ResultCode.invalid, transport.msg));
    const cause = (error.cause ?? error) as { code?: unknown; message?: string };
    if (cause.code === '23505') {
      return reply.status(200).send(fail(ResultCode.conflict, '数据已存在，请勿重复提交'));
    }
    if (isDataException(cause)) {
      // A value the contract let through but the database cannot hold (a number or date out of its range).
      request.log.warn({ err: error }, 'value out of the database range');
      return reply.status(200).send(fail(ResultCode.invalid, '请求参数超出允许范围'));
    }
    if (isDatabaseUnavailable(cause) || isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(200).send(fail(ResultCode.unexpected, '数据库暂时不可用，请稍后重试'));
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(fail(error.statusCode, '请求不正确'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(200).send(fail(ResultCode.unexpected, '服务器内部错误，请稍后重试'));
  });
}
