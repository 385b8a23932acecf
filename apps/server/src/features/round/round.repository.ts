import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { device, hold, patrolRound, road, roadAccount, roadCard, task } from '../../db/schema.js';
import { roadScheduleColumns } from '../../db/road-schedule.js';
import { inIds, queryRows } from '../../db/sql.js';

/**
 * Whether the road or task lacks a stored round on one of `dates` (only those need one made): an upload then
 * builds rounds for the few that lack one instead of every road on every call. One pass over the days' rounds
 * (a hashed anti-join), not a look-up per road and day.
 */
function lacksRoundOn(dates: readonly string[], owner: 'road' | 'task') {
  const [id, kind] =
    owner === 'road' ? [road.road_id, sql`pr.task_id is null`] : [task.task_id, sql`pr.task_id is not null`];
  const key = owner === 'road' ? sql`pr.road_id` : sql`pr.task_id`;
  // (road or task, day) is unique among stored rounds, so a full set of days is a count of rows.
  return sql`${id} not in (select ${key} from ${patrolRound} pr
    where ${kind} and pr.round_date = any(${sql.param(dates)}::date[])
    group by ${key} having count(*) = ${new Set(dates).size})`;
}

/**
 * Live roads that still produce rounds (not closed), with their points and accounts now; with `dates`, only the
 * roads that lack a stored round on one of them.
 */
export async function activeRoads(q: Queryable, dates?: readonly string[]) {
  const roads = await q
    .select({
      road_id: road.road_id,
      hold_id: road.hold_id,
      ...roadScheduleColumns,
    })
    .from(road)
    .where(and(isNull(road.deleted_at), isNull(road.closed_at), dates ? lacksRoundOn(dates, 'road') : undefined));
  if (roads.length === 0) return { roads, cards: [], accounts: [] };
  const roadIds = dates
    ? inIds(
        roadCard.road_id,
        roads.map((r) => r.road_id),
      )
    : undefined;
  const cards = await q
    .select({ road_id: roadCard.road_id, patrol_id: roadCard.patrol_id })
    .from(roadCard)
    .where(roadIds)
    .orderBy(roadCard.road_id, roadCard.position);
  const accounts = await q
    .select({ road_id: roadAccount.road_id, user_id: roadAccount.user_id })
    .from(roadAccount)
    .where(
      dates
        ? inIds(
            roadAccount.road_id,
            roads.map((r) => r.road_id),
          )
        : undefined,
    );
  return { roads, cards, accounts };
}

/** Live tasks whose road is live and open; with `dates`, only those that lack a stored round on one of them. */
export async function activeTasks(q: Queryable, dates?: readonly string[]) {
  return q
    .select({
      task_id: task.task_id,
      road_id: task.road_id,
      hold_id: task.hold_id,
      object_id: task.object_id,
      cycle_repeat_mode: task.cycle_repeat_mode,
      cycle_items: task.cycle_items,
      single_date: task.single_date,
      start_minute: task.start_minute,
      end_minute: task.end_minute,
      expire_date: task.expire_date,
      created_at: task.create_time,
    })
    .from(task)
    .innerJoin(road, and(eq(road.road_id, task.road_id), isNull(road.deleted_at), isNull(road.closed_at)))
    .innerJoin(device, and(eq(device.object_id, task.object_id), isNull(device.deleted_at)))
    .where(and(isNull(task.deleted_at), dates ? lacksRoundOn(dates, 'task') : undefined));
}

export interface NewRound {
  road_id: number;
  task_id: number | null;
  hold_id: number;
  round_date: string;
  window_start: string;
  window_end: string;
  expected_cards: number[];
  walker_users: number[];
  walker_device: number | null;
}

/** Stores rounds not stored yet (a day's round of a road or task is stored once). */
export async function insertRounds(q: Queryable, rounds: NewRound[]): Promise<void> {
  if (rounds.length === 0) return;
  await q.execute(sql`
    insert into patrol_round (road_id, task_id, hold_id, round_date, window_start, window_end, expected_cards, walker_users, walker_device)
    select road_id, task_id, hold_id, round_date, window_start, window_end, expected_cards, walker_users, walker_device
    from jsonb_to_recordset(${JSON.stringify(rounds)}::jsonb) as x(
      road_id int, task_id int, hold_id int, round_date date, window_start timestamptz, window_end timestamptz,
      expected_cards int[], walker_users int[], walker_device int)
    on conflict do nothing`);
}

