import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PointResult, type Envelope, type RoadRow, type UploadPunchesResult } from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { pointResult } from '../../domain/point-result.js';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { freezeEndedRounds } from './round.service.js';

/**
 * The result of each point (ACCOUNTABILITY.md, Tolerance and Timing), through the terminals' upload: early, on time
 * and late within the round's grace, missed once frozen at the window's end plus grace, decided by `punch_time`
 * however late the punch arrives, and never by later edits of the road.
 */
const h = useHarness();
let w: World;
let a: number;
let b: number;
let c: number;
let d: number;
let guard: number;
let guard2: number;
let roadId: number;
const DEVICE_NO = 'RES-DEV';
const sh = (text: string) => `${text}+08:00`;

const account = async (name: string) =>
  (
    await h.post<{ user_id: number }>(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: w.a.holdId, user_name: name, user_password: PASSWORD },
      w.a.token,
    )
  ).data.user_id;
const roadBody = (overrides: object = {}) => ({
  road_id: 0,
  road_name: '结果线路',
  hold_id: w.a.holdId,
  cycle_repeat_type: 1,
  start_time: '08:00',
  end_time: '18:00',
  grace_minutes: 15,
  user_id_list: [guard, guard2],
  card_id_list: [a, b, c],
  ...overrides,
});

beforeAll(async () => {
  // Thursday 2026-11-19 07:00 in Shanghai: before the window opens.
  h.clock.set(sh('2026-11-19T07:00:00'));
  w = await buildWorld(h);
  a = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RES-A', name: '甲点' });
  b = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RES-B', name: '乙点' });
  c = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RES-C', name: '丙点' });
  d = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RES-D', name: '丁点' });
  await insertDevice(h.ctx.db, { holdId: w.a.holdId, deviceNo: DEVICE_NO, name: '结果机' });
  guard = await account('res_guard');
  guard2 = await account('res_guard2');
  const road = await h.post<{ road_id: number }>('/PatrolRoad/SaveRoadInfo', roadBody(), w.a.token);
  expect(road.code, road.msg).toBe(200);
  roadId = road.data.road_id;
});

/** Uploads punches as the terminal does: local times, the account's login name. */
async function upload(records: { sn: string; at: string; user?: string }[]): Promise<UploadPunchesResult> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: {
      device_no: DEVICE_NO,
      records: records.map((r) => ({ patrol_sn: r.sn, punch_time: r.at, user_name: r.user ?? 'res_guard' })),
    },
  });
  const reply = response.json() as Envelope<UploadPunchesResult>;
  expect(reply.code, reply.msg).toBe(200);
  expect(reply.data.rejected).toEqual([]);
  return reply.data;
}

interface StoredRound {
  round_id: number;
  grace_minutes: number;
  window_start: Date;
  window_end: Date;
  expected_cards: number[];
  checked_cards: number[];
  on_time: number;
  early: number;
  late: number;
  punched_users: number[];
  result: number | null;
}

/** A stored round of the road (or of a task), read straight from `patrol_round`. */
async function roundOf(date: string, taskId: number | null = null): Promise<StoredRound> {
  const rows = await queryRows<StoredRound & { round_id: string | number; window_start: Date | string }>(
    h.ctx.db,
    sql`select round_id, grace_minutes, window_start, window_end, expected_cards, checked_cards, on_time, early, late,
      punched_users, result
    from patrol_round
    where round_date = ${date}::date
      and ${taskId === null ? sql`road_id = ${roadId} and task_id is null` : sql`task_id = ${taskId}`}`,
  );
  expect(rows, `the round of ${date}`).toHaveLength(1);
  const row = rows[0]!;
  return {
    ...row,
    round_id: Number(row.round_id),
    window_start: new Date(row.window_start),
    window_end: new Date(row.window_end),
    punched_users: [...row.punched_users].sort((x, y) => x - y),
  };
}

/** The round's checked points from `round_point`: the first qualifying punch and its account. */
async function pointsOf(round: StoredRound) {
  const rows = await queryRows<{ patrol_id: number; punch_time: Date | string; user_id: number | null }>(
    h.ctx.db,
    sql`select patrol_id, punch_time, user_id from round_point where round_id = ${round.round_id} order by patrol_id`,
  );
  return new Map(rows.map((r) => [r.patrol_id, { punch_time: new Date(r.punch_time), user_id: r.user_id }]));
}

