import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerBytes, envelopeCode, registerRequestLog, requestLogController } from './request-log.js';

/** A server as app.ts builds it, logging JSON lines into an array; a hook stands in for the bearer auth. */
async function loggedApp(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: requestLogController, trustProxy: true });
  registerRequestLog(app);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization === 'Bearer zhang-token') request.caller = { userId: 42 } as never;
  });
  app.get('/proxyserver/api/DeviceInfo/:id', async () => ({ code: 200, msg: '成功', data: { id: 1 } }));
  app.post('/proxyserver/api/Refused', async () => ({ code: 403, msg: '无权限', data: null }));
  app.get('/proxyserver/health', async () => ({ status: 'ok' }));
  app.get('/proxyserver/file', async (_request, reply) =>
    reply.type('application/octet-stream').send(Buffer.from('x')),
  );
  const sent: unknown[] = [];
  app.post(
    '/proxyserver/api/Seen',
    { onSend: (_request, _reply, payload, done) => done(null, sent.push(payload) && payload) },
    async () => ({ code: 200, msg: '成功', data: { name: '巡检点"东门"' } }),
  );
  await app.ready();
  const requests = () => lines.filter((line) => line.msg === 'request');
  return { app, lines, requests, sent };
}

describe('one log line per request (OPERATIONS.md, Logs)', () => {
  it('names the route pattern, the envelope code, the milliseconds, the account and the address', async () => {
    const { app, lines, requests } = await loggedApp();
    await app.inject({
      url: '/proxyserver/api/DeviceInfo/7?fileName=secret.xlsx',
      headers: { authorization: 'Bearer zhang-token', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(requests()).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        route: '/proxyserver/api/DeviceInfo/:id',
        code: 200,
        status: 200,
        account: 42,
        address: '203.0.113.9',
        ms: expect.any(Number),
      }),
    ]);
    // Fastify's own lines (incoming request, request completed) are off: this was the only one.
    expect(lines.filter((line) => line.req || line.res)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('zhang-token');
    expect(JSON.stringify(lines)).not.toContain('secret.xlsx');
    await app.close();
  });

  it('gives a refusal’s envelope code, not the HTTP 200 it travels in, and the status when there is no envelope', async () => {
    const { app, requests } = await loggedApp();
    await app.inject({ method: 'POST', url: '/proxyserver/api/Refused' });
    await app.inject({ url: '/proxyserver/file' });
    await app.inject({ url: '/wp-admin/setup.php?x=1' });
    expect(requests().map(({ route, code, status, account }) => ({ route, code, status, account }))).toEqual([
      { route: '/proxyserver/api/Refused', code: 403, status: 200, account: null },
      { route: '/proxyserver/file', code: 200, status: 200, account: null },
      { route: '/wp-admin/setup.php', code: 404, status: 404, account: null },
    ]);
    await app.close();
  });

  it('keeps the probes out of the info log, and shows them at debug', async () => {
    const quiet = await loggedApp('info');
    await quiet.app.inject({ url: '/proxyserver/health' });
    expect(quiet.requests()).toEqual([]);
    await quiet.app.close();
    const verbose = await loggedApp('debug');
    await verbose.app.inject({ url: '/proxyserver/health' });
    expect(verbose.requests()).toEqual([expect.objectContaining({ level: 20, route: '/proxyserver/health' })]);
    await verbose.app.close();
  });

  it('reads the code of an envelope wherever it stands, and of nothing else', () => {
    expect(envelopeCode('{"code":401,"msg":"请先登录","data":null}', 'application/json; charset=utf-8')).toBe(401);
    expect(envelopeCode(Buffer.from('{"msg":"x","data":[],"code":500}'), 'application/json')).toBe(500);
    expect(envelopeCode('{"status":"ok"}', 'application/json')).toBeUndefined();
    expect(envelopeCode('{"code":200}', 'text/html')).toBeUndefined();
    expect(envelopeCode('not json', 'application/json')).toBeUndefined();
    expect(envelopeCode(undefined, 'application/json')).toBeUndefined();
    expect(envelopeCode(Buffer.from('{"code":429,"msg":"导出任务过多"}'), 'application/json')).toBe(429);
  });

  it('writes a JSON answer as its UTF-8 bytes, encoded once, and leaves any other answer as it is', async () => {
    const { app, sent } = await loggedApp();
    const answer = await app.inject({ method: 'POST', url: '/proxyserver/api/Seen' });
    expect(sent).toHaveLength(1);
    expect(Buffer.isBuffer(sent[0])).toBe(true);
    expect(answer.json()).toEqual({ code: 200, msg: '成功', data: { name: '巡检点"东门"' } });
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(answer.body));
    expect(answerBytes('<p>巡检</p>', 'text/html; charset=utf-8')).toBe('<p>巡检</p>');
    const file = Buffer.from('x');
    expect(answerBytes(file, 'application/json')).toBe(file);
    await app.close();
  });
});
