import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { idArray, queryRows } from '../../db/sql.js';

/**
 * The live roads of the organisations with their schedules: what their status needs but for the points of a road
 * whose round is not stored yet (`liveCardCounts`, asked only for those).
 */
export async function roadSchedules(q: Queryable, holdIds: number[]) {
  // Hand-written: 2,000 roads mapped field by field through Drizzle's column objects were a tenth of Summary's time
  // (issue 36); times come as epoch milliseconds, numbers the driver reads at once. The points are not counted here:
  // joined to every road, their count was 20 of this statement's 26 ms at 2,000 roads and 20,000 points, and a road
  // needs it only for a round not stored yet, which today's sweep leaves to very few.
  const rows = await queryRows<{
    road_id: number;
    cycle_repeat_type: number;
    cycle_items: number[];
    start_minute: number | null;
    end_minute: number | null;
    time_slots: number[];
    grace_minutes: number;
    created_ms: number;
    closed_ms: number | null;
  }>(
    q,
    sql`select road_id, cycle_repeat_type, cycle_items, start_minute, end_minute, time_slots, grace_minutes,
          extract(epoch from create_time)::float8 * 1000 as created_ms,
          extract(epoch from closed_at)::float8 * 1000 as closed_ms
        from road
        where deleted_at is null and hold_id = any(${idArray(holdIds)})`,
  );
  // Each row built whole: a rest pattern's copy cost 3.5 ms at 2,000 roads, and its rows were slower to read after.
  return rows.map((row) => ({
    road_id: row.road_id,
    cycle_repeat_type: row.cycle_repeat_type,
    cycle_items: row.cycle_items,
    start_minute: row.start_minute,
    end_minute: row.end_minute,
    time_slots: row.time_slots,
    grace_minutes: row.grace_minutes,
    created_at: new Date(row.created_ms),
    closed_at: row.closed_ms === null ? null : new Date(row.closed_ms),
  }));
}

/** How many live points each of these roads has (a road without any is left out). */
export async function liveCardCounts(q: Queryable, roadIds: number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ road_id: number; cards: number }>(
    q,
    sql`select rc.road_id, count(*)::int as cards
        from road_card rc join patrol_card pc on pc.patrol_id = rc.patrol_id and pc.deleted_at is null
        where rc.road_id = any(${idArray(roadIds)})
        group by rc.road_id`,
  );
  return new Map(rows.map((row) => [row.road_id, row.cards]));
}

/**
 * Today's stored rounds of the organisations: missed points of frozen rounds (the report's 漏检, from the same stored
 * results), and checked ÷ expected of opened ones.
 */
export async function roundFigures(q: Queryable, holdIds: number[], today: string, now: Date) {
  const [row] = await queryRows<{ missed: number; checked: number; expected: number }>(
    q,
    sql`select
      coalesce(sum(points_expected - points_checked) filter (where result is not null), 0)::int as missed,
      coalesce(sum(points_checked) filter (where window_start <= ${now}), 0)::int as checked,
      coalesce(sum(points_expected) filter (where window_start <= ${now}), 0)::int as expected
    from patrol_round where round_date = ${today}::date and hold_id = any(${idArray(holdIds)})`,
  );
  return row ?? { missed: 0, checked: 0, expected: 0 };
}

/** Distinct people who punched in [from, to); a punch without an account counts its terminal. */
export async function peopleWhoPunched(q: Queryable, holdIds: number[], from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    q,
    // The accounts, and the terminals of punches without one, counted apart: distinct numbers sort faster than the
    // distinct texts one count of both needed (5.7 against 15-22 ms over 15,609 punches of a day at 10M).
    sql`select (count(distinct user_id) + count(distinct device_no) filter (where user_id is null))::int as n
    from punch where punch_time >= ${from} and punch_time < ${to} and hold_id = any(${idArray(holdIds)})`,
  );
  return row?.n ?? 0;
}

/** Punches per local day in [from, to). */
export async function punchesPerDay(q: Queryable, holdIds: number[], from: Date, to: Date, tz: string) {
  return queryRows<{ date: string; n: number }>(
    q,
    sql`select to_char(punch_time at time zone ${tz}, 'YYYY-MM-DD') as date, count(*)::int as n
    from punch where punch_time >= ${from} and punch_time < ${to} and hold_id = any(${idArray(holdIds)})
    group by 1`,
  );
}

/** Checked and expected points per day over the stored rounds whose window had opened by `now`. */
export async function roundsPerDay(q: Queryable, holdIds: number[], fromDay: string, toDay: string, now: Date) {
  return queryRows<{ date: string; checked: number; expected: number }>(
    q,
    sql`select to_char(round_date, 'YYYY-MM-DD') as date, sum(points_checked)::int as checked,
      sum(points_expected)::int as expected
    from patrol_round
    where round_date between ${fromDay}::date and ${toDay}::date and window_start <= ${now}
      and hold_id = any(${idArray(holdIds)})
    group by 1`,
  );
}

/** The points behind the missed-checks figure: not checked in today's frozen rounds (their results are final). */
export async function missedPoints(q: Queryable, holdIds: number[], today: string, tz: string) {
  return queryRows<{
    round_id: number;
    road_name: string;
    task_name: string | null;
    patrol_name: string;
    patrol_sn: string;
    window: string;
  }>(
    q,
    sql`select r.round_id::int as round_id, rd.road_name, t.task_name, pc.patrol_name, pc.patrol_sn,
      to_char(r.window_start at time zone ${tz}, 'HH24:MI') || '-' ||
        to_char((r.window_end - interval '1 minute') at time zone ${tz}, 'HH24:MI') as window
    from patrol_round r
    cross join lateral unnest(r.expected_cards) with ordinality as e(patrol_id, position)
    join road rd on rd.road_id = r.road_id
    left join task t on t.task_id = r.task_id
    join patrol_card pc on pc.patrol_id = e.patrol_id
    where r.round_date = ${today}::date and r.result is not null and r.hold_id = any(${idArray(holdIds)})
      and not (e.patrol_id = any(r.checked_cards))
    order by r.window_end desc, rd.road_name, e.position`,
  );
}
