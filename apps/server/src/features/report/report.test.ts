import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, MissedReportRow, MissedRound, RoundPoints } from '@guard-tour/contract';
import { patrolRound, road, roundPoint, task } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';
import { insertAccount, insertCard, insertDevice } from '../../test/fixtures.js';
import { useHarness } from '../../test/harness.js';
import { tempDataDir } from '../../test/uploads.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { sheetRow } from './report-export.service.js';
import { reportGroupsStatement } from './report.repository.js';

/**
 * 漏检报表 over a small hand-made history (ACCOUNTABILITY.md, Reports): two roads, three days, every point result.
 * The rounds are written straight into the database as the upload and the freeze leave them; every expectation
 * below is counted by hand from the table in `beforeAll`.
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
const sh = (text: string) => new Date(`${text}+08:00`);

/** Ids of the fixture. */
const f = {
  c1: 0,
  c2: 0,
  c3: 0,
  c4: 0,
  c5: 0,
  u1: 0,
  u2: 0,
  u3: 0,
  r1: 0,
  r2: 0,
  t1: 0,
  device: 0,
  rounds: {} as Record<'A18' | 'B18' | 'A19' | 'T19' | 'B19' | 'A20' | 'B20', number>,
};

interface RoundSpec {
  road: number;
  task?: number;
  hold: number;
  date: string;
  window: [string, string];
  expected: number[];
  walkers?: number[];
  device?: number;
  result: 2 | 3 | null;
  /** Checked points: card, punch time (null: checked before results were kept), account. */
  checks: [number, string | null, number | null][];
  counts: { on_time?: number; early?: number; late?: number };
  punched?: number[];
}

async function insertRound(spec: RoundSpec): Promise<number> {
  const [row] = await h.ctx.db
    .insert(patrolRound)
    .values({
      road_id: spec.road,
      task_id: spec.task ?? null,
      hold_id: spec.hold,
      round_date: spec.date,
      window_start: sh(`${spec.date}T${spec.window[0]}`),
      window_end: sh(`${spec.date}T${spec.window[1]}`),
      expected_cards: spec.expected,
      walker_users: spec.walkers ?? [],
      walker_device: spec.device ?? null,
      checked_cards: spec.checks.map(([card]) => card).sort((a, b) => a - b),
      grace_minutes: 10,
      on_time: spec.counts.on_time ?? 0,
      early: spec.counts.early ?? 0,
      late: spec.counts.late ?? 0,
      punched_users: spec.punched ?? [],
      result: spec.result,
    })
    .returning({ id: patrolRound.round_id });
  const roundId = row!.id;
  for (const [card, at, user] of spec.checks) {
    if (at === null) continue;
    await h.ctx.db.insert(roundPoint).values({ round_id: roundId, patrol_id: card, punch_time: sh(at), user_id: user });
  }
  return roundId;
}

