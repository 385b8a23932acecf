import { sql, type SQL } from 'drizzle-orm';
import type { MissedReportRow, ReportGroup } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { idArray, localTime, queryRows } from '../../db/sql.js';

/**
 * The missed-round report read from the stored rounds only (ACCOUNTABILITY.md, Reports): `patrol_round` keeps each
 * round's expected and checked points, its result counts and walkers, `round_point` each checked point's first
 * qualifying punch. Names come from the rows the ids name (deleted ones too: history stays readable).
 */

/** Which rounds a report covers. */
export interface RoundFilter {
  holdIds: readonly number[];
  /** `YYYY-MM-DD`, both ends included. */
  start: string;
  end: string;
  roadId?: number;
  userId?: number;
}

/**
 * The accounts a round counts for: walked by shift, those on duty when it was made (SHIFTS.md); else those who
 * punched it, else the road's accounts as they were that day.
 */
const WALKERS = sql`(case when r.shift_id is not null and cardinality(r.responsible_users) > 0 then r.responsible_users
  when cardinality(r.punched_users) > 0 then r.punched_users else r.walker_users end)`;

/** Whom a round is charged to, as `[{user_id, true_name}]`: those on duty in its shift, else the road's accounts. */
const RESPONSIBLE = sql`coalesce((select json_agg(json_build_object('user_id', a.user_id,
    'true_name', coalesce(nullif(a.true_name, ''), a.user_name)) order by x.n)
  from unnest(case when r.shift_id is not null then r.responsible_users when r.task_id is null then r.walker_users
    else '{}'::int[] end) with ordinality x(user_id, n)
  join account a on a.user_id = x.user_id), '[]'::json)`;

/** A round's shown end: the last minute its window includes (08:00–12:00 is stored as ending at 12:01). */
const SHOWN_END = sql`(r.window_end - interval '1 minute')`;

/**
 * The rounds of one road, its own and its tasks': spelled so that the two partial indexes on (road or task, day)
 * find them, instead of a scan of the organisations' span.
 */
function ofRoad(roadId: number): SQL {
  return sql`r.road_id = ${roadId}::int and (r.task_id is null
    or r.task_id = any(array(select t.task_id from task t where t.road_id = ${roadId}::int)))`;
}

function whereRounds(filter: RoundFilter, extra?: SQL): SQL {
  const parts = [
    sql`r.hold_id = any(${idArray(filter.holdIds)})`,
    sql`r.round_date between ${filter.start}::date and ${filter.end}::date`,
  ];
  if (filter.roadId !== undefined) parts.push(ofRoad(filter.roadId));
  if (filter.userId !== undefined) parts.push(sql`${filter.userId}::int = any(${WALKERS})`);
  if (extra) parts.push(extra);
  return sql.join(parts, sql` and `);
}

interface GroupShape {
  /** The grouping expression over `patrol_round r` (and `w` for accounts). */
  key: SQL;
  /** Rows joined to each round before grouping. */
  join: SQL;
  /** The group's name from its key `g.key`. */
  name: SQL;
  /** The key as it is answered. */
  answered: SQL;
}

const GROUPS: Record<ReportGroup, GroupShape> = {
  road: {
    key: sql`r.road_id`,
    join: sql``,
    name: sql`coalesce((select x.road_name from road x where x.road_id = g.key), '')`,
    answered: sql`g.key`,
  },
  user: {
    key: sql`w.user_id`,
    // The arrays hold each account once (punched_users is kept distinct, walker_users comes from a primary key).
    join: sql`cross join lateral unnest(${WALKERS}) w(user_id)`,
    name: sql`coalesce((select coalesce(nullif(x.true_name, ''), x.user_name) from account x where x.user_id = g.key), '')`,
    answered: sql`g.key`,
  },
  hold: {
    key: sql`r.hold_id`,
    join: sql``,
    name: sql`coalesce((select x.hold_name from hold x where x.hold_id = g.key), '')`,
    answered: sql`g.key`,
  },
  date: {
    key: sql`r.round_date`,
    join: sql``,
    name: sql`to_char(g.key, 'YYYY-MM-DD')`,
    answered: sql`to_char(g.key, 'YYYY-MM-DD')`,
  },
};

