import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { device, patrolRound, road, roadAccount, roadCard, roundPoint, task } from '../../db/schema.js';
import { roadScheduleColumns, taskScheduleColumns } from '../../db/road-schedule.js';
import { idArray, inIds, queryRows } from '../../db/sql.js';
import type { RoundToMatch } from '../../domain/round-match.js';

/** Which roads or tasks need rounds made: those lacking one on `dates`, of these organisations, grace over midnight. */
export interface RoundOwners {
  /** Only those lacking a stored round on one of these days. */
  dates?: readonly string[];
  /** Only those whose grace reaches over midnight (`graceCrossesMidnight`). */
  graceOnly?: boolean;
  /** Only those of these organisations (an upload's: the device's organisation and its ancestors). */
  holdIds?: readonly number[];
  /**
   * Only these roads and these tasks, with the tasks of these roads (their rounds expect the road's points): what
   * a save changed. Absent both, every road and task.
   */
  roadIds?: readonly number[];
  taskIds?: readonly number[];
}

/**
 * Whether the road or task lacks a stored round on one of `dates` (only those need one made): an upload then
 * builds rounds for the few that lack one instead of every road on every call.
 */
function lacksRoundOn(dates: readonly string[], owner: 'road' | 'task', few: boolean) {
  const [id, kind, slots] =
    owner === 'road'
      ? [road.road_id, sql`pr.task_id is null`, road.time_slots]
      : [task.task_id, sql`pr.task_id is not null`, task.time_slots];
  const key = owner === 'road' ? sql`pr.road_id` : sql`pr.task_id`;
  const days = sql`pr.round_date = any(${sql.param(dates)}::date[])`;
  // (road or task, day, slot) is unique among stored rounds, so a full set of days is a count of rows: a round per
  // slot (one without slots) per day.
  const full = sql`(${new Set(dates).size} * greatest(1, cardinality(${slots}) / 2))`;
  // A few organisations' roads or tasks (an upload's, found by their organisation's index): each one's rounds of
  // the days counted from its own (road or task, day) index; the upload's probe went from 5.8 to 0.6 ms on the 1M
  // set (it scanned every road); a save's few likewise. All of them (the sweep): one pass over the days' rounds, a
  // hashed anti-join on (road or task, count).
  if (few) return sql`(select count(*) from ${patrolRound} pr where ${key} = ${id} and ${kind} and ${days}) < ${full}`;
  return sql`(${id}, ${full}) not in (select ${key}, count(*)::int from ${patrolRound} pr where ${kind} and ${days}
    group by ${key})`;
}

/**
 * The rounds of these organisations on these days, as (organisation, day) pairs: the planner then reads each pair
 * from `patrol_round_hold_day_idx`, where `hold_id = any(…) and round_date = any(…)` leads it to the day index
 * (the table is in day order) and a filter over every organisation's rounds of the days.
 */
function onHoldDays(round: SQL, holdIds: readonly number[], days: readonly string[]) {
  return sql`(${round}.hold_id, ${round}.round_date) in (select h, d from unnest(${idArray(holdIds)}) h
    cross join unnest(${sql.param(days)}::date[]) d)`;
}

/**
 * Whether a road's or task's grace reaches over midnight: its window opens less than the grace after midnight (a
 * punch of the day before may check it early), or, for an overnight window, ends less than the grace before
 * midnight of the next day (a punch two days on may check it late). Only those need a round on a day that only
 * the grace brings to an upload (`roundDays` widened).
 */
function graceCrossesMidnight(columns: { start: SQL | AnyColumn; end: SQL | AnyColumn; grace: SQL | AnyColumn }) {
  const { start, end, grace } = columns;
  return sql`(${grace} > 0 and (coalesce(${start}, 0) < ${grace}
    or (${end} < coalesce(${start}, 0) and ${end} + 1 + ${grace} > ${DAY_MINUTES})))`;
}
const DAY_MINUTES = 24 * 60;