beforeAll(async () => {
  h.clock.set(sh('2026-11-20T10:00:00'));
  w = await buildWorld(h);
  const db = h.ctx.db;
  const [a, a1] = [w.a.holdId, w.a1.holdId];
  f.c1 = await insertCard(db, { holdId: a, sn: 'RPT-1', name: '一号点' });
  f.c2 = await insertCard(db, { holdId: a, sn: 'RPT-2', name: '二号点' });
  f.c3 = await insertCard(db, { holdId: a, sn: 'RPT-3', name: '三号点' });
  f.c4 = await insertCard(db, { holdId: a1, sn: 'RPT-4', name: '四号点' });
  f.c5 = await insertCard(db, { holdId: a1, sn: 'RPT-5', name: '五号点' });
  f.u1 = await insertAccount(db, { userName: 'rpt_zhang', password: PASSWORD, holdId: a, trueName: '张三' });
  f.u3 = await insertAccount(db, { userName: 'rpt_wang', password: PASSWORD, holdId: a, trueName: '王五' });
  f.u2 = await insertAccount(db, { userName: 'guard_li', password: PASSWORD, holdId: a1 });
  f.device = await insertDevice(db, { holdId: a, deviceNo: 'RPT-DEV', name: '报表终端' });
  // Roads without points now: nothing makes rounds of them besides this table (the report reads stored rounds).
  const [r1] = await db
    .insert(road)
    .values({ hold_id: a, road_name: '北线', grace_minutes: 10 })
    .returning({ id: road.road_id });
  const [r2] = await db
    .insert(road)
    .values({ hold_id: a1, road_name: '=1+1', grace_minutes: 10 })
    .returning({ id: road.road_id });
  f.r1 = r1!.id;
  f.r2 = r2!.id;
  // A task of 北线 deleted since: its past round stays in the report.
  const [t1] = await db
    .insert(task)
    .values({ hold_id: a, task_name: '夜巡任务', road_id: f.r1, object_id: f.device, deleted_at: new Date() })
    .returning({ id: task.task_id });
  f.t1 = t1!.id;
  const { c1, c2, c3, c4, c5, u1, u2, u3 } = f;
  const morning: [string, string] = ['08:00:00', '09:01:00'];
  const day: [string, string] = ['09:00:00', '18:01:00'];
  f.rounds = {
    // 早到 (within the grace before), 正常, 漏检; walked by two accounts.
    A18: await insertRound({
      road: f.r1,
      hold: a,
      date: '2026-11-18',
      window: morning,
      expected: [c1, c2, c3],
      walkers: [u1],
      result: 3,
      checks: [
        [c1, '2026-11-18T07:55:00', u1],
        [c2, '2026-11-18T08:30:00', u3],
      ],
      counts: { on_time: 1, early: 1 },
      punched: [u1, u3],
    }),
    // 正常 and 迟到 (within the grace after): finished.
    B18: await insertRound({
      road: f.r2,
      hold: a1,
      date: '2026-11-18',
      window: day,
      expected: [c4, c5],
      result: 2,
      checks: [
        [c4, '2026-11-18T09:10:00', u2],
        [c5, '2026-11-18T18:05:00', u2],
      ],
      counts: { on_time: 1, late: 1 },
      punched: [u2],
    }),
    // Nobody came: all missed; counts for the road's account.
    A19: await insertRound({
      road: f.r1,
      hold: a,
      date: '2026-11-19',
      window: morning,
      expected: [c1, c2, c3],
      walkers: [u1],
      result: 3,
      checks: [],
      counts: {},
    }),
    // The task's device checked one point without an account: no walker account.
    T19: await insertRound({
      road: f.r1,
      task: f.t1,
      hold: a,
      date: '2026-11-19',
      window: ['20:00:00', '22:01:00'],
      expected: [c1, c2, c3],
      device: f.device,
      result: 3,
      checks: [[c1, '2026-11-19T20:30:00', null]],
      counts: { on_time: 1 },
    }),
    // Checked before results were kept (no round_point row): 正常 without a time; nobody bound, nobody named.
    B19: await insertRound({
      road: f.r2,
      hold: a1,
      date: '2026-11-19',
      window: day,
      expected: [c4, c5],
      result: 3,
      checks: [[c4, null, null]],
      counts: { on_time: 1 },
    }),
    // 正常, 迟到, 正常: finished.
    A20: await insertRound({
      road: f.r1,
      hold: a,
      date: '2026-11-20',
      window: morning,
      expected: [c1, c2, c3],
      walkers: [u1],
      result: 2,
      checks: [
        [c1, '2026-11-20T08:05:00', u1],
        [c2, '2026-11-20T09:05:00', u1],
        [c3, '2026-11-20T08:40:00', u1],
      ],
      counts: { on_time: 2, late: 1 },
      punched: [u1],
    }),
    // Running at 10:00, nothing checked yet: both points 待检 (not missed yet); its account bound that day.
    B20: await insertRound({
      road: f.r2,
      hold: a1,
      date: '2026-11-20',
      window: day,
      expected: [c4, c5],
      walkers: [u2],
      result: null,
      checks: [],
      counts: {},
    }),
  };
});