/** A group as the report answers it (the contract's row). */
export type GroupRow = MissedReportRow;

export type ReportSort = 'missed' | 'rate';

const ORDER: Record<ReportSort, SQL> = {
  missed: sql`n.missed desc, n.group_name collate "C", n.sort_key`,
  rate: sql`n.rate asc nulls last, n.group_name collate "C", n.sort_key`,
};

/** The groups named and sorted, the page cut, and how many groups there are, over the counted rows `c`. */
function groupsOf(
  counted: SQL,
  groupBy: ReportGroup,
  sort: ReportSort,
  page: { limit: number; offset: number } | null,
): SQL {
  const group = GROUPS[groupBy];
  const cut = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`with g as (
      select c.key,
        sum(c.rounds)::int as rounds_expected, sum(c.done)::int as rounds_done,
        sum(c.expected)::int as points_expected, sum(c.on_time)::int as on_time, sum(c.early)::int as early,
        sum(c.late)::int as late, sum(c.missed)::int as missed, sum(c.checked)::int as checked
      from (${counted}) c
      group by 1
    ), n as (
      select ${group.answered} as group_key, ${group.name} as group_name, g.key as sort_key,
        g.rounds_expected, g.rounds_done, g.points_expected, g.on_time, g.early, g.late, g.missed,
        case when g.points_expected > 0 then round(100.0 * g.checked / g.points_expected, 1)::float8 end as rate
      from g
    )
    select t.total, p.group_key, p.group_name, p.rounds_expected, p.rounds_done, p.points_expected, p.on_time,
      p.early, p.late, p.missed, p.rate
    from (select count(*)::int as total from g) t
    left join lateral (select n.* from n order by ${ORDER[sort]} ${cut}) p on true`;
}

/** Rounds of `patrol_round r` counted as the report counts them (one row per round, or per round and account). */
function countedRounds(filter: RoundFilter, groupBy: ReportGroup, extra?: SQL): SQL {
  const group = GROUPS[groupBy];
  return sql`select ${group.key} as key, count(*) as rounds, count(*) filter (where r.result = 2) as done,
      coalesce(sum(r.points_expected), 0) as expected, coalesce(sum(r.on_time), 0) as on_time,
      coalesce(sum(r.early), 0) as early, coalesce(sum(r.late), 0) as late,
      coalesce(sum(r.points_expected - r.points_checked) filter (where r.result is not null), 0) as missed,
      coalesce(sum(r.points_checked), 0) as checked
    from patrol_round r ${group.join}
    where ${whereRounds(filter, extra)}
    group by 1`;
}

/** The rollup's key for each grouping (`round_day_count d`). */
const ROLLUP_KEYS: Record<ReportGroup, SQL> = {
  road: sql`d.road_id`,
  user: sql`d.user_id`,
  hold: sql`d.hold_id`,
  date: sql`d.round_date`,
};

