import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryIsGenuine } from '../../domain/webhook-signature.js';
import { AlertKind, type WebhookRow, type WebhookTry } from '@guard-tour/contract';
import { MINUTE, SECOND, useHarness } from '../../test/harness.js';
import { buildWorld, type World } from '../../test/world.js';
import { ALERT_CHANNEL, raiseAlerts } from '../alert/alert.service.js';
import { deliverDue, nextTryAfterFailure, startWebhookDeliveries } from './webhook-outbox.service.js';

/**
 * 告警推送 (ACCOUNTABILITY.md, Webhooks; QUALITY.md R14): hooks saved within scope and only to allowed addresses,
 * and the outbox: a receiver that fails twice then answers 200 sees one idempotency key, a valid signature, and
 * nothing after its 2xx.
 */
const h = useHarness({ webhookAllowHosts: ['127.0.0.1'] });
let w: World;
let receiver: Server;
let url = '';
/** What the receiver got: headers and raw body of each request; it fails while `failures` lasts. */
const received: { key: string; signature: string; body: string }[] = [];
let failures = 2;
/** How long the receiver holds each request before it answers. */
let answerAfterMs = 0;

beforeAll(async () => {
  w = await buildWorld(h);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        key: String(request.headers['idempotency-key']),
        signature: String(request.headers['x-guardtour-signature']),
        body,
      });
      response.statusCode = failures-- > 0 ? 503 : 200;
      setTimeout(() => response.end('ok'), answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const save = (body: object, token = w.a.token) =>
  h.post<{ hook_id: number }>(
    '/Webhook/Save',
    { hook_id: 0, hold_id: w.a.holdId, name: '值班群', url, format: 'json', secret: 's3cret', kinds: [1, 2], ...body },
    token,
  );

describe('saving a hook', () => {
  it('refuses addresses it may not reach, with a Chinese message, and stores nothing', async () => {
    const cases: [string, string][] = [
      ['http://example.com/hook', '推送地址必须是 https:// 开头的公网地址'],
      ['file:///etc/passwd', '推送地址必须是 https:// 开头的公网地址'],
      ['https://10.0.0.5/hook', '推送地址不能指向内网或本机地址'],
      ['https://[::ffff:192.168.1.1]/hook', '推送地址不能指向内网或本机地址'],
      ['https://localhost/hook', '推送地址不能指向内网或本机地址'],
    ];
    for (const [bad, msg] of cases) expect(await save({ url: bad }), bad).toMatchObject({ code: 400, msg });
    expect(await save({ kinds: [] })).toMatchObject({ code: 400, msg: '请至少选择一种告警类型' });
    expect(await save({ secret: '' })).toMatchObject({ code: 400, msg: '通用 JSON 推送需要设置签名密钥' });
    expect(await save({ hold_id: w.b.holdId })).toMatchObject({ code: 403 });
    expect(await save({}, w.a1.token)).toMatchObject({ code: 403, msg: '只有企业管理员可以设置告警推送' });
    const list = await h.post<WebhookRow[]>('/Webhook/List', { PageIndex: 1, PageSize: 10 }, w.a.token);
    expect(list.total).toBe(0);
  });

  it('lists a saved hook without its secret; an edit with an empty secret keeps it', async () => {
    const saved = await save({});
    expect(saved.code).toBe(200);
    const edited = await save({ hook_id: saved.data.hook_id, secret: '', name: '值班群（夜）' });
    expect(edited).toMatchObject({ code: 200, data: { hook_id: saved.data.hook_id } });
    const list = await h.post<WebhookRow[]>('/Webhook/List', { PageIndex: 1, PageSize: 10 }, w.a.token);
    expect(list.data).toEqual([
      expect.objectContaining({ name: '值班群（夜）', format: 'json', kinds: [1, 2], enabled: true, has_secret: true }),
    ]);
    expect(JSON.stringify(list)).not.toContain('s3cret');
    expect((await h.post('/Webhook/List', { PageIndex: 1, PageSize: 10 }, w.b.token)).total).toBe(0);
    expect(await h.post('/Webhook/Test', { hook_id: saved.data.hook_id }, w.b.token)).toMatchObject({ code: 404 });
  });
});

describe('delivering', () => {
  it('retries with back-off until a 2xx, one idempotency key, signed, and nothing after', async () => {
    const [alertId] = await h.ctx.db.transaction((tx) =>
      raiseAlerts(
        tx,
        [{ kind: AlertKind.missed, subject: 'hook:1', hold_id: w.a1.holdId, detail: '东线 漏检 1 个巡检点' }],
        h.clock.now(),
      ),
    );
    // A kind the hook does not want, and an alert of another enterprise: no delivery.
    await h.ctx.db.transaction((tx) =>
      raiseAlerts(
        tx,
        [
          { kind: AlertKind.proxy, subject: 'hook:2', hold_id: w.a.holdId, detail: '疑似代打' },
          { kind: AlertKind.missed, subject: 'hook:3', hold_id: w.b.holdId, detail: '乙 漏检' },
        ],
        h.clock.now(),
      ),
    );
    expect(await deliverDue(h.ctx)).toBe(1);
    expect(await deliverDue(h.ctx)).toBe(0); // the next try waits its back-off
    h.clock.advance(5 * SECOND);
    expect(await deliverDue(h.ctx)).toBe(1);
    h.clock.advance(15 * SECOND);
    expect(await deliverDue(h.ctx)).toBe(1);
    h.clock.advance(60 * MINUTE);
    expect(await deliverDue(h.ctx)).toBe(0);
    expect(received.map((r) => r.key)).toEqual([String(alertId), String(alertId), String(alertId)]);
    for (const { body, signature } of received) {
      expect(deliveryIsGenuine(signature, body, 's3cret', Math.floor(Date.now() / 1000))).toBe(true);
      expect(JSON.parse(body)).toMatchObject({ alert_id: alertId, kind: 1, detail: '东线 漏检 1 个巡检点' });
    }
    const [hook] = (await h.post<WebhookRow[]>('/Webhook/List', { PageIndex: 1, PageSize: 10 }, w.a.token)).data;
    const tries = await h.post<WebhookTry[]>(
      '/Webhook/Deliveries',
      { hook_id: hook!.hook_id, PageIndex: 1, PageSize: 10 },
      w.a.token,
    );
    expect(tries.data.map((t) => [t.alert_id, t.try_no, t.status])).toEqual([
      [alertId, 3, 200],
      [alertId, 2, 503],
      [alertId, 1, 503],
    ]);
    expect(hook).toMatchObject({ last_status: '200' });
  });

  it('test: sends one message now and says how it went', async () => {
    const [hook] = (await h.post<WebhookRow[]>('/Webhook/List', { PageIndex: 1, PageSize: 10 }, w.a.token)).data;
    const reply = await h.post<{ status: number; ms: number; error: string }>(
      '/Webhook/Test',
      { hook_id: hook!.hook_id },
      w.a.token,
    );
    expect(reply.data).toMatchObject({ status: 200, error: '' });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ alert_id: 0, kind_name: '测试' });
  });

  it('gives up 24 hours after the alert', () => {
    const created = new Date('2026-11-20T00:00:00Z');
    expect(nextTryAfterFailure(1, created, new Date('2026-11-20T00:00:00Z'))).toEqual(new Date('2026-11-20T00:00:05Z'));
    expect(nextTryAfterFailure(9, created, new Date('2026-11-20T22:00:00Z'))).toEqual(new Date('2026-11-20T23:00:00Z'));
    expect(nextTryAfterFailure(9, created, new Date('2026-11-20T23:30:00Z'))).toBeNull();
  });

  it('logs a try under way before its stop resolves, and claims nothing after (the database closes next)', async () => {
    answerAfterMs = 300;
    try {
      const sent = received.length;
      const errors: unknown[] = [];
      const stop = await startWebhookDeliveries(h.ctx, (error) => errors.push(error), ALERT_CHANNEL);
      const [alertId] = await h.ctx.db.transaction((tx) =>
        raiseAlerts(
          tx,
          [{ kind: AlertKind.missed, subject: 'hook:5', hold_id: w.a1.holdId, detail: '停机时的推送' }],
          h.clock.now(),
        ),
      );
      // The alert's announcement (or the 2 s poll) starts a turn; the receiver holds the try for 300 ms.
      for (let waited = 0; received.length === sent && waited < 5_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(received.length, 'the try reached the receiver').toBe(sent + 1);
      await stop();
      const [hook] = (await h.post<WebhookRow[]>('/Webhook/List', { PageIndex: 1, PageSize: 10 }, w.a.token)).data;
      const tries = await h.post<WebhookTry[]>(
        '/Webhook/Deliveries',
        { hook_id: hook!.hook_id, PageIndex: 1, PageSize: 10 },
        w.a.token,
      );
      expect(tries.data.filter((t) => t.alert_id === alertId).map((t) => [t.try_no, t.status])).toEqual([[1, 200]]);
      expect(errors).toEqual([]);
    } finally {
      answerAfterMs = 0;
    }
  });

  it('a removed hook stops, and keeps its history', async () => {
    const [hook] = (await h.post<WebhookRow[]>('/Webhook/List', { PageIndex: 1, PageSize: 10 }, w.a.token)).data;
    expect(await h.post('/Webhook/Remove', { hook_ids: [hook!.hook_id] }, w.b.token)).toMatchObject({ code: 404 });
    expect(await h.post('/Webhook/Remove', { hook_ids: [hook!.hook_id] }, w.a.token)).toMatchObject({ code: 200 });
    await h.ctx.db.transaction((tx) =>
      raiseAlerts(tx, [{ kind: AlertKind.missed, subject: 'hook:4', hold_id: w.a.holdId, detail: 'x' }], h.clock.now()),
    );
    const before = received.length;
    expect(await deliverDue(h.ctx)).toBe(0);
    expect(received).toHaveLength(before);
  });
});