/** Live roads that still produce rounds (not closed), with their accounts now; only the `owners` asked for. */
export async function activeRoads(q: Queryable, owners: RoundOwners = {}) {
  const roads = await q
    .select({
      road_id: road.road_id,
      hold_id: road.hold_id,
      grace_minutes: road.grace_minutes,
      ...roadScheduleColumns,
      /** The shift that walks it (SHIFTS.md), null when its accounts do. */
      shift_id: sql<number | null>`case when ${road.walker_mode} = 'shift' then ${road.shift_id} end`,
    })
    .from(road)
    .where(roadsWanted(owners));
  if (roads.length === 0) return { roads, accounts: [] };
  const accounts = await q
    .select({ road_id: roadAccount.road_id, user_id: roadAccount.user_id })
    .from(roadAccount)
    .where(
      owners.dates
        ? inIds(
            roadAccount.road_id,
            roads.map((r) => r.road_id),
          )
        : undefined,
    );
  return { roads, accounts };
}

/**
 * The points of these roads now, in walking order (of every road when `roadIds` is absent): a road's rounds and
 * its tasks' rounds expect them, whether or not the road itself lacks a round.
 */
export async function roadCards(q: Queryable, roadIds?: readonly number[]) {
  if (roadIds?.length === 0) return [];
  return q
    .select({ road_id: roadCard.road_id, patrol_id: roadCard.patrol_id })
    .from(roadCard)
    .where(roadIds ? inIds(roadCard.road_id, roadIds) : undefined)
    .orderBy(roadCard.road_id, roadCard.position);
}

/** Live tasks whose road is live and open; only the `owners` asked for. */
export async function activeTasks(q: Queryable, owners: RoundOwners = {}) {
  return q
    .select({
      task_id: task.task_id,
      road_id: task.road_id,
      hold_id: task.hold_id,
      object_id: task.object_id,
      ...taskScheduleColumns,
      shift_id: sql<number | null>`case when ${task.walker_mode} = 'shift' then ${task.shift_id} end`,
    })
    .from(task)
    .innerJoin(road, taskRoadLive)
    .innerJoin(device, taskDeviceLive)
    .where(tasksWanted(owners));
}

/** Whether `owners` names roads or tasks (a save's) rather than all of them. */
const namesOwners = ({ roadIds, taskIds }: RoundOwners) => roadIds !== undefined || taskIds !== undefined;
/** Whether `owners` are a few (an upload's organisations', a save's), each looked up by its own index. */
const fewOwners = (owners: RoundOwners) => owners.holdIds !== undefined || namesOwners(owners);

function roadsWanted(owners: RoundOwners) {
  const { dates, graceOnly, holdIds } = owners;
  return and(
    isNull(road.deleted_at),
    isNull(road.closed_at),
    holdIds ? inIds(road.hold_id, holdIds) : undefined,
    namesOwners(owners) ? inIds(road.road_id, owners.roadIds ?? []) : undefined,
    dates ? lacksRoundOn(dates, 'road', fewOwners(owners)) : undefined,
    graceOnly
      ? graceCrossesMidnight({ start: road.start_minute, end: road.end_minute, grace: road.grace_minutes })
      : undefined,
  );
}

/** A task makes rounds while its road is live and open and its device live. */
const taskRoadLive = and(eq(road.road_id, task.road_id), isNull(road.deleted_at), isNull(road.closed_at));
const taskDeviceLive = and(eq(device.object_id, task.object_id), isNull(device.deleted_at));

function tasksWanted(owners: RoundOwners) {
  const { dates, graceOnly, holdIds } = owners;
  return and(
    isNull(task.deleted_at),
    holdIds ? inIds(task.hold_id, holdIds) : undefined,
    namesOwners(owners)
      ? or(inIds(task.task_id, owners.taskIds ?? []), inIds(task.road_id, owners.roadIds ?? []))
      : undefined,
    dates ? lacksRoundOn(dates, 'task', fewOwners(owners)) : undefined,
    graceOnly
      ? graceCrossesMidnight({ start: task.start_minute, end: task.end_minute, grace: task.grace_minutes })
      : undefined,
  );
}