const SPAN = { start_date: '2026-11-18', end_date: '2026-11-20' };

async function report(body: object, token = w.a.token): Promise<Envelope<MissedReportRow[]>> {
  return h.post<MissedReportRow[]>('/Report/Missed', { ...SPAN, ...body }, token);
}

async function rows(body: object, token = w.a.token): Promise<MissedReportRow[]> {
  const reply = await report(body, token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
}

/** A report row by hand: key, name, then the columns in the screen's order. */
function row(
  group_key: number | string,
  group_name: string,
  [rounds_expected, rounds_done, points_expected, on_time, early, late, missed]: number[],
  rate: number | null,
): MissedReportRow {
  return {
    group_key,
    group_name,
    rounds_expected: rounds_expected!,
    rounds_done: rounds_done!,
    points_expected: points_expected!,
    on_time: on_time!,
    early: early!,
    late: late!,
    missed: missed!,
    rate,
  };
}

/** The groups of the whole fixture, counted by hand. */
const expected = {
  roadNorth: () => row(f.r1, '北线', [4, 1, 12, 4, 1, 1, 6], 50),
  roadFormula: () => row(f.r2, '=1+1', [3, 1, 6, 2, 0, 1, 1], 50),
  zhang: () => row(f.u1, '张三', [3, 1, 9, 3, 1, 1, 4], 55.6),
  wang: () => row(f.u3, '王五', [1, 0, 3, 1, 1, 0, 1], 66.7),
  li: () => row(f.u2, 'guard_li', [2, 1, 4, 1, 0, 1, 0], 50),
  day18: () => row('2026-11-18', '2026-11-18', [2, 1, 5, 2, 1, 1, 1], 80),
  day19: () => row('2026-11-19', '2026-11-19', [3, 0, 8, 2, 0, 0, 6], 25),
  day20: () => row('2026-11-20', '2026-11-20', [2, 1, 5, 2, 0, 1, 0], 60),
};

/** Every node of an `explain (format json)` plan. */
function nodesOf(plan: unknown): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const walk = (node: Record<string, unknown>) => {
    nodes.push(node);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
  for (const entry of top) walk(entry.Plan);
  return nodes;
}

describe('Report/Missed', () => {
  it('groups by road: 应巡轮次, 完成轮次, 应巡点数, 正常, 早到, 迟到, 漏检 (frozen rounds only), 完成率', async () => {
    const reply = await report({ group_by: 'road' });
    expect(reply.total).toBe(2);
    expect(reply.data).toEqual([expected.roadNorth(), expected.roadFormula()]);
    // Equal rates: by name.
    expect(await rows({ group_by: 'road', sort: 'rate' })).toEqual([expected.roadFormula(), expected.roadNorth()]);
  });

  it('groups by account: punched accounts, else the road’s accounts; rounds with neither are left out', async () => {
    expect(await rows({ group_by: 'user' })).toEqual([expected.zhang(), expected.wang(), expected.li()]);
    expect(await rows({ group_by: 'user', sort: 'rate' })).toEqual([expected.li(), expected.zhang(), expected.wang()]);
  });

  it('groups by organisation, with and without the departments', async () => {
    expect(await rows({ group_by: 'hold' })).toEqual([
      row(w.a.holdId, '甲企业', [4, 1, 12, 4, 1, 1, 6], 50),
      row(w.a1.holdId, '甲一部', [3, 1, 6, 2, 0, 1, 1], 50),
    ]);
    expect(await rows({ group_by: 'hold', include_children: false })).toEqual([
      row(w.a.holdId, '甲企业', [4, 1, 12, 4, 1, 1, 6], 50),
    ]);
  });

  it('groups by day, sorted by 漏检 (most first) or by 完成率 (lowest first)', async () => {
    expect(await rows({ group_by: 'date' })).toEqual([expected.day19(), expected.day18(), expected.day20()]);
    expect(await rows({ group_by: 'date', sort: 'rate' })).toEqual([
      expected.day19(),
      expected.day20(),
      expected.day18(),
    ]);
  });

  it('grouped by road, organisation or day, reads only what the rounds’ index holds (a year is 730k rounds)', async () => {
    const [index] = await queryRows<{ indexdef: string }>(
      h.ctx.db,
      sql`select indexdef from pg_indexes where indexname = 'patrol_round_hold_day_idx'`,
    );
    const held = new Set(/\(([^)]*)\) INCLUDE \(([^)]*)\)/.exec(index!.indexdef)!.slice(1).join(',').split(/,\s*/));
    expect(held).toContain('points_checked');
    const filter = { holdIds: [1, w.a.holdId, w.a1.holdId], start: '2026-01-01', end: '2026-12-31' };
    for (const groupBy of ['road', 'hold', 'date'] as const) {
      const statement = reportGroupsStatement(filter, groupBy, 'missed', { limit: 20, offset: 0 });
      const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
        h.ctx.db,
        sql`explain (verbose, format json) ${statement}`,
      );
      // Whichever way the planner reads these few rounds, the columns it takes from them and tests.
      const read = nodesOf(plan!['QUERY PLAN'])
        .filter((node) => node['Relation Name'] === 'patrol_round')
        .flatMap((node) => [node.Output, node.Filter, node['Index Cond'], node['Recheck Cond']].flat())
        .flatMap((text) => [...String(text ?? '').matchAll(/\br\.(\w+)/g)].map((match) => match[1]!));
      expect(read.length, groupBy).toBeGreaterThan(0);
      expect(
        read.filter((column) => !held.has(column)),
        groupBy,
      ).toEqual([]);
    }
  });

  it('counts over the span asked for; pending points lower the rate but are not missed', async () => {
    const one = { start_date: '2026-11-19', end_date: '2026-11-19' };
    const north = row(f.r1, '北线', [2, 0, 6, 1, 0, 0, 5], 16.7);
    const formula = row(f.r2, '=1+1', [1, 0, 2, 1, 0, 0, 1], 50);
    expect(await rows({ ...one, group_by: 'road', sort: 'rate' })).toEqual([north, formula]);
    const today = { start_date: '2026-11-20', end_date: '2026-11-20' };
    // 11-20: 北线 finished (100.0), =1+1 running with nothing checked yet (0.0, nothing missed yet).
    const running = row(f.r2, '=1+1', [1, 0, 2, 0, 0, 0, 0], 0);
    const finished = row(f.r1, '北线', [1, 1, 3, 2, 0, 1, 0], 100);
    expect(await rows({ ...today, group_by: 'road', sort: 'missed' })).toEqual([running, finished]);
    expect(await rows({ ...today, group_by: 'road', sort: 'rate' })).toEqual([running, finished]);
    expect(await rows({ ...today, group_by: 'user' })).toEqual([
      row(f.u2, 'guard_li', [1, 0, 2, 0, 0, 0, 0], 0),
      row(f.u1, '张三', [1, 1, 3, 2, 0, 1, 0], 100),
    ]);
  });

  it('filters by one road or one account', async () => {
    expect(await rows({ group_by: 'user', road_id: f.r2 })).toEqual([expected.li()]);
    expect(await rows({ group_by: 'road', user_id: f.u1 })).toEqual([row(f.r1, '北线', [3, 1, 9, 3, 1, 1, 4], 55.6)]);
    expect(await rows({ group_by: 'date', user_id: String(f.u2), road_id: f.r1 })).toEqual([]);
  });

  it('pages the groups, total being the number of groups', async () => {
    const page = (PageIndex: number) => report({ group_by: 'date', PageIndex, PageSize: 2 });
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect([first.total, second.total, third.total]).toEqual([3, 3, 3]);
    expect(first.data).toEqual([expected.day19(), expected.day18()]);
    expect(second.data).toEqual([expected.day20()]);
    expect(third.data).toEqual([]);
  });

  it('covers the caller’s subtree only: a department sees its own, a sibling enterprise nothing', async () => {
    expect(await rows({ group_by: 'road' }, w.a1.token)).toEqual([expected.roadFormula()]);
    const sibling = await report({ group_by: 'road' }, w.b.token);
    expect([sibling.code, sibling.total, sibling.data]).toEqual([200, 0, []]);
    for (const group_by of ['user', 'hold', 'date']) expect(await rows({ group_by }, w.b.token)).toEqual([]);
  });

  it('refuses another organisation’s organisation, road or account', async () => {
    expect(await report({ group_by: 'road', hold_id: w.a.holdId }, w.b.token)).toMatchObject({
      code: 403,
      msg: '没有权限访问该组织的数据',
      data: null,
    });
    expect(await report({ group_by: 'road', road_id: f.r1 }, w.b.token)).toMatchObject({
      code: 404,
      msg: '路线不存在或已删除',
    });
    expect(await report({ group_by: 'road', user_id: f.u1 }, w.b.token)).toMatchObject({
      code: 404,
      msg: '账号不存在或已删除',
    });
    // A department cannot reach its parent's road.
    expect(await report({ group_by: 'road', road_id: f.r1 }, w.a1.token)).toMatchObject({ code: 404 });
  });

  it('refuses a span over 366 days, an end before the start and an unknown grouping, in Chinese', async () => {
    expect(await report({ group_by: 'road', start_date: '2025-11-19', end_date: '2026-11-20' })).toMatchObject({
      code: 400,
      msg: '日期范围不能超过366天',
    });
    expect((await report({ group_by: 'road', start_date: '2025-11-20', end_date: '2026-11-20' })).code).toBe(200);
    expect(await report({ group_by: 'road', start_date: '2026-11-20', end_date: '2026-11-19' })).toMatchObject({
      code: 400,
      msg: '结束日期不能早于开始日期',
    });
    expect(await report({ group_by: 'week' })).toMatchObject({ code: 400, msg: '分组方式不正确' });
    expect(await report({ group_by: 'road', start_date: '2026-02-30' })).toMatchObject({
      code: 400,
      msg: '日期格式应为 YYYY-MM-DD',
    });
  });
});

