import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary, MissedPoint, MissedReportRow, RoundPoints, TrendPoint } from '@guard-tour/contract';
import { patrolRound, road, roundPoint } from '../../db/schema.js';
import { insertCard } from '../../test/fixtures.js';
import { useHarness } from '../../test/harness.js';
import { buildWorld, type World } from '../../test/world.js';

/**
 * The dashboard reads the same stored results as 漏检报表 (ACCOUNTABILITY.md, Dashboard): 漏检数 counts the unchecked
 * points of today's frozen rounds, 完成率 is — (null) when nothing was expected yet, and the trend leaves a day
 * without rounds empty. Rounds are written straight into the database as the upload and the freeze leave them.
 */
const h = useHarness();
let w: World;
const sh = (text: string) => new Date(`${text}+08:00`);
const ids = { c1: 0, c2: 0, morning: 0, late: 0 };

async function newRoad(holdId: number, name: string): Promise<number> {
  const [row] = await h.ctx.db
    .insert(road)
    .values({ hold_id: holdId, road_name: name })
    .returning({ id: road.road_id });
  return row!.id;
}

async function newRound(values: {
  road: number;
  hold: number;
  date: string;
  window: [string, string];
  expected: number[];
  checked?: number[];
  result: number | null;
}): Promise<number> {
  const [row] = await h.ctx.db
    .insert(patrolRound)
    .values({
      road_id: values.road,
      hold_id: values.hold,
      round_date: values.date,
      window_start: sh(`${values.date}T${values.window[0]}`),
      window_end: sh(`${values.date}T${values.window[1]}`),
      expected_cards: values.expected,
      checked_cards: values.checked ?? [],
      on_time: values.checked?.length ?? 0,
      result: values.result,
    })
    .returning({ id: patrolRound.round_id });
  return row!.id;
}

beforeAll(async () => {
  h.clock.set(sh('2026-11-20T13:00:00'));
  w = await buildWorld(h);
  const a = w.a.holdId;
  ids.c1 = await insertCard(h.ctx.db, { holdId: a, sn: 'DR-1', name: '甲点' });
  ids.c2 = await insertCard(h.ctx.db, { holdId: a, sn: 'DR-2', name: '乙点' });
  const [first, second] = [await newRoad(a, '早线'), await newRoad(a, '晚线')];
  // Today: a frozen round with one point missed, and one whose window has not opened yet.
  ids.morning = await newRound({
    road: first,
    hold: a,
    date: '2026-11-20',
    window: ['08:00:00', '12:01:00'],
    expected: [ids.c1, ids.c2],
    checked: [ids.c1],
    result: 3,
  });
  await h.ctx.db
    .insert(roundPoint)
    .values({ round_id: ids.morning, patrol_id: ids.c1, punch_time: sh('2026-11-20T09:00:00'), user_id: null });
  await newRound({
    road: second,
    hold: a,
    date: '2026-11-20',
    window: ['14:00:00', '16:01:00'],
    expected: [ids.c1],
    result: null,
  });
  // Yesterday: one finished round. The day before: none.
  await newRound({
    road: first,
    hold: a,
    date: '2026-11-19',
    window: ['08:00:00', '12:01:00'],
    expected: [ids.c1, ids.c2],
    checked: [ids.c1, ids.c2],
    result: 2,
  });
});

async function summary(token = w.a.token): Promise<DashboardSummary> {
  const reply = await h.get<DashboardSummary[]>('/Dashboard/Summary', {}, token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data[0]!;
}

async function missedToday(): Promise<MissedPoint[]> {
  const reply = await h.get<MissedPoint[]>('/Dashboard/MissedToday', {}, w.a.token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
}

/** 漏检 of today in the report, for the same scope. */
async function reportMissedToday(): Promise<number> {
  const reply = await h.post<MissedReportRow[]>(
    '/Report/Missed',
    { start_date: '2026-11-20', end_date: '2026-11-20', group_by: 'date' },
    w.a.token,
  );
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.reduce((sum, row) => sum + row.missed, 0);
}

describe('the dashboard’s figures from the stored results', () => {
  it('counts the frozen rounds’ missed points and the opened rounds’ rate, as the report does', async () => {
    expect(await summary()).toMatchObject({ missed_checks: 1, completion_rate: 50, today: '2026-11-20' });
    expect(await reportMissedToday()).toBe(1);
    const missed = await missedToday();
    expect(missed).toEqual([
      { round_id: ids.morning, road_name: '早线', patrol_name: '乙点', patrol_sn: 'DR-2', window: '08:00-12:00' },
    ]);
    // The missed point's round opens on its points: the same point is 漏检 there.
    const round = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: missed[0]!.round_id }, w.a.token);
    expect(round.data.points.filter((p) => p.result === 4).map((p) => p.patrol_sn)).toEqual(['DR-2']);
  });

  it('answers — (null) when nothing was expected yet today', async () => {
    expect((await summary(w.b.token)).completion_rate).toBeNull();
    h.clock.set(sh('2026-11-20T07:00:00'));
    try {
      // No window has opened yet today.
      expect((await summary()).completion_rate).toBeNull();
    } finally {
      h.clock.set(sh('2026-11-20T13:00:00'));
    }
  });

  it('leaves a day without rounds empty in the trend rather than 100', async () => {
    const reply = await h.get<TrendPoint[]>('/Dashboard/Trend', { days: 3 }, w.a.token);
    expect(reply.data).toEqual([
      { date: '2026-11-18', punches: 0, completion_rate: null },
      { date: '2026-11-19', punches: 0, completion_rate: 100 },
      { date: '2026-11-20', punches: 0, completion_rate: 50 },
    ]);
  });

  it('counts a round whose window has ended only once it is frozen, like the report', async () => {
    await summary();
    ids.late = await newRound({
      road: await newRoad(w.a.holdId, '补线'),
      hold: w.a.holdId,
      date: '2026-11-20',
      window: ['10:00:00', '11:01:00'],
      expected: [ids.c2],
      result: null,
    });
    // Not frozen yet (the sweep ran moments ago): not missed, though its window has ended.
    h.clock.set(sh('2026-11-20T13:00:30'));
    expect(await summary()).toMatchObject({ missed_checks: 1, completion_rate: 33.3 });
    expect((await missedToday()).map((p) => p.round_id)).toEqual([ids.morning]);
    // Frozen by the next sweep: missed on the dashboard and in the report alike.
    h.clock.set(sh('2026-11-20T13:05:00'));
    expect(await summary()).toMatchObject({ missed_checks: 2, completion_rate: 33.3 });
    expect(await reportMissedToday()).toBe(2);
    expect((await missedToday()).map((p) => p.round_id).sort()).toEqual([ids.morning, ids.late].sort());
  });
});