/**
 * Whether a road or task of any of `wanted` lacks its rounds: one probe, since nearly always every round an upload
 * needs is stored already (the sweep and earlier uploads made them).
 */
export async function anyLacking(q: Queryable, wanted: readonly RoundOwners[]): Promise<boolean> {
  const probes = wanted
    .filter((owners) => owners.dates?.length !== 0)
    .flatMap((owners) => [
      sql`exists (${q
        .select({ one: sql`1` })
        .from(road)
        .where(roadsWanted(owners))})`,
      sql`exists (${q
        .select({ one: sql`1` })
        .from(task)
        .innerJoin(road, taskRoadLive)
        .innerJoin(device, taskDeviceLive)
        .where(tasksWanted(owners))})`,
    ]);
  if (probes.length === 0) return false;
  const [row] = await queryRows<{ lacking: boolean }>(q, sql`select ${sql.join(probes, sql` or `)} as lacking`);
  return row?.lacking === true;
}

export interface NewRound {
  road_id: number;
  task_id: number | null;
  hold_id: number;
  round_date: string;
  /** The slot of its day (1-based). */
  slot_no: number;
  window_start: string;
  window_end: string;
  expected_cards: number[];
  walker_users: number[];
  walker_device: number | null;
  /** The road's or task's grace when the round is made (later edits never change the round's results). */
  grace_minutes: number;
  /** Walked by shift: the shift, and those on duty in it that day (whom 漏检 is charged to). */
  shift_id: number | null;
  responsible_users: number[];
}

/**
 * The windows of the rounds already stored on these days of these roads (their own rounds) and tasks: what a day's
 * missing rounds are placed around (`roundsToAdd`). Read by the (road or task, day, slot) indexes.
 */
export async function storedWindows(
  q: Queryable,
  dates: readonly string[],
  owners: { roadIds: readonly number[]; taskIds: readonly number[] },
) {
  if (dates.length === 0 || (owners.roadIds.length === 0 && owners.taskIds.length === 0)) return [];
  return queryRows<{
    road_id: number;
    task_id: number | null;
    round_date: string;
    slot_no: number;
    window_start: string | Date;
    window_end: string | Date;
  }>(
    q,
    sql`select r.road_id, r.task_id, to_char(r.round_date, 'YYYY-MM-DD') as round_date, r.slot_no::int as slot_no,
      r.window_start, r.window_end
    from ${patrolRound} r
    where r.round_date = any(${sql.param(dates)}::date[])
      and ((r.task_id is null and r.road_id = any(${idArray(owners.roadIds)}))
        or r.task_id = any(${idArray(owners.taskIds)}))`,
  );
}

/** Stores rounds not stored yet (a day's slot of a road or task is stored once). */
export async function insertRounds(q: Queryable, rounds: NewRound[]): Promise<void> {
  if (rounds.length === 0) return;
  await q.execute(sql`
    insert into patrol_round (road_id, task_id, hold_id, round_date, slot_no, window_start, window_end,
      expected_cards, walker_users, walker_device, grace_minutes, shift_id, responsible_users)
    select road_id, task_id, hold_id, round_date, slot_no, window_start, window_end, expected_cards, walker_users,
      walker_device, grace_minutes, shift_id, responsible_users
    from jsonb_to_recordset(${JSON.stringify(rounds)}::jsonb) as x(
      road_id int, task_id int, hold_id int, round_date date, slot_no smallint, window_start timestamptz,
      window_end timestamptz,
      expected_cards int[], walker_users int[], walker_device int, grace_minutes smallint, shift_id int,
      responsible_users int[])
    on conflict do nothing`);
}