async function drill(body: object, token = w.a.token): Promise<Envelope<MissedRound[]>> {
  return h.post<MissedRound[]>('/Report/MissedRounds', { ...SPAN, ...body }, token);
}

const point = (patrol_id: number, patrol_name: string, patrol_sn: string) => ({ patrol_id, patrol_name, patrol_sn });

describe('Report/MissedRounds', () => {
  const north = () => ({ road_id: f.r1, road_name: '北线', task_id: null, task_name: '' });
  const formula = () => ({ road_id: f.r2, road_name: '=1+1', task_id: null, task_name: '' });
  // Whom each round is charged to: the road's accounts as they were that day (a task's round: nobody).
  const zhang = () => ({ user_id: f.u1, true_name: '张三' });
  const li = () => ({ user_id: f.u2, true_name: 'guard_li' });
  const rounds = () => ({
    A20: {
      round_id: f.rounds.A20,
      round_date: '2026-11-20',
      slot_no: 1,
      ...north(),
      window_start: '2026-11-20 08:00:00',
      window_end: '2026-11-20 09:00:00',
      walkers: '张三',
      responsible: [zhang()],
      result: 2,
      missed: [],
    },
    T19: {
      round_id: f.rounds.T19,
      round_date: '2026-11-19',
      slot_no: 1,
      ...north(),
      task_id: f.t1,
      task_name: '夜巡任务',
      window_start: '2026-11-19 20:00:00',
      window_end: '2026-11-19 22:00:00',
      walkers: '报表终端',
      responsible: [],
      result: 3,
      missed: [point(f.c2, '二号点', 'RPT-2'), point(f.c3, '三号点', 'RPT-3')],
    },
    A19: {
      round_id: f.rounds.A19,
      round_date: '2026-11-19',
      slot_no: 1,
      ...north(),
      window_start: '2026-11-19 08:00:00',
      window_end: '2026-11-19 09:00:00',
      walkers: '张三',
      responsible: [zhang()],
      result: 3,
      missed: [point(f.c1, '一号点', 'RPT-1'), point(f.c2, '二号点', 'RPT-2'), point(f.c3, '三号点', 'RPT-3')],
    },
    A18: {
      round_id: f.rounds.A18,
      round_date: '2026-11-18',
      slot_no: 1,
      ...north(),
      window_start: '2026-11-18 08:00:00',
      window_end: '2026-11-18 09:00:00',
      walkers: '张三,王五',
      responsible: [zhang()],
      result: 3,
      missed: [point(f.c3, '三号点', 'RPT-3')],
    },
    B20: {
      round_id: f.rounds.B20,
      round_date: '2026-11-20',
      slot_no: 1,
      ...formula(),
      window_start: '2026-11-20 09:00:00',
      window_end: '2026-11-20 18:00:00',
      walkers: 'guard_li',
      responsible: [li()],
      result: 1,
      missed: [],
    },
    B19: {
      round_id: f.rounds.B19,
      round_date: '2026-11-19',
      slot_no: 1,
      ...formula(),
      window_start: '2026-11-19 09:00:00',
      window_end: '2026-11-19 18:00:00',
      walkers: '',
      responsible: [],
      result: 3,
      missed: [point(f.c5, '五号点', 'RPT-5')],
    },
    B18: {
      round_id: f.rounds.B18,
      round_date: '2026-11-18',
      slot_no: 1,
      ...formula(),
      window_start: '2026-11-18 09:00:00',
      window_end: '2026-11-18 18:00:00',
      walkers: 'guard_li',
      responsible: [],
      result: 2,
      missed: [],
    },
  });

  it('lists a road’s rounds newest first with walkers, status and missed points', async () => {
    const r = rounds();
    const reply = await drill({ group_by: 'road', group_key: f.r1 });
    expect(reply.total).toBe(4);
    expect(reply.data).toEqual([r.A20, r.T19, r.A19, r.A18]);
    // Missed points only once frozen: the running round shows none.
    expect((await drill({ group_by: 'road', group_key: f.r2 })).data).toEqual([r.B20, r.B19, r.B18]);
  });

  it('keeps only the rounds with missed points, and pages', async () => {
    const r = rounds();
    const only = await drill({ group_by: 'road', group_key: f.r1, only_missed: true });
    expect([only.total, only.data]).toEqual([3, [r.T19, r.A19, r.A18]]);
    const second = await drill({ group_by: 'road', group_key: f.r1, PageIndex: 2, PageSize: 2 });
    expect([second.total, second.data]).toEqual([4, [r.A19, r.A18]]);
    const beyond = await drill({ group_by: 'road', group_key: f.r1, PageIndex: 3, PageSize: 2 });
    expect([beyond.total, beyond.data]).toEqual([4, []]);
  });

  it('opens a day, an account (key as number or text) and an organisation', async () => {
    const r = rounds();
    expect((await drill({ group_by: 'date', group_key: '2026-11-19' })).data).toEqual([r.T19, r.B19, r.A19]);
    expect((await drill({ group_by: 'user', group_key: f.u1 })).data).toEqual([r.A20, r.A19, r.A18]);
    expect((await drill({ group_by: 'user', group_key: String(f.u3) })).data).toEqual([r.A18]);
    expect((await drill({ group_by: 'user', group_key: String(f.u2) })).data).toEqual([r.B20, r.B18]);
    expect((await drill({ group_by: 'hold', group_key: w.a1.holdId })).data).toEqual([r.B20, r.B19, r.B18]);
    expect((await drill({ group_by: 'hold', group_key: w.a1.holdId, include_children: false })).data).toEqual([]);
    expect((await drill({ group_by: 'date', group_key: '2026-11-19', road_id: f.r2 })).data).toEqual([r.B19]);
  });

  it('refuses a malformed key with 分组不正确', async () => {
    for (const [group_by, group_key] of [
      ['road', 'abc'],
      ['road', 0],
      ['road', 1.5],
      ['user', 2_147_483_648],
      ['hold', '-1'],
      ['date', 7],
      ['date', '2026-02-30'],
      ['date', '20261119'],
    ] as const) {
      expect(await drill({ group_by, group_key }), `${group_by} ${group_key}`).toMatchObject({
        code: 400,
        msg: '分组不正确',
        data: null,
      });
    }
    expect(await drill({ group_by: 'road', group_key: true })).toMatchObject({ code: 400, msg: '分组不正确' });
  });

  it('refuses another organisation’s road, account or organisation, naming nothing of it', async () => {
    for (const [group_by, group_key, code] of [
      ['road', f.r1, 404],
      ['user', f.u1, 404],
      ['hold', w.a.holdId, 403],
      ['hold', w.a1.holdId, 403],
    ] as const) {
      const reply = await drill({ group_by, group_key }, w.b.token);
      expect([reply.code, reply.data], `${group_by} ${group_key}`).toEqual([code, null]);
    }
    expect((await drill({ group_by: 'date', group_key: '2026-11-19' }, w.b.token)).data).toEqual([]);
    expect((await drill({ group_by: 'road', group_key: f.r1 }, w.a1.token)).code).toBe(404);
  });
});

