// Making rounds: which roads and tasks lack their rounds of a day, what those are made from, storing them, and
// dropping the untouched ones a save makes again.
import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { device, patrolRound, road, roadAccount, roadCard, roundPoint, task } from '../../db/schema.js';
import { roadScheduleColumns, taskScheduleColumns } from '../../db/road-schedule.js';
import { idArray, inIds, queryRows } from '../../db/sql.js';

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
