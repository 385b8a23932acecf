import { sql } from 'drizzle-orm';
import { fc } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MissedReportRow, ReportGroup } from '@guard-tour/contract';
import { road, task } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';
import { insertAccount, insertCard, insertDevice } from '../../test/fixtures.js';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { freezeEndedRounds } from '../round/round.service.js';
import {
  reportGroups,
  reportGroupsFromRounds,
  reportGroupsStatement,
  wholeMonths,
  type RoundFilter,
} from './report.repository.js';

/**
 * 漏检报表 reads its frozen rounds from the per-day rollup `round_day_count` (migration 0021), kept by triggers on
 * `patrol_round`. Whatever changes the rounds — made, frozen, a late upload deciding a frozen round again, an edit
 * remaking rounds, a deletion — the rollup must equal the rounds counted again, and every report (each grouping,
 * each filter) must answer exactly what the rounds themselves answer.
 */
const h = useHarness();
let w: World;
const f = { roads: [] as number[], tasks: [] as number[], users: [] as number[], holds: [] as number[] };
/** Days across two month ends: the rollup's month rows stand for the whole months of a span. */
const DAYS = ['2026-10-31', '2026-11-01', '2026-11-18', '2026-11-30', '2026-12-01'];

/** The rollup as stored, and as the rounds give it now at its three levels (a drift shows as a difference). */
async function rollupDrift(): Promise<{ stored: unknown[]; counted: unknown[] }> {
  const columns = sql`kind, user_id, hold_id, to_char(round_date, 'YYYY-MM-DD') as round_date, road_id, task_id,
    rounds::int, rounds_done::int, points_expected::int, on_time::int, early::int, late::int, missed::int,
    checked::int`;
  const stored = await queryRows(h.ctx.db, sql`select ${columns} from round_day_count order by 1, 2, 3, 4, 5, 6`);
  const counted = await queryRows(
    h.ctx.db,
    sql`select ${columns} from (
      select k.kind, c.user_id, c.hold_id,
        case k.kind when 1 then date_trunc('month', c.round_date)::date else c.round_date end as round_date,
        case k.kind when 2 then 0 else c.road_id end as road_id,
        case k.kind when 2 then 0 else coalesce(c.task_id, 0) end as task_id,
        count(*) as rounds, count(*) filter (where c.result = 2) as rounds_done,
        sum(c.points_expected) as points_expected, sum(c.on_time) as on_time, sum(c.early) as early,
        sum(c.late) as late, sum(c.points_expected - c.points_checked) as missed, sum(c.points_checked) as checked
      from (
        select 0 as user_id, r.* from patrol_round r where r.result is not null
        union all
        select w.user_id, r.* from patrol_round r
        cross join lateral unnest(case when r.shift_id is not null and cardinality(r.responsible_users) > 0
          then r.responsible_users when cardinality(r.punched_users) > 0 then r.punched_users
          else r.walker_users end) w(user_id)
        where r.result is not null
      ) c
      cross join (values (0), (1), (2)) k(kind)
      group by 1, 2, 3, 4, 5, 6
    ) x order by 1, 2, 3, 4, 5, 6`,
  );
  return { stored, counted };
}

async function expectNoDrift(): Promise<void> {
  const { stored, counted } = await rollupDrift();
  expect(stored).toEqual(counted);
}

/** Every report the screen can ask for over these rounds, through the rollup and from the rounds alone. */
async function expectSameReports(): Promise<void> {
  const spans = [
    { start: DAYS[0]!, end: DAYS[4]! },
    { start: DAYS[1]!, end: DAYS[3]! },
    { start: DAYS[1]!, end: DAYS[4]! },
    { start: DAYS[2]!, end: DAYS[2]! },
  ];
  const filters: Omit<RoundFilter, 'start' | 'end'>[] = [
    { holdIds: f.holds },
    { holdIds: [f.holds[0]!] },
    { holdIds: f.holds, userId: f.users[0]! },
    { holdIds: f.holds, roadId: f.roads[1]!, userId: f.users[1]! },
  ];
  for (const span of spans) {
    for (const partial of filters) {
      const filter = { ...partial, ...span };
      for (const groupBy of ['road', 'user', 'hold', 'date'] as ReportGroup[]) {
        for (const sort of ['missed', 'rate'] as const) {
          const via = await reportGroups(h.ctx.db, filter, groupBy, sort, { limit: 3, offset: 1 });
          const direct = await reportGroups(
            h.ctx.db,
            filter,
            groupBy,
            sort,
            { limit: 3, offset: 1 },
            reportGroupsFromRounds,
          );
          expect(via, `${JSON.stringify(filter)} by ${groupBy}, ${sort}`).toEqual(direct);
          const all = await reportGroups(h.ctx.db, filter, groupBy, sort, null);
          expect(all).toEqual(await reportGroups(h.ctx.db, filter, groupBy, sort, null, reportGroupsFromRounds));
        }
      }
    }
  }
}