/** Each expected point's result, as domain/point-result.ts reads the stored rows. */
async function resultsOf(round: StoredRound): Promise<Record<number, PointResult>> {
  const points = await pointsOf(round);
  const window = { start: round.window_start, end: round.window_end };
  return Object.fromEntries(
    round.expected_cards.map((id) => [
      id,
      pointResult(window, round.grace_minutes, points.get(id)?.punch_time ?? null, round.result !== null),
    ]),
  );
}

/** The clock moves by days here: log in again so the token has not expired. */
const status = async () => {
  const token = await h.login({ user_name: w.a.admin, user_password: PASSWORD });
  const reply = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId }, token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.status;
};
const frozenNow = async () => (await freezeEndedRounds(h.ctx, h.ctx.db)).map((r) => r.round_id);
const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);

describe('the result of each point', () => {
  it('is early, on time or late within the round’s grace, with the accounts that punched', async () => {
    h.clock.set(sh('2026-11-19T18:10:00'));
    const reply = await upload([
      { sn: 'RES-A', at: '2026-11-19 07:50:00' },
      { sn: 'RES-B', at: '2026-11-19 12:00:00', user: 'res_guard2' },
      { sn: 'RES-C', at: '2026-11-19 18:10:00' },
    ]);
    expect(reply.accepted).toBe(3);
    const round = await roundOf('2026-11-19');
    expect(round).toMatchObject({
      grace_minutes: 15,
      checked_cards: sorted([a, b, c]),
      on_time: 1,
      early: 1,
      late: 1,
      punched_users: sorted([guard, guard2]),
      result: null,
    });
    expect(await resultsOf(round)).toEqual({
      [a]: PointResult.early,
      [b]: PointResult.onTime,
      [c]: PointResult.late,
    });
    const points = await pointsOf(round);
    expect(points.get(b)).toEqual({ punch_time: new Date(sh('2026-11-19T12:00:00')), user_id: guard2 });
    // The window has ended with every point checked: finished, though results are final only after the grace.
    expect(await status()).toBe(2);
  });

  it('is frozen at the window’s end plus grace, not at its end, and exactly once', async () => {
    h.clock.set(sh('2026-11-19T18:15:59'));
    const round = await roundOf('2026-11-19');
    expect(await frozenNow()).not.toContain(round.round_id);
    expect((await roundOf('2026-11-19')).result).toBeNull();
    h.clock.set(sh('2026-11-19T18:16:00'));
    expect(await frozenNow()).toContain(round.round_id);
    expect(await frozenNow()).not.toContain(round.round_id);
    expect((await roundOf('2026-11-19')).result).toBe(2);
  });

  it('leaves a round inside its grace running, then calls its unchecked points missed once frozen', async () => {
    h.clock.set(sh('2026-11-20T09:30:00'));
    await upload([{ sn: 'RES-A', at: '2026-11-20 09:00:00' }]);
    h.clock.set(sh('2026-11-20T18:05:00'));
    const open = await roundOf('2026-11-20');
    expect(await frozenNow()).not.toContain(open.round_id);
    expect(await resultsOf(await roundOf('2026-11-20'))).toEqual({
      [a]: PointResult.onTime,
      [b]: PointResult.pending,
      [c]: PointResult.pending,
    });
    expect(await status()).toBe(1);
    h.clock.set(sh('2026-11-20T18:16:00'));
    expect(await frozenNow()).toContain(open.round_id);
    const round = await roundOf('2026-11-20');
    expect(round).toMatchObject({ result: 3, checked_cards: [a], on_time: 1, early: 0, late: 0 });
    expect(await resultsOf(round)).toEqual({
      [a]: PointResult.onTime,
      [b]: PointResult.missed,
      [c]: PointResult.missed,
    });
    expect(await status()).toBe(3);
  });

  it('checks nothing with a punch just outside the grace', async () => {
    h.clock.set(sh('2026-11-20T18:30:00'));
    const reply = await upload([
      { sn: 'RES-B', at: '2026-11-20 18:16:00' },
      { sn: 'RES-C', at: '2026-11-20 07:44:59' },
    ]);
    expect(reply.accepted).toBe(2);
    const round = await roundOf('2026-11-20');
    expect(round).toMatchObject({ result: 3, checked_cards: [a], on_time: 1, early: 0, late: 0 });
    expect([...(await pointsOf(round)).keys()]).toEqual([a]);
    const roads = await queryRows<{ road_name: string }>(
      h.ctx.db,
      sql`select road_name from punch where device_no = ${DEVICE_NO}
        and punch_time in (${new Date(sh('2026-11-20T18:16:00'))}, ${new Date(sh('2026-11-20T07:44:59'))})`,
    );
    expect(roads.map((r) => r.road_name)).toEqual(['', '']);
  });

  it('follows punch_time, not arrival: a late upload after the freeze turns 异常 into 已结束', async () => {
    h.clock.set(sh('2026-11-21T09:00:00'));
    await upload([
      { sn: 'RES-B', at: '2026-11-20 18:15:59', user: 'res_guard2' },
      { sn: 'RES-C', at: '2026-11-20 07:45:00', user: 'res_guard2' },
    ]);
    const round = await roundOf('2026-11-20');
    expect(round).toMatchObject({
      result: 2,
      checked_cards: sorted([a, b, c]),
      on_time: 1,
      early: 1,
      late: 1,
      punched_users: sorted([guard, guard2]),
    });
    expect(await resultsOf(round)).toEqual({
      [a]: PointResult.onTime,
      [b]: PointResult.late,
      [c]: PointResult.early,
    });
  });

  it('takes the earliest punch: a later upload of an earlier punch replaces the time, account and result', async () => {
    h.clock.set(sh('2026-11-21T18:10:00'));
    await upload([{ sn: 'RES-A', at: '2026-11-21 18:05:00' }]);
    expect(await roundOf('2026-11-21')).toMatchObject({ on_time: 0, late: 1, punched_users: [guard] });
    await upload([{ sn: 'RES-A', at: '2026-11-21 17:00:00', user: 'res_guard2' }]);
    let round = await roundOf('2026-11-21');
    expect(round).toMatchObject({ checked_cards: [a], on_time: 1, late: 0, punched_users: [guard2] });
    expect((await pointsOf(round)).get(a)).toEqual({
      punch_time: new Date(sh('2026-11-21T17:00:00')),
      user_id: guard2,
    });
    // A later punch changes nothing; of two in one batch the earlier wins.
    await upload([
      { sn: 'RES-A', at: '2026-11-21 17:30:00' },
      { sn: 'RES-B', at: '2026-11-21 12:00:00', user: 'res_guard2' },
      { sn: 'RES-B', at: '2026-11-21 07:50:00' },
    ]);
    round = await roundOf('2026-11-21');
    expect(round).toMatchObject({
      checked_cards: sorted([a, b]),
      on_time: 1,
      early: 1,
      late: 0,
      punched_users: sorted([guard, guard2]),
    });
    expect((await pointsOf(round)).get(a)?.punch_time).toEqual(new Date(sh('2026-11-21T17:00:00')));
    expect((await pointsOf(round)).get(b)).toEqual({ punch_time: new Date(sh('2026-11-21T07:50:00')), user_id: guard });
  });

  it('is never changed by editing the road’s grace or points after the round was made', async () => {
    h.clock.set(sh('2026-11-22T07:55:00'));
    await upload([{ sn: 'RES-A', at: '2026-11-22 07:50:00' }]);
    const saved = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      roadBody({ road_id: roadId, grace_minutes: 0, card_id_list: [a, b, d] }),
      await h.login({ user_name: w.a.admin, user_password: PASSWORD }),
    );
    expect(saved.code, saved.msg).toBe(200);
    h.clock.set(sh('2026-11-22T18:12:00'));
    await upload([
      { sn: 'RES-B', at: '2026-11-22 18:10:00' },
      { sn: 'RES-D', at: '2026-11-22 12:00:00' },
    ]);
    h.clock.set(sh('2026-11-22T18:14:00'));
    const made = await roundOf('2026-11-22');
    expect(await frozenNow()).not.toContain(made.round_id);
    // Still inside the round's own grace (15 minutes), whatever the road says now.
    expect(await status()).toBe(1);
    h.clock.set(sh('2026-11-22T18:16:00'));
    expect(await frozenNow()).toContain(made.round_id);
    const round = await roundOf('2026-11-22');
    expect(round).toMatchObject({
      grace_minutes: 15,
      expected_cards: [a, b, c],
      checked_cards: sorted([a, b]),
      on_time: 0,
      early: 1,
      late: 1,
      result: 3,
    });
    expect(await resultsOf(round)).toEqual({
      [a]: PointResult.early,
      [b]: PointResult.late,
      [c]: PointResult.missed,
    });
    // The next day's round is made from the road as it is now.
    h.clock.set(sh('2026-11-23T09:00:00'));
    await upload([
      { sn: 'RES-D', at: '2026-11-23 08:30:00' },
      { sn: 'RES-A', at: '2026-11-23 07:59:00' },
    ]);
    expect(await roundOf('2026-11-23')).toMatchObject({
      grace_minutes: 0,
      expected_cards: [a, b, d],
      checked_cards: [d],
      on_time: 1,
      early: 0,
    });
  });
});

