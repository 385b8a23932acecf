import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LogType, uploadMessages } from '@guard-tour/contract';
import { ConfigError, readConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { device, photo as photoTable, punch, sysLog } from '../db/schema.js';
import { insertDevice } from '../test/fixtures.js';
import { ADMIN, DEVICE_KEY, useHarness } from '../test/harness.js';
import { multipartBody, tempDataDir, uploadFiles } from '../test/uploads.js';
import { TINY_PNG } from '../test/victims.js';
import { PASSWORD } from '../test/world.js';
import {
  TOO_MANY_IMPORT_UPLOADS,
  TOO_MANY_PHOTOS,
  TOO_MANY_REGISTRATIONS,
  TOO_MANY_REQUESTS,
  registerRateLimits,
} from './rate-limits.js';

/**
 * OPERATIONS.md, On the wire: rates counted per server, refused with code 429 before any database work; ROLES.md:
 * per account, photos, phone registrations and import uploads (the real defaults: 60, 10 and 20 a minute).
 */
const UPLOADS_PER_MINUTE = 3;
const { photoRateLimit, registerAppRateLimit, importUploadRateLimit } = readConfig({});
const h = useHarness({
  dataDir: tempDataDir(),
  loginRateLimit: 30,
  uploadRateLimit: UPLOADS_PER_MINUTE,
  photoRateLimit,
  registerAppRateLimit,
  importUploadRateLimit,
});

/** Counts the calls that reach the database driver (PGlite or the node-postgres pool) while `work` runs. */
async function databaseCallsDuring(db: Db, work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const spies = ['query', 'exec', 'transaction', 'connect']
    .filter((name) => typeof client[name] === 'function')
    .map((name) => vi.spyOn(client as Record<string, () => unknown>, name));
  try {
    await work();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const loginFailuresFrom = async (ip: string) =>
  (
    await h.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysLog)
      .where(and(eq(sysLog.log_type, LogType.login), eq(sysLog.ip, ip)))
  )[0]!.n;

describe('login attempts per address', () => {
  it('refuses the 31st attempt in a minute from one address across all accounts, without the database', async () => {
    const sprayer = '10.77.0.1';
    for (let i = 1; i <= 30; i++) {
      const reply = await h.post(
        '/UserInfo/Login_Web',
        { user_name: `guess${i}`, user_password: 'Spring2026' },
        '',
        sprayer,
      );
      expect(reply.code, `attempt ${i}`).toBe(401);
    }
    expect(await loginFailuresFrom(sprayer)).toBe(30);
    let refused: unknown;
    const used = await databaseCallsDuring(h.ctx.db, async () => {
      refused = await h.post('/UserInfo/Login_Web', ADMIN, '', sprayer);
    });
    expect(refused).toEqual({ code: 429, msg: TOO_MANY_REQUESTS, data: null });
    expect(used).toBe(0);
    expect(await loginFailuresFrom(sprayer)).toBe(30);
    // Another address logs in as usual (and the count above would have seen its database work).
    const passed = await databaseCallsDuring(h.ctx.db, async () => {
      expect((await h.post('/UserInfo/Login_Web', ADMIN, '', '10.77.0.2')).code).toBe(200);
    });
    expect(passed).toBeGreaterThan(0);
  });
});

describe('terminal uploads per terminal', () => {
  beforeAll(async () => {
    await insertDevice(h.ctx.db, { holdId: 1, deviceNo: 'RATE-1', name: '限流终端一' });
    await insertDevice(h.ctx.db, { holdId: 1, deviceNo: 'RATE-2', name: '限流终端二' });
  });

  const upload = (deviceNo: string, minute: number) =>
    h.app.inject({
      method: 'POST',
      url: '/proxyserver/api/Terminal/UploadPunches',
      headers: { authorization: `Device ${DEVICE_KEY}` },
      payload: {
        device_no: deviceNo,
        records: [{ patrol_sn: 'RATE-CARD', punch_time: `2026-11-20 08:${String(minute).padStart(2, '0')}:00` }],
      },
    });
  const storedOf = async (deviceNo: string) =>
    (await h.ctx.db.select().from(punch).where(eq(punch.device_no, deviceNo))).length;

  it('refuses a terminal past its calls a minute, however it spells its number, storing nothing', async () => {
    // One terminal to the server, so one to the limit (R19): case and edge spaces make no second terminal.
    const spellings = ['RATE-1', 'rate-1 ', ' Rate-1'];
    for (let minute = 0; minute < UPLOADS_PER_MINUTE; minute++) {
      const response = await upload(spellings[minute % spellings.length]!, minute);
      expect(response.json(), `call ${minute + 1}`).toMatchObject({ code: 200 });
    }
    let refused: Record<string, unknown> = {};
    const used = await databaseCallsDuring(h.ctx.db, async () => {
      const response = await upload('rate-1', 30);
      expect(response.statusCode).toBe(200);
      refused = response.json();
    });
    expect(refused).toEqual({ code: 429, msg: TOO_MANY_REQUESTS, data: null });
    expect(used).toBe(0);
    expect(await storedOf('RATE-1')).toBe(UPLOADS_PER_MINUTE);
    const stored = await databaseCallsDuring(h.ctx.db, async () => {
      expect((await upload('RATE-2', 0)).json()).toMatchObject({ code: 200, data: { accepted: 1 } });
    });
    expect(stored).toBeGreaterThan(0);
  });

  it('checks the key first: calls with a wrong key are 401 and spend none of the terminal’s calls', async () => {
    for (let i = 0; i <= UPLOADS_PER_MINUTE; i++) {
      const wrong = await h.app.inject({
        method: 'POST',
        url: '/proxyserver/api/Terminal/UploadPunches',
        headers: { authorization: 'Device wrong-key' },
        payload: { device_no: 'RATE-2', records: [] },
      });
      expect(wrong.json()).toMatchObject({ code: 401 });
    }
    // RATE-2 used one call above: two are left this minute.
    for (let minute = 1; minute < UPLOADS_PER_MINUTE; minute++) {
      expect((await upload('RATE-2', minute)).json()).toMatchObject({ code: 200 });
    }
    expect((await upload('RATE-2', 59)).json()).toMatchObject({ code: 429 });
  });
});

describe('per account: photos, phone registrations and import uploads', () => {
  const defaults = readConfig({});
  let first = '';
  let second = '';
  beforeAll(async () => {
    first = await h.login();
    const saved = await h.post(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: 1, user_name: 'rate_second', user_password: PASSWORD, true_name: '限流二' },
      first,
    );
    expect(saved.code, saved.msg).toBe(200);
    second = await h.login({ user_name: 'rate_second', user_password: PASSWORD });
  });

  const photo = (token: string) => {
    const { payload, contentType } = multipartBody([{ name: 'shot.png', content: TINY_PNG }]);
    return h.app.inject({
      method: 'POST',
      url: '/proxyserver/api/Terminal/UploadPhoto',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
  };
  const photoCount = async () => (await h.ctx.db.select({ n: sql<number>`count(*)::int` }).from(photoTable))[0]!.n;

  it('uses the documented defaults', () => {
    expect(defaults).toMatchObject({ photoRateLimit: 60, registerAppRateLimit: 10, importUploadRateLimit: 20 });
    expect(
      readConfig({ PHOTO_RATE_LIMIT: '0', REGISTER_APP_RATE_LIMIT: '5', IMPORT_UPLOAD_RATE_LIMIT: '0' }),
    ).toMatchObject({ photoRateLimit: 0, registerAppRateLimit: 5, importUploadRateLimit: 0 });
    expect(() => readConfig({ PHOTO_RATE_LIMIT: '-1' })).toThrow(ConfigError);
  });

  it('refuses the 11th phone registration of an account in a minute, on any of its sessions', async () => {
    for (let i = 1; i <= 10; i++) {
      const reply = await h.post('/Terminal/RegisterApp', { app_id: 'rate-phone-000000001' }, first);
      expect(reply.code, `registration ${i}: ${reply.msg}`).toBe(200);
    }
    expect(await h.post('/Terminal/RegisterApp', { app_id: 'rate-phone-000000001' }, first)).toEqual({
      code: 429,
      msg: TOO_MANY_REGISTRATIONS,
      data: null,
    });
    const sameAccount = await h.login();
    expect(await h.post('/Terminal/RegisterApp', { app_id: 'rate-phone-000000002' }, sameAccount)).toMatchObject({
      code: 429,
    });
    const devices = await h.ctx.db.select().from(device).where(eq(device.device_no, 'APP-RATE-PHONE-000000002'));
    expect(devices, 'the refused registration created nothing').toEqual([]);
    // Another account registers as usual; a call without a live session is 401 and counts for no one.
    expect((await h.post('/Terminal/RegisterApp', { app_id: 'rate-phone-000000003' }, second)).code).toBe(200);
    expect((await h.post('/Terminal/RegisterApp', { app_id: 'rate-phone-000000003' })).code).toBe(401);
  });

  it('refuses the 61st photo of an account in a minute, storing nothing', async () => {
    for (let i = 1; i <= 60; i++) {
      expect((await photo(first)).json(), `photo ${i}`).toMatchObject({ code: 200 });
    }
    const before = await photoCount();
    expect((await photo(first)).json()).toEqual({ code: 429, msg: TOO_MANY_PHOTOS, data: null });
    expect(await photoCount()).toBe(before);
    expect((await photo(second)).json()).toMatchObject({ code: 200 });
  });

  it('refuses the 21st import upload of an account in a minute, in the upload’s own shape', async () => {
    const junk = [{ name: 'notes.txt', content: Buffer.from('not a spreadsheet') }];
    for (let i = 1; i <= 20; i++) {
      expect(await uploadFiles(h, first, junk), `upload ${i}`).toEqual({
        errCode: 1,
        errMsg: uploadMessages.wrongType,
      });
    }
    expect(await uploadFiles(h, first, junk)).toEqual({ errCode: 429, errMsg: TOO_MANY_IMPORT_UPLOADS });
    expect(await uploadFiles(h, second, junk)).toEqual({ errCode: 1, errMsg: uploadMessages.wrongType });
  });
});

describe('a per-account limit of 0', () => {
  it('is no limit', async () => {
    const app = Fastify();
    app.decorateRequest('caller', null);
    await registerRateLimits(app, {
      loginPerMinute: 0,
      uploadPerMinute: 0,
      photoPerMinute: 0,
      registerAppPerMinute: 0,
      importUploadPerMinute: 0,
    });
    app.post('/proxyserver/api/Terminal/UploadPhoto', () => ({ code: 200 }));
    for (let i = 0; i < 100; i++) {
      expect((await app.inject({ method: 'POST', url: '/proxyserver/api/Terminal/UploadPhoto' })).statusCode).toBe(200);
    }
    await app.close();
  });
});