describe('Report/RoundPoints', () => {
  async function points(roundId: number, token = w.a.token) {
    return h.get<RoundPoints>('/Report/RoundPoints', { round_id: roundId }, token);
  }
  const base = () => ({ road_id: f.r1, road_name: '北线', task_id: null, task_name: '', grace_minutes: 10 });

  it('answers each point’s result in the road’s order: 早到, 正常, 漏检 of a frozen round', async () => {
    expect((await points(f.rounds.A18)).data).toEqual({
      round_id: f.rounds.A18,
      ...base(),
      round_date: '2026-11-18',
      slot_no: 1,
      window_start: '2026-11-18 08:00:00',
      window_end: '2026-11-18 09:00:00',
      result: 3,
      responsible: [{ user_id: f.u1, true_name: '张三' }],
      points: [
        { patrol_id: f.c1, patrol_name: '一号点', patrol_sn: 'RPT-1', result: 2, punch_time: '2026-11-18 07:55:00' },
        { patrol_id: f.c2, patrol_name: '二号点', patrol_sn: 'RPT-2', result: 1, punch_time: '2026-11-18 08:30:00' },
        { patrol_id: f.c3, patrol_name: '三号点', patrol_sn: 'RPT-3', result: 4, punch_time: null },
      ],
    });
  });

  it('answers 迟到 after the window, and a finished round', async () => {
    const reply = (await points(f.rounds.A20)).data;
    expect(reply.result).toBe(2);
    expect(reply.points.map((p) => [p.result, p.punch_time])).toEqual([
      [1, '2026-11-20 08:05:00'],
      [3, '2026-11-20 09:05:00'],
      [1, '2026-11-20 08:40:00'],
    ]);
  });

  it('answers a task’s round, and a point checked before results were kept as 正常 without a time', async () => {
    const t19 = (await points(f.rounds.T19)).data;
    expect(t19).toMatchObject({ task_id: f.t1, task_name: '夜巡任务', window_end: '2026-11-19 22:00:00', result: 3 });
    expect(t19.points.map((p) => [p.result, p.punch_time])).toEqual([
      [1, '2026-11-19 20:30:00'],
      [4, null],
      [4, null],
    ]);
    const b19 = (await points(f.rounds.B19, w.a1.token)).data;
    expect(b19.points).toEqual([
      { patrol_id: f.c4, patrol_name: '四号点', patrol_sn: 'RPT-4', result: 1, punch_time: null },
      { patrol_id: f.c5, patrol_name: '五号点', patrol_sn: 'RPT-5', result: 4, punch_time: null },
    ]);
  });

  it('answers 待检 in a running round, and 未开始 before its window', async () => {
    const running = (await points(f.rounds.B20)).data;
    expect(running.result).toBe(1);
    expect(running.points.map((p) => [p.result, p.punch_time])).toEqual([
      [0, null],
      [0, null],
    ]);
    h.clock.set(sh('2026-11-20T08:30:00'));
    try {
      expect((await points(f.rounds.B20)).data.result).toBe(0);
    } finally {
      h.clock.set(sh('2026-11-20T10:00:00'));
    }
  });

  it('answers 404 巡检轮次不存在 for a round outside the caller’s subtree or none at all', async () => {
    for (const [roundId, token] of [
      [f.rounds.A18, w.b.token],
      [f.rounds.A18, w.a1.token],
      [f.rounds.B18, w.b.token],
      [999_999, w.a.token],
    ] as const) {
      expect(await points(roundId, token)).toMatchObject({ code: 404, msg: '巡检轮次不存在', data: null });
    }
  });
});

