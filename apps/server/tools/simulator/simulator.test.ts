import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { ADMIN, DEVICE_KEY, useHarness } from '../../src/test/harness.js';
import { insertCard, insertDevice } from '../../src/test/fixtures.js';
import { PASSWORD, buildWorld } from '../../src/test/world.js';
import { simulate, type SimulatorOptions } from './simulator.js';

const h = useHarness();
let url = '';

beforeAll(async () => {
  h.clock.set('2026-11-20T06:00:00Z'); // 14:00 in Shanghai
  const w = await buildWorld(h);
  const cards = [
    await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'SIM-1', name: '一号点' }),
    await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'SIM-2', name: '二号点' }),
  ];
  await insertDevice(h.ctx.db, { holdId: w.a1.holdId, deviceNo: 'SIM-DEV', name: '模拟机' });
  await h.post(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'sim_guard', user_password: PASSWORD },
    w.a.token,
  );
  const accounts = await h.get<{ user_id: number; user_name: string }[]>(
    '/StaffInfo/GetAccountOptions',
    { hold_id: w.a.holdId },
    w.a.token,
  );
  await h.post(
    '/PatrolRoad/SaveRoadInfo',
    {
      road_id: 0,
      road_name: '模拟线路',
      hold_id: w.a.holdId,
      cycle_repeat_type: 1,
      start_time: '08:00',
      end_time: '12:00',
      user_id_list: accounts.data.filter((a) => a.user_name === 'sim_guard').map((a) => a.user_id),
      card_id_list: cards,
    },
    w.a.token,
  );
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});

const punches = async () => (await queryRows<{ n: number }>(h.ctx.db, sql`select count(*)::int as n from punch`))[0]!.n;

describe('the device simulator', () => {
  it('walks the roads over HTTP and resends a batch whose answer was lost, storing nothing twice', async () => {
    let lost = 0;
    const losingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).includes('UploadPunches') && lost === 0) {
        lost += 1;
        throw new TypeError('answer lost on the way back');
      }
      return response;
    };
    const options: SimulatorOptions = {
      url,
      key: DEVICE_KEY,
      user: ADMIN.user_name,
      password: ADMIN.user_password,
      devices: 5,
      days: 3,
      tz: 'Asia/Shanghai',
      seed: 7,
      batch: 4,
      now: h.clock.now(),
      fetch: losingFetch,
    };
    const first = await simulate(options);
    expect(lost).toBe(1);
    expect(first.resent).toBe(1);
    // The lost batch was stored before its answer vanished: its resend comes back as duplicates.
    const walked = first.accepted + first.duplicates;
    expect(first.accepted).toBeGreaterThan(0);
    expect(first.duplicates).toBeGreaterThan(0);
    expect(await punches()).toBe(walked);

    const again = await simulate({ ...options, fetch });
    expect(again).toMatchObject({ accepted: 0, duplicates: walked, resent: 0 });
    expect(await punches()).toBe(walked);
  });
});
