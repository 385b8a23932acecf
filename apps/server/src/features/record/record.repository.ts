import { and, desc, fillPlaceholders, lt, or, sql, type AnyColumn, type SQL, type SQLChunk } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PunchRow } from '@guard-tour/contract';
import { queryArrays, queryJson, type Db, type Queryable } from '../../db/client.js';
import { JsonRowShape, WrittenPage } from '../../db/json-rows.js';
import { punch, punchCount, punchDevice, punchPerson } from '../../db/schema.js';
import { statementCache } from '../../db/statements.js';
import { punchRowColumns } from '../../db/punch-row.js';
import { arrayRowReader } from '../../db/array-rows.js';
import { containsPattern, queryRows } from '../../db/sql.js';
import type { Span } from '../../domain/time-range.js';

/** The punch fields keywords search in. */
export type PunchTextField = 'patrol_sn' | 'patrol_name' | 'device_no' | 'object_name' | 'user_name' | 'true_name';

const textColumns: Record<PunchTextField, AnyColumn> = {
  patrol_sn: punch.patrol_sn,
  patrol_name: punch.patrol_name,
  device_no: punch.device_no,
  object_name: punch.object_name,
  user_name: punch.user_name,
  true_name: punch.true_name,
};

/** A keyword that must occur (case-insensitive substring) in at least one of its fields. */
export interface KeyFilter {
  fields: PunchTextField[];
  key: string;
}

/** Which punches a record list covers: organisations, a time span and keywords (all must match). */
export interface PunchFilter {
  holdIds: number[];
  span: Span;
  keys: KeyFilter[];
  /** Only punches that raised 疑似代打 or 时钟异常. */
  flaggedOnly?: boolean;
}

/**
 * How a filter's values enter a statement: bound at once (`boundValue`), or as named placeholders of a statement
 * built once and run with `filterValues`, whose names they carry.
 */
type Bind = (name: string, value: unknown) => SQLChunk;
const boundValue: Bind = (_name, value) => sql.param(value);
const placeholder: Bind = (name) => sql.placeholder(name);

const liveKeys = (filter: PunchFilter) => filter.keys.filter((k) => k.key !== '');

/**
 * The organisations' condition. One organisation (a department's list, what most people open) is an equality, so
 * PostgreSQL can walk the (hold_id, punch_time, punch_id) index newest first and stop at the page's end; `= any(…)`
 * of even one id makes it fetch and sort the whole span.
 */
function inHolds(column: AnyColumn, values: FilterValues, bind: Bind): SQL {
  if (values.holdId !== undefined) return sql`${column} = ${bind('holdId', values.holdId)}`;
  return sql`${column} = any(${bind('holdIds', values.holdIds)}::int[])`;
}

/**
 * The values a filter's statements bind, under the names their placeholders carry: read for every list call, so
 * made directly, not by building the statement's SQL again to collect them (a tree of Drizzle's objects a request).
 */
interface FilterValues {
  holdId?: number;
  holdIds?: number[];
  from?: Date;
  to?: Date;
  [key: `key${number}`]: string;
}

function filterValues(filter: PunchFilter): FilterValues {
  const [only, ...more] = filter.holdIds;
  const values: FilterValues = only !== undefined && more.length === 0 ? { holdId: only } : { holdIds: filter.holdIds };
  if (filter.span.from) values.from = filter.span.from;
  if (filter.span.to) values.to = filter.span.to;
  liveKeys(filter).forEach((k, i) => {
    values[`key${i}`] = containsPattern(k.key);
  });
  return values;
}

export function punchWhere(filter: PunchFilter, bind: Bind = boundValue): SQL | undefined {
  const values = filterValues(filter);
  return and(
    inHolds(punch.hold_id, values, bind),
    values.from ? sql`${punch.punch_time} >= ${bind('from', values.from)}` : undefined,
    values.to ? sql`${punch.punch_time} < ${bind('to', values.to)}` : undefined,
    filter.flaggedOnly ? sql`${punch.flag} <> 0` : undefined,
    ...liveKeys(filter).map((k, i) => {
      const pattern = () => bind(`key${i}`, values[`key${i}`]);
      const matches = (column: (field: PunchTextField) => SQLChunk) =>
        or(...k.fields.map((field) => sql`${column(field)} ilike ${pattern()}`));
      return and(
        narrowing(k.fields, matches),
        matches((field) => textColumns[field]),
      );
    }),
  );
}

/**
 * A keyword on devices or on accounts only, first looked up among the devices or accounts punches carry
 * (`punch_device`, `punch_person`): the punches are then those of the few it names, by index (the primary key's
 * device prefix, `punch_user_time_idx`), their own fields matched again. Other keywords read the span's punches.
 */