describe('a task’s grace across midnight', () => {
  const saveTask = async (name: string, start: string, end: string, grace: number) => {
    const objectId = (
      await queryRows<{ object_id: number }>(h.ctx.db, sql`select object_id from device where device_no = ${DEVICE_NO}`)
    )[0]!.object_id;
    const reply = await h.post<{ task_id: number }>(
      '/RoadTask/SaveRoadTask',
      {
        task_id: 0,
        hold_id: w.a.holdId,
        task_name: name,
        road_id: roadId,
        object_id: objectId,
        cycle_repeat_mode: 2,
        start_time: start,
        end_time: end,
        grace_minutes: grace,
      },
      await h.login({ user_name: w.a.admin, user_password: PASSWORD }),
    );
    expect(reply.code, reply.msg).toBe(200);
    return reply.data.task_id;
  };

  it('checks an overnight round early the evening before and late after it ends the next day', async () => {
    h.clock.set(sh('2026-11-23T12:00:00'));
    const night = await saveTask('夜班宽限', '22:00', '02:00', 30);
    h.clock.set(sh('2026-11-24T03:00:00'));
    await upload([
      { sn: 'RES-A', at: '2026-11-24 02:20:00' },
      { sn: 'RES-B', at: '2026-11-23 21:40:00' },
    ]);
    const round = await roundOf('2026-11-23', night);
    expect(round).toMatchObject({ grace_minutes: 30, checked_cards: sorted([a, b]), early: 1, late: 1, on_time: 0 });
    h.clock.set(sh('2026-11-24T02:30:59'));
    expect(await frozenNow()).not.toContain(round.round_id);
    h.clock.set(sh('2026-11-24T02:31:00'));
    expect(await frozenNow()).toContain(round.round_id);
    expect((await roundOf('2026-11-23', night)).result).toBe(3);
  });

  it('makes the next day’s round for a punch its early grace reaches before midnight, and only that one', async () => {
    h.clock.set(sh('2026-11-24T12:00:00'));
    const dawn = await saveTask('凌晨宽限', '00:30', '06:00', 60);
    h.clock.set(sh('2026-11-24T23:50:00'));
    await upload([{ sn: 'RES-D', at: '2026-11-24 23:45:00' }]);
    expect(await roundOf('2026-11-25', dawn)).toMatchObject({
      grace_minutes: 60,
      checked_cards: [d],
      early: 1,
      punched_users: [guard],
      result: null,
    });
    // The road (no grace now) and the night task (its grace does not reach back over midnight) wait for their day.
    const others = await queryRows<{ n: number }>(
      h.ctx.db,
      sql`select count(*)::int as n from patrol_round where round_date = '2026-11-25'::date
        and (task_id is null or task_id <> ${dawn})`,
    );
    expect(others[0]?.n).toBe(0);
  });

  it('makes a task’s round on a day its road already has one (the task saved after the road’s round was made)', async () => {
    h.clock.set(sh('2026-11-25T09:00:00'));
    await upload([{ sn: 'RES-A', at: '2026-11-25 08:30:00' }]);
    expect((await roundOf('2026-11-25')).checked_cards).toEqual([a]);
    h.clock.set(sh('2026-11-25T10:00:00'));
    const noon = await saveTask('午班', '12:00', '13:00', 0);
    h.clock.set(sh('2026-11-25T12:30:00'));
    await upload([{ sn: 'RES-B', at: '2026-11-25 12:10:00' }]);
    expect(await roundOf('2026-11-25', noon)).toMatchObject({ expected_cards: [a, b, d], checked_cards: [b] });
  });
});