/**
 * Deletes the stored rounds of `date` of these roads (with their tasks') and tasks that nothing has touched yet: not
 * open, not even to an early punch (the window's start less its grace is still ahead), no point checked, not
 * frozen. A save then makes them again from the road or task as saved; a round already under way keeps what it was
 * made with.
 */
export async function dropUntouched(
  q: Queryable,
  date: string,
  owners: { roadIds: readonly number[]; taskIds: readonly number[] },
  now: Date,
): Promise<void> {
  await q.execute(sql`
    delete from ${patrolRound} r
    where r.round_date = ${date}::date
      and (r.road_id = any(${idArray(owners.roadIds)}) or r.task_id = any(${idArray(owners.taskIds)}))
      and r.result is null and cardinality(r.checked_cards) = 0
      and r.window_start - make_interval(mins => r.grace_minutes) > ${now}
      and not exists (select 1 from ${roundPoint} rp where rp.round_id = r.round_id)`);
}

/** Stored rounds' progress, by road or task and day. */
export async function progressOf(q: Queryable, kind: 'road' | 'task', ids: number[], dates: string[]) {
  if (ids.length === 0 || dates.length === 0) return [];
  // Hand-written: the dashboard reads a row per road and day (4,000 at 2,000 roads), and mapping each field through
  // Drizzle's column objects was a tenth of its time (issue 36). The types are the row's own.
  const column = kind === 'road' ? sql`road_id` : sql`task_id`;
  return queryRows<{
    id: number;
    round_date: string;
    slot_no: number;
    expected: number;
    checked: number;
    grace_minutes: number;
  }>(
    q,
    sql`select ${column} as id, round_date::text as round_date, slot_no, points_expected as expected,
          points_checked as checked, grace_minutes
        from patrol_round
        where ${column} = any(${idArray(ids)}) and round_date = any(${sql.param(dates)}::date[])
          ${kind === 'road' ? sql`and task_id is null` : sql``}`,
  );
}

/**
 * The stored rounds of these organisations on these days, with what `matchRounds` (domain/round-match.ts) needs to
 * decide which of them a punch checks: read once per upload through the (organisation, day) index, a few dozen
 * rows, whatever the batch.
 */
export async function roundsToMatch(
  q: Queryable,
  days: readonly string[],
  holdIds: readonly number[],
): Promise<RoundToMatch[]> {
  if (days.length === 0 || holdIds.length === 0) return [];
  return q
    .select({
      round_id: patrolRound.round_id,
      road_id: patrolRound.road_id,
      hold_id: patrolRound.hold_id,
      task_id: patrolRound.task_id,
      walker_device: patrolRound.walker_device,
      walker_users: patrolRound.walker_users,
      expected_cards: patrolRound.expected_cards,
      window_start: patrolRound.window_start,
      window_end: patrolRound.window_end,
      grace_minutes: patrolRound.grace_minutes,
    })
    .from(patrolRound)
    .where(onHoldDays(sql`${patrolRound}`, holdIds, days));
}

/** A point a stored punch checks in a round: the punch's time and account decide the point's result. */
export interface CheckMark {
  round_id: number;
  patrol_id: number;
  /** ISO 8601. */
  punch_time: string;
  user_id: number | null;
}

/**
 * Records checks (ACCOUNTABILITY.md, Tolerance): each point once in `checked_cards`; in `round_point` the point's
 * first qualifying punch by `punch_time` (a later upload of an earlier punch replaces it, however late it arrives)
 * and its account; then the touched rounds' counts by result (on time, early, late) and accounts that punched,
 * from `round_point`, and the result of those already frozen again (a late upload may complete one: 3 → 2).
 * Set-based, three statements whatever the batch; the touched rounds are locked first in id order, so concurrent
 * uploads neither deadlock nor count from a `round_point` missing the other's rows. Answers the frozen rounds that
 * are finished now (their 漏检 alerts close).
 */