beforeAll(async () => {
  h.clock.set(new Date('2026-11-20T10:00:00+08:00'));
  w = await buildWorld(h);
  const db = h.ctx.db;
  f.holds = [w.a.holdId, w.a1.holdId];
  for (const [i, hold] of [w.a.holdId, w.a.holdId, w.a1.holdId].entries()) {
    const [row] = await db
      .insert(road)
      .values({ hold_id: hold, road_name: `汇总线${i}` })
      .returning({ id: road.road_id });
    f.roads.push(row!.id);
  }
  const deviceId = await insertDevice(db, { holdId: w.a.holdId, deviceNo: 'ROLL-DEV', name: '汇总终端' });
  for (const roadId of [f.roads[0]!, f.roads[0]!, f.roads[2]!]) {
    const [row] = await db
      .insert(task)
      .values({ hold_id: w.a.holdId, task_name: `汇总任务${roadId}`, road_id: roadId, object_id: deviceId })
      .returning({ id: task.task_id });
    f.tasks.push(row!.id);
  }
  for (const [i, hold] of [w.a.holdId, w.a.holdId, w.a1.holdId].entries()) {
    f.users.push(await insertAccount(db, { userName: `roll_${i}`, password: PASSWORD, holdId: hold }));
  }
});

/** One change to the stored rounds, as the server's paths make them (insert, freeze, late checks, edits, deletes). */
type Step =
  | {
      kind: 'insert';
      road: number;
      task: number;
      day: number;
      slot: number;
      expected: number;
      checked: number;
      early: number;
      late: number;
      result: 0 | 2 | 3;
      walkers: number[];
      punched: number[];
      shift: boolean;
      responsible: number[];
    }
  | { kind: 'freeze'; day: number }
  | { kind: 'check'; pick: number; more: number; punched: number[] }
  | { kind: 'move'; pick: number; hold: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'deleteDay'; day: number };

const users = () => fc.subarray([0, 1, 2]);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      road: fc.nat(2),
      task: fc.nat(3),
      day: fc.nat(4),
      slot: fc.integer({ min: 1, max: 3 }),
      expected: fc.integer({ min: 1, max: 4 }),
      checked: fc.nat(4),
      early: fc.nat(2),
      late: fc.nat(2),
      result: fc.constantFrom(0 as const, 2 as const, 3 as const),
      walkers: users(),
      punched: users(),
      shift: fc.boolean(),
      responsible: users(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('freeze' as const), day: fc.nat(4) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('check' as const), pick: fc.nat(), more: fc.nat(2), punched: users() }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), hold: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deleteDay' as const), day: fc.nat(4) }), weight: 1 },
);

/** The round `pick` names among those stored (by id order), or none. */
const nthRound = (pick: number) =>
  sql`(select round_id from patrol_round order by round_id offset ${pick}::int % greatest(1,
    (select count(*) from patrol_round)::int) limit 1)`;

