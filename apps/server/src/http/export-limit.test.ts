import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../db/schema.js';
import { insertAccount } from '../test/fixtures.js';
import { useHarness } from '../test/harness.js';
import type { Caller } from './caller.js';
import { registerErrorHandler } from './error-handler.js';
import { ExportSlots, TOO_MANY_EXPORTS, isExportRoute, registerExportLimit } from './export-limit.js';

/** OPERATIONS.md, On the wire: at most 2 exports running per account and 4 per server. */
describe('export slots', () => {
  it('give an account two at once and the server four, and take them back', () => {
    const slots = new ExportSlots(2, 4);
    expect([slots.take(1), slots.take(1), slots.take(1)]).toEqual([true, true, false]);
    expect([slots.take(2), slots.take(2), slots.take(3)]).toEqual([true, true, false]);
    expect(slots.count()).toBe(4);
    slots.release(1);
    expect(slots.take(3)).toBe(true);
    expect(slots.take(1)).toBe(false);
    slots.release(2);
    expect(slots.take(1)).toBe(true);
    expect(slots.count(1)).toBe(2);
    slots.release(9);
    expect(slots.count()).toBe(4);
  });

  it('know the export calls from the others', () => {
    for (const url of [
      '/proxyserver/api/PatrolLog/List_Export',
      '/proxyserver/api/PatrolClockIn/ExportPatrolClockInList',
      '/proxyserver/api/PatrolData/ExportRecords',
      '/proxyserver/api/PatrolData/ExportTotalByPatrolCard',
      '/proxyserver/api/Report/ExportMissed',
    ])
      expect(isExportRoute(url), url).toBe(true);
    for (const url of ['/proxyserver/api/PatrolLog/List', '/proxyserver/api/file/download_excelfile', undefined])
      expect(isExportRoute(url), String(url)).toBe(false);
  });
});

describe('the export limit on a server whose exports can be held open', () => {
  let app: FastifyInstance;
  const gates: (() => void)[] = [];

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    app.decorateRequest('caller', null);
    // As the auth hook does: the account is known before any preHandler.
    app.addHook('onRequest', async (request) => {
      request.caller = { userId: Number(request.headers['x-account']) } as Caller;
    });
    registerExportLimit(app);
    app.post('/api/PatrolData/ExportRecords', async () => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return { code: 200, msg: '成功', data: 'file.xlsx' };
    });
    app.post('/api/PatrolData/Records', async () => ({ code: 200, msg: '成功', data: [] }));
    await app.ready();
  });
  afterAll(() => app.close());

  const exportAs = (accountId: number) =>
    app.inject({ method: 'POST', url: '/api/PatrolData/ExportRecords', headers: { 'x-account': String(accountId) } });
  const running = async (count: number) => {
    while (gates.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('refuses an account’s third export while two run, and the server’s fifth, until one ends', async () => {
    const first = [exportAs(1), exportAs(1)];
    await running(2);
    expect((await exportAs(1)).json()).toEqual({ code: 429, msg: TOO_MANY_EXPORTS, data: null });
    const others = [exportAs(2), exportAs(3)];
    await running(4);
    const fifth = await exportAs(4);
    expect(fifth.statusCode).toBe(200);
    expect(fifth.json()).toMatchObject({ code: 429, msg: TOO_MANY_EXPORTS });
    // Other calls are not limited.
    const list = await app.inject({ method: 'POST', url: '/api/PatrolData/Records', headers: { 'x-account': '1' } });
    expect(list.json()).toMatchObject({ code: 200 });

    gates.splice(0).forEach((open) => open());
    for (const answer of await Promise.all([...first, ...others])) expect(answer.json().code).toBe(200);
    expect((app.exportSlots as ExportSlots).count()).toBe(0);
    const again = exportAs(1);
    await running(1);
    gates.splice(0).forEach((open) => open());
    expect((await again).json().code).toBe(200);
  });
});

describe('the export limit in the real server', () => {
  const h = useHarness();
  let adminId: number;
  let adminToken: string;
  let otherToken: string;
  const EXPORT = '/PatrolClockIn/ExportPatrolClockInList';
  const body = { time_range: 3, search_type: 'card_no', key: '不存在的点' };

  beforeAll(async () => {
    const [admin] = await h.ctx.db.select().from(account).where(eq(account.user_name, 'admin'));
    adminId = admin!.user_id;
    adminToken = await h.login();
    await insertAccount(h.ctx.db, { userName: 'exporter', password: 'export-pass-1', holdId: 1 });
    otherToken = await h.login({ user_name: 'exporter', user_password: 'export-pass-1' });
  });

  it('refuses an account’s third export while two run, after the token is checked, and lets others export', async () => {
    expect(h.app.exportSlots.take(adminId) && h.app.exportSlots.take(adminId)).toBe(true);
    try {
      expect(await h.post(EXPORT, body, adminToken)).toEqual({ code: 429, msg: TOO_MANY_EXPORTS, data: null });
      expect(await h.post(EXPORT, body, otherToken)).toMatchObject({ code: 200, data: '' });
      expect((await h.post(EXPORT, body, 'not-a-token')).code).toBe(401);
    } finally {
      h.app.exportSlots.release(adminId);
      h.app.exportSlots.release(adminId);
    }
    expect(await h.post(EXPORT, body, adminToken)).toMatchObject({ code: 200, data: '' });
    expect((h.app.exportSlots as ExportSlots).count()).toBe(0);
  });
});
