import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walk } from '../../src/demo/punch-walk.js';
import { queryRows } from '../../src/db/sql.js';
import { clockAhead, clockDetail, clockDrift, proxySuspects } from '../../src/domain/punch-flags.js';
import { frozenAt, qualifies } from '../../src/domain/point-result.js';
import { parsePunchTime } from '../../src/domain/punch-time.js';
import { roundOn, type Schedule } from '../../src/domain/schedule.js';
import { ADMIN, DEVICE_KEY, useHarness } from '../../src/test/harness.js';
import { insertCard, insertDevice } from '../../src/test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../src/test/world.js';
import { bunchedBatch, latePlan, silence, skewedBatches, type Batch, type SimRoute } from './scenarios.js';
import { simulate, type Scenario, type SimulatorOptions } from './simulator.js';

const h = useHarness();
let url = '';
let w: World;

beforeAll(async () => {
  h.clock.set('2026-11-20T06:00:00Z'); // 14:00 in Shanghai
  w = await buildWorld(h);
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

const TZ = 'Asia/Shanghai';
const MINUTE = 60_000;
/** Wall-clock time in Shanghai as an instant. */
const sh = (text: string) => new Date(`${text}+08:00`);
const daily = (start: number, end: number): Schedule => ({
  cycle: { mode: 'daily' },
  start,
  end,
  createdAt: new Date(0),
});
/** A road walked 08:00–12:00 with 10 minutes' grace by any terminal of its organisation, and a task's own terminal. */
const road: SimRoute = {
  kind: '线路',
  name: '东门线路',
  schedule: { ...daily(8 * 60, 12 * 60), grace: 10 },
  cards: ['A001', 'A002', 'A003', 'A004'],
  walkers: ['guard'],
  devices: ['DEV-1'],
  grace: 10,
};
const task: SimRoute = {
  kind: '任务',
  name: '夜巡任务',
  schedule: daily(18 * 60, 20 * 60),
  cards: ['B001', 'B002'],
  walkers: [],
  devices: ['DEV-T'],
  grace: 0,
};
const routes = [road, task];
const times = (batch: Batch) => batch.records.map((r) => parsePunchTime(r.punch_time, TZ)!.getTime());

describe('the simulator’s alert scenarios', () => {
  it('late: walks a frozen round after its window plus grace, so none of its points counts (漏检)', () => {
    const now = sh('2026-11-20T14:00:00');
    const plan = latePlan(routes, now, TZ, 0)!;
    expect(plan).toMatchObject({ route: { name: '东门线路' }, round: { date: '2026-11-20' } });
    expect(plan.batch.device).toBe('DEV-1');
    expect(plan.frozen).toEqual(sh('2026-11-20T12:11:00'));
    const round = roundOn(road.schedule, '2026-11-20', TZ)!;
    expect(plan.batch.records.map((r) => r.patrol_sn)).toEqual(road.cards);
    for (const at of times(plan.batch)) {
      expect(at).toBeGreaterThan(frozenAt(round, road.grace).getTime());
      expect(qualifies(round, road.grace, new Date(at))).toBe(false);
      expect(at).toBeLessThanOrEqual(now.getTime());
    }
    // Walked at a person's pace: the late punches are not 疑似代打 as well.
    const punches = plan.batch.records.map((r, i) => ({
      key: `${i}`,
      patrol_sn: r.patrol_sn,
      at: times(plan.batch)[i]!,
    }));
    expect(proxySuspects(punches)).toEqual([]);
  });

  it('late: with --wait it waits for a round still open to freeze, so its alert arrives while watched', () => {
    const now = sh('2026-11-20T11:30:00');
    const waited = latePlan(routes, now, TZ, 60 * MINUTE)!;
    expect(waited.round.date).toBe('2026-11-20');
    expect(waited.readyAt).toBeGreaterThan(now.getTime());
    expect(waited.readyAt).toBeLessThanOrEqual(now.getTime() + 60 * MINUTE);
    // Without waiting: the round frozen last (yesterday evening's task).
    const past = latePlan(routes, now, TZ, 0)!;
    expect(past).toMatchObject({ route: { name: '夜巡任务' }, round: { date: '2026-11-19' } });
    expect(past.readyAt).toBeLessThanOrEqual(now.getTime());
  });

  it('silent: keeps a task’s own terminal from uploading anything while the others walk', () => {
    const quiet = silence(routes)!;
    expect(quiet.device).toBe('DEV-T');
    const from = sh('2026-11-13T00:00:00');
    const to = sh('2026-11-20T23:00:00');
    expect([...walk(routes, from, to, { tz: TZ, seed: 1 }).keys()].sort()).toEqual(['DEV-1', 'DEV-T']);
    expect([...walk(quiet.rest, from, to, { tz: TZ, seed: 1 }).keys()]).toEqual(['DEV-1']);
    expect(silence([road])?.device).toBe('DEV-1');
    expect(silence([{ ...road, devices: [] }])).toBeNull();
  });

  it('skewed: a terminal whose clock jumps 45 minutes between uploads and stamps a punch 20 minutes ahead (时钟异常)', () => {
    const now = sh('2026-11-20T14:00:00');
    const [right, wrong] = skewedBatches(road, now, TZ);
    expect(right!.device).toBe('DEV-1');
    expect(wrong!.device).toBe('DEV-1');
    const offset = (batch: Batch) => parsePunchTime(batch.device_time!, TZ)!.getTime() - now.getTime();
    expect(clockAhead(times(right!), now.getTime())).toBeNull();
    const ahead = clockAhead(times(wrong!), now.getTime());
    const drift = clockDrift(offset(wrong!), offset(right!));
    expect([ahead, drift]).toEqual([20 * MINUTE, 45 * MINUTE]);
    expect(clockDetail({ aheadMs: ahead, driftMs: drift })).toBe(
      '终端时钟比服务器快 20 分钟；终端时钟较上次上传偏移 45 分钟',
    );
  });

  it('bunched: one terminal punches three different points of an open round within 20 seconds (疑似代打)', () => {
    const now = sh('2026-11-20T10:00:00');
    const { route, batch } = bunchedBatch(routes, now, TZ)!;
    expect(route.name).toBe('东门线路');
    const round = roundOn(road.schedule, '2026-11-20', TZ)!;
    expect(times(batch).every((at) => qualifies(round, road.grace, new Date(at)))).toBe(true);
    const punches = batch.records.map((r, i) => ({ key: `${i}`, patrol_sn: r.patrol_sn, at: times(batch)[i]! }));
    expect(proxySuspects(punches)).toMatchObject([{ rule: 'bunched', cards: ['A001', 'A002', 'A003'] }]);
    expect(Math.max(...times(batch)) - Math.min(...times(batch))).toBe(20_000);
    expect(bunchedBatch([task], now, TZ)).toBeNull();
  });
});

describe('the alert scenarios against a running server', () => {
  beforeAll(async () => {
    const cards = [];
    for (const n of [3, 4, 5])
      cards.push(await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: `SIM-${n}`, name: `${n}号点` }));
    await insertDevice(h.ctx.db, { holdId: w.a1.holdId, deviceNo: 'SIM-DEV-2', name: '模拟机二' });
    const accounts = await h.get<{ user_id: number; user_name: string }[]>(
      '/StaffInfo/GetAccountOptions',
      { hold_id: w.a.holdId },
      w.a.token,
    );
    // Open at 14:00, the harness's now: the bunched punches check points of a round.
    const saved = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      {
        road_id: 0,
        road_name: '午后线路',
        hold_id: w.a.holdId,
        cycle_repeat_type: 1,
        start_time: '13:00',
        end_time: '15:00',
        user_id_list: accounts.data.filter((a) => a.user_name === 'sim_guard').map((a) => a.user_id),
        card_id_list: cards,
      },
      w.a.token,
    );
    expect(saved).toMatchObject({ code: 200 });
  });

  const run = async (scenario: Scenario) => {
    const lines: string[] = [];
    const report = await simulate({
      url,
      key: DEVICE_KEY,
      user: ADMIN.user_name,
      password: ADMIN.user_password,
      devices: 5,
      days: 1,
      tz: TZ,
      seed: 11,
      now: h.clock.now(),
      scenario,
      log: (line) => lines.push(line),
    });
    return { report, lines };
  };
  const stored = async (device: string) =>
    (
      await queryRows<{ n: number }>(h.ctx.db, sql`select count(*)::int as n from punch where device_no = ${device}`)
    )[0]!.n;

  it('uploads each scenario’s punches without a refusal, and the silent terminal uploads nothing', async () => {
    for (const scenario of ['late', 'skewed', 'bunched'] as const) {
      const { report } = await run(scenario);
      expect(report, scenario).toMatchObject({ rejected: 0 });
      expect(report.accepted, scenario).toBeGreaterThan(0);
    }
    const before = { 'SIM-DEV': await stored('SIM-DEV'), 'SIM-DEV-2': await stored('SIM-DEV-2') };
    const { report, lines } = await run('silent');
    const quiet = lines.join('\n').match(/终端 (SIM-DEV(?:-2)?)（/)?.[1] as keyof typeof before;
    expect(quiet).toBeDefined();
    expect(await stored(quiet)).toBe(before[quiet]);
    expect(report).toMatchObject({ rejected: 0 });
    expect(report.batches).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('离线时长（默认 24 小时');
  });
});