export async function addChecked(q: Queryable, marks: CheckMark[]): Promise<number[]> {
  if (marks.length === 0) return [];
  const roundIds = [...new Set(marks.map((m) => m.round_id))].sort((a, b) => a - b);
  const batch = JSON.stringify(marks);
  await q.execute(sql`
    select round_id from ${patrolRound} where round_id = any(${sql.param(roundIds)}::bigint[])
    order by round_id for update`);
  await q.execute(sql`
    insert into ${roundPoint} (round_id, patrol_id, punch_time, user_id)
    select distinct on (round_id, patrol_id) round_id, patrol_id, punch_time, user_id
    from jsonb_to_recordset(${batch}::jsonb) as m(round_id bigint, patrol_id int, punch_time timestamptz, user_id int)
    order by round_id, patrol_id, punch_time, user_id nulls last
    on conflict (round_id, patrol_id) do update set punch_time = excluded.punch_time, user_id = excluded.user_id
    where excluded.punch_time < ${roundPoint}.punch_time`);
  // Points checked before results were kept have no round_point row: they count as on time (migration 0008).
  const completed = await queryRows<{ round_id: number | string }>(
    q,
    sql`
    with changed as (
    update ${patrolRound} r
    set checked_cards = array(select distinct c from unnest(r.checked_cards || u.cards) c order by c),
        on_time = (s.on_time + (select count(distinct c) from unnest(r.checked_cards || u.cards) c) - s.points)::smallint,
        early = s.early::smallint,
        late = s.late::smallint,
        punched_users = s.users,
        result = case when r.result is null then null
          when r.expected_cards <@ (r.checked_cards || u.cards) then 2 else 3 end
    from (
      select round_id, array_agg(patrol_id) as cards
      from jsonb_to_recordset(${batch}::jsonb) as m(round_id bigint, patrol_id int)
      group by round_id
    ) u
    join (
      select rp.round_id,
        count(*) filter (where rp.punch_time >= pr.window_start and rp.punch_time < pr.window_end) as on_time,
        count(*) filter (where rp.punch_time < pr.window_start) as early,
        count(*) filter (where rp.punch_time >= pr.window_end) as late,
        count(*) as points,
        coalesce(array_agg(distinct rp.user_id) filter (where rp.user_id is not null), '{}'::int[]) as users
      from ${roundPoint} rp
      join ${patrolRound} pr on pr.round_id = rp.round_id
      where rp.round_id = any(${sql.param(roundIds)}::bigint[])
      group by rp.round_id
    ) s on s.round_id = u.round_id
    where r.round_id = u.round_id
    returning r.round_id, r.result
    )
    select round_id from changed where result = 2`,
  );
  return completed.map((row) => Number(row.round_id));
}

/**
 * Freezes every round whose results are final (its window's end plus its grace has come) and that is not frozen
 * yet: 2 finished, 3 abnormal. One statement, the due rounds locked in id order as uploads lock them: however many
 * servers run it at once, each round is frozen by one of them and answered only there.
 */
export async function freezeEnded(q: Queryable, now: Date): Promise<{ round_id: number; result: number }[]> {
  const rows = await queryRows<{ round_id: number | string; result: number }>(
    q,
    // The due rounds' ids taken once, then updated by id: as a join, the planner rescanned the locking subquery
    // for each unfrozen round (150 ms every 30 s with none due, 1,500 unfrozen at 1M; now 2.5 ms).
    sql`
    with due as materialized (
      select round_id from ${patrolRound}
      where result is null and window_end <= ${now} and window_end + make_interval(mins => grace_minutes) <= ${now}
      order by round_id
      for update
    )
    update ${patrolRound} r set result = case when r.expected_cards <@ r.checked_cards then 2 else 3 end
    where r.round_id = any(array(select round_id from due)) and r.result is null
    returning r.round_id, r.result`,
  );
  // bigint ids come back as text from node-postgres.
  return rows.map((row) => ({ round_id: Number(row.round_id), result: Number(row.result) }));
}