async function apply(step: Step): Promise<void> {
  const db = h.ctx.db;
  const ids = (picked: number[]) => sql`${`{${picked.map((i) => f.users[i]).join(',')}}`}::int[]`;
  switch (step.kind) {
    case 'insert': {
      const roadId = f.roads[step.road]!;
      // A task of this road (the task's own road, as stored rounds have it), or the road's own round.
      const taskId = step.task < f.tasks.length ? f.tasks[step.task]! : null;
      const ownRoad = taskId === null ? roadId : taskId === f.tasks[2] ? f.roads[2]! : f.roads[0]!;
      const expected = Array.from({ length: step.expected }, (_, i) => 100 + i);
      const checked = expected.slice(0, Math.min(step.checked, step.expected));
      const onTime = Math.max(0, checked.length - step.early - step.late);
      const early = Math.min(step.early, checked.length);
      const late = Math.min(step.late, checked.length - early);
      const hold = ownRoad === f.roads[2] ? w.a1.holdId : w.a.holdId;
      const day = DAYS[step.day]!;
      await db.execute(sql`
        insert into patrol_round (road_id, task_id, hold_id, round_date, slot_no, window_start, window_end,
          expected_cards, checked_cards, walker_users, punched_users, shift_id, responsible_users, result, on_time,
          early, late)
        values (${ownRoad}, ${taskId}, ${hold}, ${day}::date, ${step.slot},
          ${day}::date + ${step.slot} * interval '1 hour', ${day}::date + ${step.slot} * interval '1 hour' + interval '30 minutes',
          ${`{${expected.join(',')}}`}::int[], ${`{${checked.join(',')}}`}::int[], ${ids(step.walkers)},
          ${ids(step.punched)}, ${step.shift ? 1 : null}, ${ids(step.responsible)},
          ${step.result === 0 ? null : step.result}, ${onTime}, ${early}, ${late})
        on conflict do nothing`);
      return;
    }
    case 'freeze':
      // As freezeEnded: every unfrozen round of the day at once.
      await db.execute(sql`update patrol_round set result = case when expected_cards <@ checked_cards then 2 else 3 end
        where result is null and round_date = ${DAYS[step.day]!}::date`);
      return;
    case 'check':
      // As a (late) upload: more points checked, on time or late, the accounts that punched, a frozen round decided
      // again.
      await db.execute(sql`update patrol_round r set
          checked_cards = r.expected_cards[1:least(cardinality(r.expected_cards), cardinality(r.checked_cards) + ${step.more}::int)],
          late = (r.late + least(cardinality(r.expected_cards), cardinality(r.checked_cards) + ${step.more}::int)
            - cardinality(r.checked_cards))::smallint,
          punched_users = ${ids(step.punched)},
          result = case when r.result is null then null
            when cardinality(r.checked_cards) + ${step.more}::int >= cardinality(r.expected_cards) then 2 else 3 end
        where r.round_id = ${nthRound(step.pick)}`);
      return;
    case 'move':
      await db.execute(sql`update patrol_round set hold_id = ${f.holds[step.hold]!}
        where round_id = ${nthRound(step.pick)}`);
      return;
    case 'delete':
      await db.execute(sql`delete from patrol_round where round_id = ${nthRound(step.pick)}`);
      return;
    case 'deleteDay':
      await db.execute(sql`delete from patrol_round where round_date = ${DAYS[step.day]!}::date`);
      return;
  }
}

describe('the per-day rollup of 漏檢报表', () => {
  it('equals the rounds counted again after any sequence of changes, and every report answers as the rounds do', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        await h.ctx.db.execute(sql`delete from patrol_round where road_id = any(${`{${f.roads.join(',')}}`}::int[])`);
        for (const step of steps) await apply(step);
        await expectNoDrift();
        await expectSameReports();
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('reads the frozen rounds from the rollup’s index and only the unfrozen ones from the rounds', async () => {
    const filter = { holdIds: f.holds, start: DAYS[0]!, end: DAYS[4]! };
    for (const groupBy of ['road', 'hold', 'date', 'user'] as const) {
      const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
        h.ctx.db,
        sql`explain (format json) ${reportGroupsStatement(filter, groupBy, 'missed', { limit: 20, offset: 0 })}`,
      );
      const text = JSON.stringify(plan!['QUERY PLAN']);
      expect(text, groupBy).toContain('round_day_count');
      // The rounds are read only through a condition on result is null (the unfrozen ones).
      expect(text, groupBy).toMatch(/result IS NULL/);
    }
  });
});

describe('the whole months of a span (the rollup’s month rows)', () => {
  it('are those from its first 1st to the last month it covers to its end', () => {
    expect(wholeMonths('2025-11-28', '2026-11-27')).toEqual({ first: '2025-12-01', last: '2026-10-01' });
    expect(wholeMonths('2026-11-01', '2026-11-30')).toEqual({ first: '2026-11-01', last: '2026-11-01' });
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ first: '2026-02-01', last: '2026-02-01' });
    expect(wholeMonths('2024-02-01', '2024-02-28')).toBeNull();
    expect(wholeMonths('2026-12-01', '2027-01-31')).toEqual({ first: '2026-12-01', last: '2027-01-01' });
    expect(wholeMonths('2026-11-18', '2026-11-20')).toBeNull();
    expect(wholeMonths('2026-10-31', '2026-12-01')).toEqual({ first: '2026-11-01', last: '2026-11-01' });
  });
});