function narrowing(
  fields: PunchTextField[],
  matches: (column: (field: PunchTextField) => SQLChunk) => SQL | undefined,
) {
  const named = (field: PunchTextField) => sql.identifier(field);
  if (fields.every((field) => field === 'device_no' || field === 'object_name')) {
    return sql`${punch.device_no} = any(array(select device_no from ${punchDevice} where ${matches(named)}))`;
  }
  if (fields.every((field) => field === 'user_name' || field === 'true_name')) {
    return sql`${punch.user_id} = any(array(select user_id from ${punchPerson} where ${matches(named)}))`;
  }
  return undefined;
}

/** The buckets of `punch_count`: 15 minutes, on which every time zone's midnight falls. */
const BUCKET_MS = 15 * 60_000;
const onBucket = (at: Date | null) => at === null || at.getTime() % BUCKET_MS === 0;

/** Without keywords, over whole buckets (a list's span is local days), a count sums the triggers' counts. */
const countsFromBuckets = (filter: PunchFilter) =>
  liveKeys(filter).length === 0 && !filter.flaggedOnly && onBucket(filter.span.from) && onBucket(filter.span.to);

/** The statement counting the punches a list covers (one row, `total`): from `punch_count` when it can. */
function countQuery(q: Queryable, filter: PunchFilter, bind: Bind = boundValue) {
  if (countsFromBuckets(filter)) {
    const { from, to } = filter.span;
    return q
      .select({ total: sql<string | number>`coalesce(sum(${punchCount.n}), 0)` })
      .from(punchCount)
      .where(
        and(
          inHolds(punchCount.hold_id, filterValues(filter), bind),
          from ? sql`${punchCount.bucket} >= ${bind('from', from)}` : undefined,
          to ? sql`${punchCount.bucket} < ${bind('to', to)}` : undefined,
        ),
      );
  }
  return q
    .select({ total: sql<string | number>`count(*)` })
    .from(punch)
    .where(punchWhere(filter, bind));
}

/** What decides a list statement's text: zone, one organisation or more, span ends, keyword fields, count. */
const shapeOf = (tz: string, filter: PunchFilter) =>
  JSON.stringify([
    tz,
    filter.holdIds.length === 1,
    filter.span.from !== null,
    filter.span.to !== null,
    liveKeys(filter).map((k) => k.fields),
    filter.flaggedOnly === true,
    countsFromBuckets(filter),
  ]);

/** The exact number of punches a list covers. */
export async function countPunches(q: Queryable, filter: PunchFilter): Promise<number> {
  const [row] = await countQuery(q, filter);
  return Number(row?.total ?? 0);
}

const newestFirst = [desc(punch.punch_time), desc(punch.punch_id)];

/**
 * A statement's text and its parameters, placeholders among them: built once per shape, run with each call's values;
 * with a name when PostgreSQL may plan it once per connection.
 */
type BuiltStatement = { sql: string; params: unknown[]; name?: string };

const listStatements = statementCache<BuiltStatement>();

/** A statement built once with this call's values in its placeholders. */
function filled(statement: BuiltStatement, values: Record<string, unknown>) {
  const params = fillPlaceholders(statement.params, values);
  return { toSQL: () => ({ sql: statement.sql, params }) };
}

/** Runs a statement built once with this call's values in its placeholders; its rows as arrays. */
function runBuilt(db: Db, statement: BuiltStatement, values: Record<string, unknown>): Promise<unknown[][]> {
  return queryArrays(db, filled(statement, values), statement.name);
}

/**
 * A page of one organisation's punches without keywords has one best plan whatever its values: each month's
 * (organisation, time, id) index read backwards, merged, up to the page (the months outside the span pruned as it
 * runs). Prepared, PostgreSQL plans it once per connection: 打卡数据's page of a department took 0.37 ms to answer on
 * the 1M set against 0.81 ms planned at each call (0.58 ms of planning). Several organisations (`= any`) or a
 * keyword's narrowing have plans that depend on how many rows the values select, so those are planned each call.
 */
const plannedOnce = (filter: PunchFilter) => filter.holdIds.length === 1 && liveKeys(filter).length === 0;

/** Names of prepared page statements, one per shape (a name must always carry the same text). */
let preparedPages = 0;

/**
 * One page of punches, newest first (punch time, then id), and the exact count (a scalar subquery the page's rows
 * carry, last), with placeholders for the values: its text and parameters, built once per shape. Prepared or planned
 * at each call (`plannedOnce`), and read as arrays: Drizzle's mapping of each field of each row cost more than the
 * rest of the server's work on the list (a profile under P3's load).
 */
function buildListStatement(db: Db, tz: string, filter: PunchFilter) {
  const inner = db
    .select()
    .from(punch)
    .where(punchWhere(filter, placeholder))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('punch');
  return db
    .select({ ...punchRowColumns(tz), total: sql<string | number>`(${countQuery(db, filter, placeholder)})` })
    .from(inner)
    .orderBy(...newestFirst)
    .toSQL();
}

/** The columns of a punch row in the order the list statement selects them. */
const PUNCH_ROW_KEYS = Object.keys(punchRowColumns('UTC')) as (keyof PunchRow)[];

