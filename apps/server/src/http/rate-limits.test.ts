import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LogType } from '@guard-tour/contract';
import type { Db } from '../db/client.js';
import { punch, sysLog } from '../db/schema.js';
import { insertDevice } from '../test/fixtures.js';
import { ADMIN, DEVICE_KEY, useHarness } from '../test/harness.js';
import { TOO_MANY_REQUESTS } from './rate-limits.js';

/** OPERATIONS.md, On the wire: rates counted per server, refused with code 429 before any database work. */
const UPLOADS_PER_MINUTE = 3;
const h = useHarness({ loginRateLimit: 30, uploadRateLimit: UPLOADS_PER_MINUTE });

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

  it('refuses a terminal past its calls a minute, storing nothing, while another terminal uploads', async () => {
    for (let minute = 0; minute < UPLOADS_PER_MINUTE; minute++) {
      expect((await upload('RATE-1', minute)).json(), `call ${minute + 1}`).toMatchObject({ code: 200 });
    }
    let refused: Record<string, unknown> = {};
    const used = await databaseCallsDuring(h.ctx.db, async () => {
      const response = await upload('RATE-1', 30);
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