/** `YYYY-MM-DD` of a day `days` after `date`. */
function dayAfter(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The whole months of a span `[start, end]` as the first day of the first and of the last, or null when it holds
 * none: the month rows of the rollup stand for them, the day rows for the days at either end.
 */
export function wholeMonths(start: string, end: string): { first: string; last: string } | null {
  const first = start.endsWith('-01') ? start : `${dayAfter(`${start.slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
  const next = dayAfter(end, 1);
  const last = next.endsWith('-01')
    ? `${end.slice(0, 7)}-01`
    : `${dayAfter(`${end.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  return first <= last ? { first, last } : null;
}

/**
 * The frozen rounds of the span from the rollup `round_day_count` (migrations 0021, 0024), read from its index
 * alone: by date, the organisations' days (kind 2); by road, organisation or account, the months wholly inside the
 * span (kind 1) and the days at its ends (kind 0). An account's rows (`user_id` > 0) serve 巡检人 and the account
 * filter.
 */
function countedRollup(filter: RoundFilter, groupBy: ReportGroup): SQL {
  const user =
    filter.userId !== undefined
      ? sql`d.user_id = ${filter.userId}::int`
      : groupBy === 'user'
        ? sql`d.user_id > 0`
        : sql`d.user_id = 0`;
  const rows = (kind: number, from: string, to: string) => sql`select ${ROLLUP_KEYS[groupBy]} as key, d.rounds,
      d.rounds_done as done, d.points_expected as expected, d.on_time, d.early, d.late, d.missed, d.checked
    from round_day_count d
    where d.kind = ${kind}::smallint and ${user} and d.hold_id = any(${idArray(filter.holdIds)})
      and d.round_date between ${from}::date and ${to}::date`;
  if (groupBy === 'date') return rows(2, filter.start, filter.end);
  const months = wholeMonths(filter.start, filter.end);
  if (!months) return rows(0, filter.start, filter.end);
  const parts = [rows(1, months.first, months.last)];
  if (filter.start < months.first) parts.push(rows(0, filter.start, dayAfter(months.first, -1)));
  const afterLast = `${dayAfter(months.last, 32).slice(0, 7)}-01`;
  if (afterLast <= filter.end) parts.push(rows(0, afterLast, filter.end));
  return sql.join(parts, sql` union all `);
}

/**
 * The statement of `reportGroups`: the frozen rounds of the span summed from the rollup `round_day_count` (kept
 * exact by triggers on `patrol_round`: a year at 2,000 roads × 4 slots is 2.9M rounds, but 24k month rows and 60k
 * day rows at most) and the rounds not frozen yet (today's, a few) counted from `patrol_round` through its index of
 * unfrozen rounds; the groups named and sorted, the page cut, and how many groups there are. One road's report
 * counts its rounds themselves (a year of them is 1,460 rounds at four slots, found by the road's own index), and so
 * does 巡检人 with one account picked (a group is each account charged with that account's rounds, its fellow
 * walkers too, which the rollup does not hold). `page` null: every group.
 */
export function reportGroupsStatement(
  filter: RoundFilter,
  groupBy: ReportGroup,
  sort: ReportSort,
  page: { limit: number; offset: number } | null,
): SQL {
  if (filter.roadId !== undefined || (groupBy === 'user' && filter.userId !== undefined)) {
    return reportGroupsFromRounds(filter, groupBy, sort, page);
  }
  const counted = sql`${countedRollup(filter, groupBy)}
    union all
    ${countedRounds(filter, groupBy, sql`r.result is null`)}`;
  return groupsOf(counted, groupBy, sort, page);
}

/**
 * The same report counted from the stored rounds alone (index `(hold_id, round_date)`, which carries the counts
 * added up): what the rollup must always answer, and the statement the tests compare it with.
 */
export function reportGroupsFromRounds(
  filter: RoundFilter,
  groupBy: ReportGroup,
  sort: ReportSort,
  page: { limit: number; offset: number } | null,
): SQL {
  return groupsOf(countedRounds(filter, groupBy), groupBy, sort, page);
}

/** One page of the report's groups and how many groups there are, in one statement (`reportGroupsStatement`). */
export async function reportGroups(
  q: Queryable,
  filter: RoundFilter,
  groupBy: ReportGroup,
  sort: ReportSort,
  page: { limit: number; offset: number } | null,
  statement: typeof reportGroupsStatement = reportGroupsStatement,
): Promise<{ rows: GroupRow[]; total: number }> {
  const rows = await queryRows<GroupRow & { total: number }>(q, statement(filter, groupBy, sort, page));
  const total = rows[0]?.total ?? 0;
  return {
    total,
    rows: rows
      .filter((row) => row.group_key !== null)
      .map(({ total: _total, ...row }) => ({ ...row, rate: row.rate === null ? null : Number(row.rate) })),
  };
}

/** What picks one group's rounds. */
export type GroupPick =
  | { by: 'road'; roadId: number }
  | { by: 'user'; userId: number }
  | { by: 'hold'; holdId: number }
  | { by: 'date'; date: string };

function pickOf(pick: GroupPick): SQL {
  switch (pick.by) {
    case 'road':
      return ofRoad(pick.roadId);
    case 'user':
      return sql`${pick.userId}::int = any(${WALKERS})`;
    case 'hold':
      return sql`r.hold_id = ${pick.holdId}::int`;
    case 'date':
      return sql`r.round_date = ${pick.date}::date`;
  }
}

export interface RoundRow {
  round_id: number;
  round_date: string;
  slot_no: number;
  road_id: number;
  road_name: string;
  task_id: number | null;
  task_name: string;
  window_start: string;
  window_end: string;
  walkers: string;
  responsible: { user_id: number; true_name: string }[];
  /** The stored result (2 or 3 once frozen, else null) and whether the window has opened. */
  frozen: number | null;
  opened: boolean;
  missed: { patrol_id: number; patrol_name: string; patrol_sn: string }[];
}

/**
 * One group's rounds, newest first, a page at a time, with the walkers' names (a task's device when nobody punched
 * it) and, for frozen rounds, the points not checked in the road's order. `onlyMissed`: frozen rounds with a
 * missed point only.
 */
export async function groupRounds(
  q: Queryable,
  tz: string,
  now: Date,
  filter: RoundFilter,
  pick: GroupPick,
  onlyMissed: boolean,
  page: { limit: number; offset: number },
): Promise<{ rows: RoundRow[]; total: number }> {
  const missedOnly = onlyMissed ? sql`r.result is not null and r.points_expected > r.points_checked` : undefined;
  const where = whereRounds(filter, missedOnly ? sql`${pickOf(pick)} and ${missedOnly}` : pickOf(pick));
  const rows = await queryRows<RoundRow & { total: number }>(
    q,
    sql`select t.total, p.*
    from (select count(*)::int as total from patrol_round r where ${where}) t
    left join lateral (
      select r.round_id::int as round_id, to_char(r.round_date, 'YYYY-MM-DD') as round_date, r.slot_no::int as slot_no,
        r.road_id,
        coalesce(rd.road_name, '') as road_name, r.task_id, coalesce(tk.task_name, '') as task_name,
        ${localTime(sql`r.window_start`, tz)} as window_start, ${localTime(SHOWN_END, tz)} as window_end,
        coalesce(case when cardinality(${WALKERS}) > 0 then
            (select string_agg(coalesce(nullif(a.true_name, ''), a.user_name), ',' order by w.n)
             from unnest(${WALKERS}) with ordinality w(user_id, n) join account a on a.user_id = w.user_id)
          else (select d.object_name from device d where d.object_id = r.walker_device) end, '') as walkers,
        ${RESPONSIBLE} as responsible,
        r.result as frozen, r.window_start <= ${now} as opened,
        case when r.result is null then '[]'::json else coalesce(
          (select json_agg(json_build_object('patrol_id', e.patrol_id, 'patrol_name', coalesce(pc.patrol_name, ''),
              'patrol_sn', coalesce(pc.patrol_sn, '')) order by e.n)
           from unnest(r.expected_cards) with ordinality e(patrol_id, n)
           left join patrol_card pc on pc.patrol_id = e.patrol_id
           where not (e.patrol_id = any(r.checked_cards))), '[]'::json) end as missed
      from patrol_round r
      left join road rd on rd.road_id = r.road_id
      left join task tk on tk.task_id = r.task_id
      where ${where}
      order by r.round_date desc, r.window_start desc, r.slot_no desc, r.round_id desc
      limit ${page.limit} offset ${page.offset}
    ) p on true`,
  );
  const total = rows[0]?.total ?? 0;
  return { total, rows: rows.filter((row) => row.round_id !== null).map(({ total: _total, ...row }) => row) };
}

export interface StoredRound {
  round_id: number;
  hold_id: number;
  road_id: number;
  road_name: string;
  task_id: number | null;
  task_name: string;
  round_date: string;
  slot_no: number;
  window_start: string;
  window_end: string;
  grace_minutes: number;
  responsible: { user_id: number; true_name: string }[];
  frozen: number | null;
  opened: boolean;
}

/** A stored round with its road's and task's names, or undefined. */
export async function findRound(
  q: Queryable,
  tz: string,
  now: Date,
  roundId: number,
): Promise<StoredRound | undefined> {
  const [row] = await queryRows<StoredRound>(
    q,
    sql`select r.round_id::int as round_id, r.hold_id, r.road_id, coalesce(rd.road_name, '') as road_name, r.task_id,
      coalesce(tk.task_name, '') as task_name, to_char(r.round_date, 'YYYY-MM-DD') as round_date,
      r.slot_no::int as slot_no, ${localTime(sql`r.window_start`, tz)} as window_start, ${localTime(SHOWN_END, tz)} as window_end,
      r.grace_minutes::int as grace_minutes, ${RESPONSIBLE} as responsible, r.result as frozen,
      r.window_start <= ${now} as opened
    from patrol_round r
    left join road rd on rd.road_id = r.road_id
    left join task tk on tk.task_id = r.task_id
    where r.round_id = ${roundId}`,
  );
  return row;
}

export interface PointRow {
  patrol_id: number;
  patrol_name: string;
  patrol_sn: string;
  result: number;
  punch_time: string | null;
}

/**
 * A round's points in the road's order with their results: a checked point by its first qualifying punch (before
 * the window 早到, at or after its end 迟到, else 正常; checked before results were kept: 正常 without a time), an
 * unchecked one 待检 until the round is frozen, then 漏检.
 */
export async function roundPoints(q: Queryable, tz: string, roundId: number): Promise<PointRow[]> {
  return queryRows<PointRow>(
    q,
    sql`select e.patrol_id, coalesce(pc.patrol_name, '') as patrol_name, coalesce(pc.patrol_sn, '') as patrol_sn,
      case when rp.punch_time is not null then
          case when rp.punch_time < r.window_start then 2 when rp.punch_time >= r.window_end then 3 else 1 end
        when e.patrol_id = any(r.checked_cards) then 1
        when r.result is not null then 4 else 0 end as result,
      case when rp.punch_time is null then null else ${localTime(sql`rp.punch_time`, tz)} end as punch_time
    from patrol_round r
    cross join lateral unnest(r.expected_cards) with ordinality e(patrol_id, n)
    left join patrol_card pc on pc.patrol_id = e.patrol_id
    left join round_point rp on rp.round_id = r.round_id and rp.patrol_id = e.patrol_id
    where r.round_id = ${roundId}
    order by e.n`,
  );
}

/** The organisation of a road, an account or an organisation itself (deleted ones too), with its path. */
export async function ownerOf(
  q: Queryable,
  kind: 'road' | 'account' | 'hold',
  id: number,
): Promise<{ hold_id: number; path: string } | undefined> {
  const from =
    kind === 'road'
      ? sql`road o join hold h on h.hold_id = o.hold_id where o.road_id = ${id}::int`
      : kind === 'account'
        ? sql`account o join hold h on h.hold_id = o.hold_id where o.user_id = ${id}::int`
        : sql`hold h where h.hold_id = ${id}::int`;
  const [row] = await queryRows<{ hold_id: number; path: string }>(q, sql`select h.hold_id, h.path from ${from}`);
  return row;
}
