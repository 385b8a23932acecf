import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';

/**
 * The one error handler (QUALITY.md R2): what reaches it from the database or the transport becomes an envelope a
 * person can read. Driven through a bare Fastify app whose routes throw what a driver or Fastify would throw.
 */
let app: FastifyInstance;

/** An error as the PostgreSQL drivers raise it, wrapped as drizzle wraps it. */
function databaseError(code: string, message: string): Error {
  return new Error('Failed query: select …', { cause: Object.assign(new Error(message), { code }) });
}

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  app.get('/out-of-range', () => {
    throw databaseError('22003', 'value "2147483648" is out of range for type integer');
  });
  app.get('/nul', () => {
    throw databaseError('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
  });
  app.get('/duplicate', () => {
    throw databaseError('23505', 'duplicate key value violates unique constraint "device_no"');
  });
  app.get('/bug', () => {
    throw new TypeError("Cannot read properties of undefined (reading 'hold_id')");
  });
  app.post('/echo', (request) => request.body);
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers a value the database cannot hold with 400, in Chinese, without the SQL', async () => {
    for (const url of ['/out-of-range', '/nul']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ code: 400, msg: '请求参数超出允许范围', data: null });
    }
  });

  it('answers a duplicate with 409 and an unexpected failure with 500, neither naming the cause', async () => {
    expect((await app.inject({ method: 'GET', url: '/duplicate' })).json()).toEqual({
      code: 409,
      msg: '数据已存在，请勿重复提交',
      data: null,
    });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.json()).toEqual({ code: 500, msg: '服务器内部错误，请稍后重试', data: null });
  });

  it('keeps the HTTP status of a transport refusal but says 400 in the envelope', async () => {
    const cases = [
      { contentType: 'application/xml', payload: '<a/>', status: 415, msg: '不支持的请求内容类型' },
      { contentType: 'application/json', payload: '{"a":', status: 400, msg: '请求内容不是有效的 JSON' },
      { contentType: 'application/json', payload: 'x'.repeat(1_100_000), status: 413, msg: '请求内容过大' },
    ];
    for (const { contentType, payload, status, msg } of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/echo',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, contentType).toBe(status);
      expect(response.json(), contentType).toEqual({ code: 400, msg, data: null });
    }
  });
});