/** The columns read as numbers: ids and positions (text or bigint from the drivers). */
const NUMERIC_KEYS = new Set<keyof PunchRow>(['punch_id', 'lat', 'lng', 'distance_m']);

/** A row of the list statement as the answer's row. */
const punchRowOf = arrayRowReader<PunchRow>(PUNCH_ROW_KEYS, NUMERIC_KEYS);

/** The row as JSON when the page is written from PostgreSQL's bytes: each column's key and how it is written. */
const PUNCH_ROW_JSON = new JsonRowShape(
  Object.fromEntries(
    PUNCH_ROW_KEYS.map((key) => [key, key === 'photo_ids' ? 'numbers' : NUMERIC_KEYS.has(key) ? 'number' : 'string']),
  ),
);

/** One page of punches, newest first, and the exact count in one statement; a page past the end counts on its own. */
export async function listPunches(
  db: Db,
  tz: string,
  filter: PunchFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PunchRow[]; total: number }> {
  const statement = listStatements(db, shapeOf(tz, filter), () => ({
    ...buildListStatement(db, tz, filter),
    ...(plannedOnce(filter) && { name: `punch_page_${(preparedPages += 1)}` }),
  }));
  const values = { ...filterValues(filter), ...page };
  const written = await queryJson(db, filled(statement, values), statement.name, PUNCH_ROW_JSON);
  if (written && written.count > 0) return new WrittenPage<PunchRow>(written.array, Number(written.extra[0]));
  const arrays = written ? [] : await runBuilt(db, statement, values);
  const [first] = arrays;
  if (!first) return { rows: [], total: page.offset === 0 ? 0 : await countPunches(db, filter) };
  return { rows: arrays.map(punchRowOf), total: Number(first[PUNCH_ROW_KEYS.length]) };
}

/** Where a walk through the punches stopped: the last row's exact time (as text, microseconds kept) and id. */
export interface PunchCursor {
  time: string;
  id: number;
}

/**
 * The next `limit` punches after `after` in list order (keyset paging: each batch is an index range scan that
 * starts where the previous one stopped, however deep the walk goes), each row the values of `keys` in that order
 * (an export's columns), then its cursor's time and id.
 */
export async function punchBatch(
  db: Db,
  tz: string,
  filter: PunchFilter,
  keys: readonly (keyof PunchRow)[],
  after: PunchCursor | null,
  limit: number,
): Promise<{ rows: unknown[][]; next: PunchCursor | null }> {
  const shape = `${shapeOf(tz, filter)}${keys.join()}${after === null ? '' : ' after'}`;
  const statement = batchStatements(db, shape, () => buildBatchStatement(db, tz, filter, keys, after !== null));
  const values = { ...filterValues(filter), limit, ...(after && { afterTime: after.time, afterId: after.id }) };
  const rows = await runBuilt(db, statement, values);
  const last = rows.at(-1);
  return {
    rows,
    next: last && rows.length === limit ? { time: String(last[keys.length]), id: Number(last[keys.length + 1]) } : null,
  };
}

const batchStatements = statementCache<BuiltStatement>();

/**
 * A walk's batch statement, with placeholders for the filter's values, the cursor and the limit: built once per
 * shape, not for every batch (building it with Drizzle was a twentieth of an export's main thread, 51 times in a
 * 100,000-row export). The first batch has no cursor.
 */
function buildBatchStatement(
  db: Db,
  tz: string,
  filter: PunchFilter,
  keys: readonly (keyof PunchRow)[],
  resumed: boolean,
) {
  const afterTime = sql`${sql.placeholder('afterTime')}::timestamptz`;
  const resume = resumed
    ? sql`${punch.punch_time} <= ${afterTime}
        and (${punch.punch_time} < ${afterTime} or ${punch.punch_id} < ${sql.placeholder('afterId')})`
    : undefined;
  const inner = db
    .select()
    .from(punch)
    .where(and(punchWhere(filter, placeholder), resume))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .as('punch');
  // Over the punches the inner query picked (aliased `punch`): times are formatted only for the batch's rows.
  const columns = punchRowColumns(tz);
  const selected: Record<string, SQL | PgColumn> = {};
  for (const key of keys) selected[key] = columns[key];
  selected.cursor_time = sql`${punch.punch_time}::text`;
  selected.cursor_id = punch.punch_id;
  return db
    .select(selected)
    .from(inner)
    .orderBy(...newestFirst)
    .toSQL();
}

/** The latest punch time before `before` (or at all): where a day-by-day walk continues. */
export async function latestPunchBefore(q: Queryable, filter: PunchFilter, before: Date | null): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    q,
    sql`select max(${punch.punch_time}) as at from ${punch}
      where ${and(punchWhere(filter), before ? lt(punch.punch_time, before) : undefined)}`,
  );
  return row?.at ? new Date(row.at) : null;
}