/** Stored rounds' progress, by road or task and day. */
export async function progressOf(q: Queryable, kind: 'road' | 'task', ids: number[], dates: string[]) {
  if (ids.length === 0 || dates.length === 0) return [];
  const column = kind === 'road' ? patrolRound.road_id : patrolRound.task_id;
  return q
    .select({
      id: column,
      round_date: patrolRound.round_date,
      expected: sql<number>`cardinality(${patrolRound.expected_cards})`,
      checked: sql<number>`cardinality(${patrolRound.checked_cards})`,
    })
    .from(patrolRound)
    .where(
      and(
        inIds(column, ids),
        sql`${patrolRound.round_date} = any(${sql.param(dates)}::date[])`,
        kind === 'road' ? isNull(patrolRound.task_id) : undefined,
      ),
    );
}

/** A punch to be matched against stored rounds. */
export interface PunchToMatch {
  idx: number;
  punch_time: string;
  patrol_id: number;
  user_id: number | null;
  object_id: number;
  /** The device's organisation path: a round counts only punches from devices under its organisation. */
  device_path: string;
}

/**
 * The one decision of which rounds a punch checks: its point is expected, it falls inside the window, and it was
 * made by one of the round's walkers (a task: its device; a road: a bound account, any account when none are
 * bound, or any device when the punch names no account), from a device under the round's organisation.
 */
export async function matchRounds(q: Queryable, punches: PunchToMatch[], days: readonly string[]) {
  if (punches.length === 0) return [];
  // Only the rounds of the punches' days that expect one of their points, one row per expected point, joined on
  // the point by hash: a year of stored rounds costs nothing, where a window-range scan would read every round
  // started before the punch.
  return queryRows<{ idx: number; round_id: number; road_id: number; road_name: string; patrol_id: number }>(
    q,
    sql`
    select p.idx, r.round_id, r.road_id, rd.road_name, p.patrol_id
    from jsonb_to_recordset(${JSON.stringify(punches)}::jsonb)
      as p(idx int, punch_time timestamptz, patrol_id int, user_id int, object_id int, device_path text)
    join (select r.*, e.patrol_id as expected_card from ${patrolRound} r
        cross join lateral (select distinct unnest(r.expected_cards) as patrol_id) e
        where r.round_date = any(${sql.param(days)}::date[])
          and r.expected_cards && ${sql.param([...new Set(punches.map((p) => p.patrol_id))])}::int[]) r
      on r.expected_card = p.patrol_id and r.window_start <= p.punch_time and p.punch_time < r.window_end
    join ${road} rd on rd.road_id = r.road_id
    join ${hold} rh on rh.hold_id = r.hold_id
    where p.device_path like rh.path || '%'
      and case when r.task_id is not null then r.walker_device = p.object_id
               else p.user_id is null or cardinality(r.walker_users) = 0 or p.user_id = any(r.walker_users) end
    order by p.idx, r.road_id, r.round_id`,
  );
}

/** Adds checked points to rounds (each point once); rounds already ended get their result again. */
export async function addChecked(
  q: Queryable,
  marks: { round_id: number; patrol_id: number }[],
  now: Date,
): Promise<void> {
  if (marks.length === 0) return;
  await q.execute(sql`
    update patrol_round r
    set checked_cards = array(select distinct c from unnest(r.checked_cards || u.cards) c order by c),
        result = case when r.window_end <= ${now} then
          case when r.expected_cards <@ (r.checked_cards || u.cards) then 2 else 3 end else r.result end
    from (
      select round_id, array_agg(patrol_id) as cards
      from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as m(round_id bigint, patrol_id int)
      group by round_id
    ) u
    where r.round_id = u.round_id`);
}

/** Freezes the result of every round whose window has ended: 2 finished, 3 abnormal. */
export async function freezeEnded(q: Queryable, now: Date): Promise<void> {
  await q.execute(sql`
    update patrol_round set result = case when expected_cards <@ checked_cards then 2 else 3 end
    where result is null and window_end <= ${now}`);
}