describe('the rollup through the server’s own paths', () => {
  it('follows the freeze, a late upload deciding a frozen round again, an edit and a deletion', async () => {
    await h.ctx.db.execute(sql`delete from patrol_round`);
    const hold = w.a.holdId;
    const cards = [
      await insertCard(h.ctx.db, { holdId: hold, sn: 'ROLL-1', name: '甲点' }),
      await insertCard(h.ctx.db, { holdId: hold, sn: 'ROLL-2', name: '乙点' }),
    ];
    await insertDevice(h.ctx.db, { holdId: hold, deviceNo: 'ROLL-UP', name: '上传机' });
    h.clock.set(new Date('2026-11-21T07:00:00+08:00'));
    const admin = await h.login({ user_name: w.a.admin, user_password: PASSWORD }, true);
    const body = {
      road_id: 0,
      road_name: '汇总时段线',
      hold_id: hold,
      cycle_repeat_type: 1,
      time_slots: [
        { start_time: '08:00', end_time: '09:00' },
        { start_time: '12:00', end_time: '13:00' },
      ],
      user_id_list: [f.users[0]],
      card_id_list: cards,
    };
    const saved = await h.post<{ road_id: number }>('/PatrolRoad/SaveRoadInfo', body, admin);
    expect(saved.code, saved.msg).toBe(200);
    const roadId = saved.data.road_id;
    const report = async () => {
      const reply = await h.post<MissedReportRow[]>(
        '/Report/Missed',
        { hold_id: hold, start_date: '2026-11-21', end_date: '2026-11-21', group_by: 'road', road_id: roadId },
        admin,
      );
      expect(reply.code, reply.msg).toBe(200);
      return reply.data.map((r) => [r.rounds_expected, r.rounds_done, r.points_expected, r.on_time, r.late, r.missed]);
    };
    const upload = async (records: object[]) => {
      const response = await h.app.inject({
        method: 'POST',
        url: '/proxyserver/api/Terminal/UploadPunches',
        headers: { authorization: `Device ${DEVICE_KEY}` },
        payload: { device_no: 'ROLL-UP', records },
      });
      expect(response.json()).toMatchObject({ code: 200 });
    };
    // 08:00–09:00 frozen at 09:10 with one point checked: 1 missed.
    h.clock.set(new Date('2026-11-21T08:20:00+08:00'));
    await upload([{ patrol_sn: 'ROLL-1', punch_time: '2026-11-21 08:15:00' }]);
    h.clock.set(new Date('2026-11-21T09:10:00+08:00'));
    expect((await freezeEndedRounds(h.ctx, h.ctx.db)).length).toBe(1);
    await expectNoDrift();
    expect(await report()).toEqual([[2, 0, 4, 1, 0, 1]]);
    // The other point's punch of 08:40 arrives at 10:00: the frozen round is finished after all.
    h.clock.set(new Date('2026-11-21T10:00:00+08:00'));
    await upload([{ patrol_sn: 'ROLL-2', punch_time: '2026-11-21 08:40:00' }]);
    await expectNoDrift();
    expect(await report()).toEqual([[2, 1, 4, 2, 0, 0]]);
    // An edit at 10:30 remakes the untouched 12:00 round as 14:00–15:00 with one point.
    h.clock.set(new Date('2026-11-21T10:30:00+08:00'));
    const edited = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      {
        ...body,
        road_id: roadId,
        time_slots: [
          { start_time: '08:00', end_time: '09:00' },
          { start_time: '14:00', end_time: '15:00' },
        ],
        card_id_list: [cards[0]],
      },
      admin,
    );
    expect(edited.code, edited.msg).toBe(200);
    await expectNoDrift();
    expect(await report()).toEqual([[2, 1, 3, 2, 0, 0]]);
    // 14:00–15:00 missed, frozen once 15:00 has passed (its end minute is part of it).
    h.clock.set(new Date('2026-11-21T15:02:00+08:00'));
    await freezeEndedRounds(h.ctx, h.ctx.db);
    await expectNoDrift();
    expect(await report()).toEqual([[2, 1, 3, 2, 0, 1]]);
    await expectSameReports();
    // Rounds deleted (as retention removes old days): nothing of them stays in the rollup.
    await h.ctx.db.execute(sql`delete from patrol_round where road_id = ${roadId}`);
    await expectNoDrift();
    expect(await report()).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      h.ctx.db,
      sql`select count(*)::int as n from round_day_count where road_id = ${roadId}`,
    );
    expect(left!.n).toBe(0);
  });
});