/** Downloads an export without a token and reads its one sheet. */
async function openExport(fileName: string) {
  const response = await h.app.inject({
    method: 'GET',
    url: '/proxyserver/api/file/download_excelfile',
    query: { fileName },
  });
  expect(response.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const sheet = book.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow((r) => {
    const cells: unknown[] = [];
    r.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.value));
    values.push(cells);
  });
  return { name: sheet.name, values, disposition: String(response.headers['content-disposition']) };
}

describe('Report/ExportMissed', () => {
  const HEADER = ['应巡轮次', '完成轮次', '应巡点数', '正常', '早到', '迟到', '漏检', '完成率'];

  it('writes the screen’s rows and columns, every group, formula-safe, downloadable as 漏检报表', async () => {
    const reply = await h.post<{ fileName: string }>(
      '/Report/ExportMissed',
      { ...SPAN, group_by: 'road', PageSize: 1 },
      w.a.token,
    );
    expect(reply.code, reply.msg).toBe(200);
    expect(reply.data.fileName).toMatch(/^[0-9a-f]{32}\.xlsx$/);
    const sheet = await openExport(reply.data.fileName);
    expect(sheet.name).toBe('漏检报表');
    expect(sheet.disposition).toContain(encodeURIComponent('漏检报表_2026-11-20.xlsx'));
    expect(sheet.values).toEqual([
      ['路线', ...HEADER],
      ['北线', 4, 1, 12, 4, 1, 1, 6, 50],
      // The road named =1+1 comes back as text, never a formula.
      ["'=1+1", 3, 1, 6, 2, 0, 1, 1, 50],
    ]);
  });

  it('follows the grouping and the sort', async () => {
    const reply = await h.post<{ fileName: string }>(
      '/Report/ExportMissed',
      { ...SPAN, group_by: 'date', sort: 'missed' },
      w.a.token,
    );
    expect((await openExport(reply.data.fileName)).values).toEqual([
      ['日期', ...HEADER],
      ['2026-11-19', 3, 0, 8, 2, 0, 0, 6, 25],
      ['2026-11-18', 2, 1, 5, 2, 1, 1, 1, 80],
      ['2026-11-20', 2, 1, 5, 2, 0, 1, 0, 60],
    ]);
  });

  it('answers an empty name when there is no row, and refuses what the report refuses', async () => {
    expect(await h.post('/Report/ExportMissed', { ...SPAN, group_by: 'user' }, w.b.token)).toMatchObject({
      code: 200,
      data: { fileName: '' },
    });
    expect(
      await h.post('/Report/ExportMissed', { ...SPAN, group_by: 'road', hold_id: w.a.holdId }, w.b.token),
    ).toMatchObject({ code: 403 });
    expect(
      await h.post('/Report/ExportMissed', { start_date: '2025-01-01', end_date: '2026-11-20' }, w.a.token),
    ).toMatchObject({ code: 400, msg: '日期范围不能超过366天' });
  });

  it('shows 完成率 as — when nothing was expected', () => {
    expect(sheetRow(row(1, '空线', [1, 0, 0, 0, 0, 0, 0], null))).toEqual({
      group_name: '空线',
      rounds_expected: 1,
      rounds_done: 0,
      points_expected: 0,
      on_time: 0,
      early: 0,
      late: 0,
      missed: 0,
      rate: '—',
    });
  });
});
