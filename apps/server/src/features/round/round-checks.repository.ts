// Recording checks: the stored rounds a punch may check, the points it checks, the rounds frozen when their time
// is up, and the progress read from them.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { patrolRound, roundPoint } from '../../db/schema.js';
import { idArray, queryRows } from '../../db/sql.js';
import type { RoundToMatch } from '../../domain/round-match.js';

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
 * Stored rounds' windows and progress by road or task: today's, and yesterday's that can still count now: those
 * whose window and own grace reach past `midnight` (today's start), and every one of the `overnight` ids (whose
 * schedule has a window of yesterday reaching today, which such a round may stand for).
 */
export async function progressOf(
  q: Queryable,
  kind: 'road' | 'task',
  ids: number[],
  days: { today: string; yesterday: string; midnight: Date; overnight: number[] },
) {
  if (ids.length === 0) return [];
  // Hand-written: the dashboard reads a row per road today (2,000 at 2,000 roads), and mapping each field through
  // Drizzle's column objects was a tenth of its time (issue 36). The types are the row's own. Yesterday's rounds that
  // ended before midnight are left here: they were half of the rows, read and then passed over (issue 36).
  const column = kind === 'road' ? sql`road_id` : sql`task_id`;
  return queryRows<{
    id: number;
    round_date: string;
    slot_no: number;
    /** The window as epoch milliseconds: a number the driver reads at once, where 8,000 timestamps a call cost. */
    start_ms: number;
    end_ms: number;
    expected: number;
    checked: number;
    grace_minutes: number;
  }>(
    q,
    sql`select ${column} as id, round_date::text as round_date, slot_no,
          extract(epoch from window_start)::float8 * 1000 as start_ms,
          extract(epoch from window_end)::float8 * 1000 as end_ms,
          points_expected as expected, points_checked as checked, grace_minutes
        from patrol_round
        where ${column} = any(${idArray(ids)})
          and round_date = any(${sql.param([days.yesterday, days.today])}::date[])
          and (round_date = ${days.today}::date or window_end + grace_minutes * interval '1 minute' > ${days.midnight}
            or ${column} = any(${idArray(days.overnight)}))
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
