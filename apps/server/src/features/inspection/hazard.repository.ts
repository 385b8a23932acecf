import { sql, type SQL } from 'drizzle-orm';
import type { HazardHistoryLine, HazardRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { account, hazard, hazardHistory, hazardTally, hold } from '../../db/schema.js';
import { localTime, queryRows } from '../../db/sql.js';

/** A hazard found by an abnormal answer (or an occurrence of the open one of its point and item). */
export interface FoundHazard {
  hold_id: number;
  patrol_id: number;
  patrol_name: string;
  patrol_sn: string;
  item_id: number;
  item_text: string;
  answer: string;
  level: number;
  found_time: string;
  found_by: string;
  punch_id: number;
  photo_ids: number[];
}

/**
 * Files hazards in one statement: each a new row, or more occurrences (count, latest punch) of the open hazard of
 * the same point and item (the partial unique index decides, whichever upload gets there first). A batch finding
 * the same item several times counts them in one row: its oldest finding makes the hazard. Answers the findings
 * that made new hazards, oldest first.
 */
export async function fileHazards(q: Queryable, found: readonly FoundHazard[]) {
  if (found.length === 0) return [];
  const groups = new Map<string, { first: FoundHazard; last: FoundHazard; occurrences: number }>();
  for (const h of [...found].sort((a, b) => a.found_time.localeCompare(b.found_time))) {
    const key = `${h.patrol_id}|${h.item_id}`;
    const group = groups.get(key);
    if (group) {
      group.last = h;
      group.occurrences += 1;
    } else groups.set(key, { first: h, last: h, occurrences: 1 });
  }
  const rows = [...groups.values()].map(({ first, last, occurrences }) => ({
    ...first,
    occurrences,
    last_time: last.found_time,
    last_punch_id: last.punch_id,
  }));
  const filed = await queryRows<{ hazard_id: number; patrol_id: number; item_id: number; inserted: boolean }>(
    q,
    sql`
    insert into ${hazard} (hold_id, patrol_id, patrol_name, patrol_sn, item_id, item_text, answer, level, state,
      found_time, found_by, punch_id, photo_ids, occurrences, last_time, last_punch_id)
    select hold_id, patrol_id, patrol_name, patrol_sn, item_id, item_text, answer, level, 0, found_time, found_by,
      punch_id, photo_ids, occurrences, last_time, last_punch_id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as f(hold_id int, patrol_id int, patrol_name text,
      patrol_sn text, item_id int, item_text text, answer text, level smallint, found_time timestamptz,
      found_by text, punch_id bigint, photo_ids bigint[], occurrences int, last_time timestamptz, last_punch_id bigint)
    order by found_time, patrol_id, item_id
    on conflict (patrol_id, item_id) where state in (0, 1, 2) do update set
      occurrences = ${hazard}.occurrences + excluded.occurrences,
      last_punch_id = case when excluded.last_time >= ${hazard}.last_time then excluded.last_punch_id
        else ${hazard}.last_punch_id end,
      last_time = greatest(${hazard}.last_time, excluded.last_time)
    returning hazard_id, patrol_id, item_id, (xmax = 0) as inserted`,
  );
  const made = new Map(
    filed.filter((row) => row.inserted).map((row) => [`${row.patrol_id}|${row.item_id}`, Number(row.hazard_id)]),
  );
  return [...groups].flatMap(([key, { first }]) => {
    const hazardId = made.get(key);
    return hazardId === undefined ? [] : [{ ...first, hazard_id: hazardId }];
  });
}

/** A line of a hazard's history: who moved it from which state to which, when, why, with which photos. */
export interface HazardHistoryEntry {
  hazard_id: number;
  time: Date;
  actor: string;
  actor_id: number | null;
  from_state: number | null;
  to_state: number;
  note: string;
  photo_ids?: number[];
}

/** Adds history lines, all in one statement. */
export async function addHistory(q: Queryable, lines: readonly HazardHistoryEntry[]): Promise<void> {
  if (lines.length === 0) return;
  await q.insert(hazardHistory).values(lines.map((line) => ({ ...line, photo_ids: line.photo_ids ?? [] })));
}

export interface HazardFilter {
  holdIds: number[];
  state?: number | undefined;
  level?: number | undefined;
  patrolId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  overdueOnly?: boolean | null | undefined;
  now: Date;
}

/**
 * The organisations' condition: one organisation (a department's list) an equality, so PostgreSQL walks
 * hazard_hold_time_idx newest first and stops at the page's end (`= any(…)` of one id made it walk the whole
 * table's time index instead: 38 against 1 ms at 1M hazards).
 */
function inHolds(column: SQL, holdIds: number[]): SQL {
  const [only, ...more] = holdIds;
  if (only !== undefined && more.length === 0) return sql`${column} = ${only}`;
  return sql`${column} = any(${sql.param(holdIds)}::int[])`;
}

function whereOf(f: HazardFilter): SQL {
  const parts: SQL[] = [inHolds(sql`z.hold_id`, f.holdIds)];
  if (f.state !== undefined) parts.push(sql`z.state = ${f.state}`);
  if (f.level !== undefined) parts.push(sql`z.level = ${f.level}`);
  if (f.patrolId !== undefined) parts.push(sql`z.patrol_id = ${f.patrolId}`);
  if (f.from) parts.push(sql`z.found_time >= ${f.from}`);
  if (f.to) parts.push(sql`z.found_time < ${f.to}`);
  if (f.overdueOnly) parts.push(sql`z.state = 1 and z.deadline < ${f.now}`);
  return sql.join(parts, sql` and `);
}

export type StoredHazard = HazardRow & {
  path: string;
  punch_id: number | null;
  photo_ids: number[];
  assignee_path: string | null;
};

const rowSelect = (tz: string, now: Date) => sql`
  select z.hazard_id, z.patrol_id, z.patrol_name, z.patrol_sn, z.item_text, z.answer, z.level, z.state,
    ${localTime(sql`z.found_time`, tz)} as found_time, z.found_by, z.occurrences, z.assignee_id,
    coalesce(nullif(a.true_name, ''), a.user_name, '') as assignee_name,
    coalesce(to_char(z.deadline at time zone ${tz}, 'YYYY-MM-DD HH24:MI'), '') as deadline,
    z.hold_id, ho.hold_name, ho.path, (z.state = 1 and z.deadline < ${now}) as overdue,
    ${localTime(sql`z.last_time`, tz)} as last_time, z.punch_id, z.photo_ids::int[] as photo_ids,
    ah.path as assignee_path
  from ${hazard} z
  join ${hold} ho on ho.hold_id = z.hold_id
  left join ${account} a on a.user_id = z.assignee_id
  left join ${hold} ah on ah.hold_id = a.hold_id`;

function normalise(row: StoredHazard): StoredHazard {
  return {
    ...row,
    hazard_id: Number(row.hazard_id),
    level: Number(row.level),
    state: Number(row.state),
    occurrences: Number(row.occurrences),
    punch_id: row.punch_id === null ? null : Number(row.punch_id),
    photo_ids: (row.photo_ids ?? []).map(Number),
  };
}

/**
 * The statement counting the hazards a list covers (one row, `total`): without a span, a point or 仅超期 it sums
 * `hazard_tally` (a row per organisation, state and level, kept by the triggers of migration 0022), else it counts
 * the hazards themselves.
 */
function countOf(f: HazardFilter): SQL {
  if (f.patrolId === undefined && !f.from && !f.to && !f.overdueOnly) {
    const parts: SQL[] = [inHolds(sql`t.hold_id`, f.holdIds)];
    if (f.state !== undefined) parts.push(sql`t.state = ${f.state}`);
    if (f.level !== undefined) parts.push(sql`t.level = ${f.level}`);
    return sql`select coalesce(sum(t.n), 0)::int as total from ${hazardTally} t where ${sql.join(parts, sql` and `)}`;
  }
  return sql`select count(*)::int as total from ${hazard} z where ${whereOf(f)}`;
}

export async function listHazards(
  q: Queryable,
  tz: string,
  filter: HazardFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: StoredHazard[]; total: number }> {
  const where = whereOf(filter);
  const [{ total } = { total: 0 }] = page ? await queryRows<{ total: number }>(q, countOf(filter)) : [{ total: 0 }];
  const rows = await queryRows<StoredHazard>(
    q,
    // NULLS LAST as the indexes are built (drizzle's desc()): a plain DESC (nulls first) cannot walk them.
    sql`${rowSelect(tz, filter.now)} where ${where} order by z.found_time desc nulls last, z.hazard_id desc nulls last
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return { rows: rows.map(normalise), total: page ? Number(total) : rows.length };
}

export async function countHazards(q: Queryable, filter: HazardFilter): Promise<number> {
  const [row] = await queryRows<{ total: number }>(q, countOf(filter));
  return Number(row?.total ?? 0);
}

export async function findHazard(q: Queryable, tz: string, id: number, now: Date, lock = false) {
  if (lock) await q.execute(sql`select 1 from ${hazard} where hazard_id = ${id} for update`);
  const [row] = await queryRows<StoredHazard>(q, sql`${rowSelect(tz, now)} where z.hazard_id = ${id}`);
  return row ? normalise(row) : undefined;
}

/** The caller's hazards in 整改中 (我的整改), soonest deadline first. */
export async function assignedTo(q: Queryable, tz: string, userId: number, now: Date) {
  const rows = await queryRows<StoredHazard>(
    q,
    sql`${rowSelect(tz, now)} where z.assignee_id = ${userId} and z.state = 1 order by z.deadline, z.hazard_id`,
  );
  return rows.map(normalise);
}

export async function historyOf(q: Queryable, tz: string, id: number): Promise<HazardHistoryLine[]> {
  const rows = await queryRows<HazardHistoryLine>(
    q,
    sql`select ${localTime(sql`time`, tz)} as time, actor, from_state, to_state, note, photo_ids::int[] as photo_ids
      from ${hazardHistory} where hazard_id = ${id} order by line_id`,
  );
  return rows.map((row) => ({
    ...row,
    from_state: row.from_state === null ? null : Number(row.from_state),
    to_state: Number(row.to_state),
    photo_ids: (row.photo_ids ?? []).map(Number),
  }));
}

export async function moveHazard(
  q: Queryable,
  id: number,
  values: { state: number; assignee_id?: number; deadline?: Date; closed_time?: Date | null },
): Promise<void> {
  await q.execute(sql`
    update ${hazard} set state = ${values.state}
      ${values.assignee_id !== undefined ? sql`, assignee_id = ${values.assignee_id}` : sql``}
      ${values.deadline !== undefined ? sql`, deadline = ${values.deadline}` : sql``}
      ${values.closed_time !== undefined ? sql`, closed_time = ${values.closed_time}` : sql``}
    where hazard_id = ${id}`);
}

/** A live account with its organisation's path (an assignee must be in scope). */
export async function accountPath(q: Queryable, userId: number) {
  const [row] = await queryRows<{ user_id: number; name: string; path: string }>(
    q,
    sql`select a.user_id, coalesce(nullif(a.true_name, ''), a.user_name) as name, h.path
      from ${account} a join ${hold} h on h.hold_id = a.hold_id
      where a.user_id = ${userId} and a.deleted_at is null`,
  );
  return row;
}

/** Hazards in 整改中 past their deadline (整改超期 to raise; the alert's key makes it once). */
export async function overdueHazards(q: Queryable, now: Date) {
  return queryRows<{
    hazard_id: number;
    hold_id: number;
    patrol_name: string;
    patrol_sn: string;
    item_text: string;
    assignee_name: string;
    deadline: string;
  }>(
    q,
    sql`select z.hazard_id, z.hold_id, z.patrol_name, z.patrol_sn, z.item_text,
      coalesce(nullif(a.true_name, ''), a.user_name, '') as assignee_name, z.deadline::text as deadline
      from ${hazard} z left join ${account} a on a.user_id = z.assignee_id
      where z.state = 1 and z.deadline < ${now}`,
  );
}

export async function stats(q: Queryable, holdIds: number[], from: Date, to: Date) {
  const where = sql`z.hold_id = any(${sql.param(holdIds)}::int[]) and z.found_time >= ${from} and z.found_time < ${to}`;
  const [row] = await queryRows<{
    by_state: Record<string, number> | null;
    by_level: Record<string, number> | null;
    avg_close_hours: number | string | null;
    top_points: { patrol_id: number; patrol_name: string; count: number }[] | null;
  }>(
    q,
    sql`
    select
      (select json_object_agg(state, n) from (select state, count(*)::int as n from ${hazard} z where ${where}
        group by state) s) as by_state,
      (select json_object_agg(level, n) from (select level, count(*)::int as n from ${hazard} z where ${where}
        group by level) l) as by_level,
      (select round((avg(extract(epoch from (z.closed_time - z.found_time))) / 3600)::numeric, 1)
        from ${hazard} z where ${where} and z.state = 3 and z.closed_time is not null) as avg_close_hours,
      (select json_agg(t) from (select z.patrol_id, max(z.patrol_name) as patrol_name, count(*)::int as count
        from ${hazard} z where ${where} group by z.patrol_id order by count(*) desc, z.patrol_id limit 10) t)
        as top_points`,
  );
  return {
    by_state: row?.by_state ?? {},
    by_level: row?.by_level ?? {},
    avg_close_hours:
      row?.avg_close_hours === null || row?.avg_close_hours === undefined ? null : Number(row.avg_close_hours),
    top_points: row?.top_points ?? [],
  };
}
