import { and, count, desc, gte, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CardTotalRow, PunchRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { cardDayCount, cardDayZone, punch, punchCount } from '../../db/schema.js';
import { contains, inIds, queryRows } from '../../db/sql.js';
import type { Span } from '../../domain/time-range.js';
import { localDate } from '../../domain/time.js';
import { punchRowColumns } from '../punch/punch.service.js';

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
}

function punchWhere(filter: PunchFilter): SQL | undefined {
  return and(
    inIds(punch.hold_id, filter.holdIds),
    filter.span.from ? gte(punch.punch_time, filter.span.from) : undefined,
    filter.span.to ? lt(punch.punch_time, filter.span.to) : undefined,
    ...filter.keys
      .filter((k) => k.key !== '')
      .map((k) => or(...k.fields.map((field) => contains(textColumns[field], k.key)))),
  );
}

/** The buckets of `punch_count`: 15 minutes, on which every time zone's midnight falls. */
const BUCKET_MS = 15 * 60_000;
const onBucket = (at: Date | null) => at === null || at.getTime() % BUCKET_MS === 0;

/**
 * The exact number of punches a list covers. Without keywords, over whole buckets (a list's span is local days),
 * it is summed from the per-organisation counts the triggers keep, not counted punch by punch.
 */
export async function countPunches(q: Queryable, filter: PunchFilter): Promise<number> {
  const { from, to } = filter.span;
  if (filter.keys.every((k) => k.key === '') && onBucket(from) && onBucket(to)) {
    const [summed] = await q
      .select({ total: sql<string | number | null>`sum(${punchCount.n})` })
      .from(punchCount)
      .where(
        and(
          inIds(punchCount.hold_id, filter.holdIds),
          from ? gte(punchCount.bucket, from) : undefined,
          to ? lt(punchCount.bucket, to) : undefined,
        ),
      );
    return Number(summed?.total ?? 0);
  }
  const [row] = await q.select({ total: count() }).from(punch).where(punchWhere(filter));
  return row?.total ?? 0;
}

const newestFirst = [desc(punch.punch_time), desc(punch.punch_id)];

/**
 * The punch row columns (and the walk's cursor) over the punches an inner query picked (raw columns, aliased
 * `punch`): times are formatted only for the rows of the page, not for every row the sort went through.
 */
function formattedColumns(tz: string) {
  return { ...punchRowColumns(tz), cursor_time: sql<string>`${punch.punch_time}::text` };
}

/**
 * One page of punches, newest first (punch time, then id), and the exact count: the two queries run side by side
 * (on two of the pool's connections), so the page costs no more than the slower of them.
 */
export async function listPunches(
  q: Queryable,
  tz: string,
  filter: PunchFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PunchRow[]; total: number }> {
  const inner = q
    .select()
    .from(punch)
    .where(punchWhere(filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset)
    .as('punch');
  const [total, rows] = await Promise.all([
    countPunches(q, filter),
    q
      .select(punchRowColumns(tz))
      .from(inner)
      .orderBy(...newestFirst),
  ]);
  return { rows, total };
}

/** Where a walk through the punches stopped: the last row's exact time (as text, microseconds kept) and id. */
export interface PunchCursor {
  time: string;
  id: number;
}

/**
 * The next `limit` punches after `after` in list order (keyset paging: each batch is an index range scan that
 * starts where the previous one stopped, however deep the walk goes).
 */
export async function punchBatch(
  q: Queryable,
  tz: string,
  filter: PunchFilter,
  after: PunchCursor | null,
  limit: number,
): Promise<{ rows: PunchRow[]; next: PunchCursor | null }> {
  const resume = after
    ? sql`${punch.punch_time} <= ${after.time}::timestamptz
        and (${punch.punch_time} < ${after.time}::timestamptz or ${punch.punch_id} < ${after.id})`
    : undefined;
  const inner = q
    .select()
    .from(punch)
    .where(and(punchWhere(filter), resume))
    .orderBy(...newestFirst)
    .limit(limit)
    .as('punch');
  const rows = await q
    .select(formattedColumns(tz))
    .from(inner)
    .orderBy(...newestFirst);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursor_time: _, ...row }) => row),
    next: last && rows.length === limit ? { time: last.cursor_time, id: last.punch_id } : null,
  };
}

/** Local day of a punch, for grouping. */
const punchDay = (tz: string) => sql`(${punch.punch_time} at time zone ${tz})::date`;

/** Per card per local day: the count and the latest punch time (a hash aggregate: the period is not sorted). */
function cardDays(tz: string, filter: PunchFilter): SQL {
  return sql`select ${punchDay(tz)} as day, ${punch.patrol_sn} as patrol_sn, count(*)::int as n,
      max(${punch.punch_time}) as last_time
    from ${punch} where ${punchWhere(filter)} group by 1, 2`;
}

/** 巡检点统计's (day, card) rows counted from the punches themselves (any filter). */
export async function countCardTotalsFromPunches(q: Queryable, tz: string, filter: PunchFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(q, sql`select count(*)::int as n from (${cardDays(tz, filter)}) d`);
  return row?.n ?? 0;
}

/** 巡检点统计 aggregated from the punches themselves (any filter); `total` is null past the last page. */
export async function listCardTotalsFromPunches(
  q: Queryable,
  tz: string,
  filter: PunchFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: CardTotalRow[]; total: number | null }> {
  const window = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await queryRows<CardTotalRow & { total: number }>(
    q,
    sql`select to_char(t.day, 'YYYY-MM-DD') as create_date, t.patrol_sn, l.patrol_name, l.hold_name,
        t.n as total_patrol_card, t.total
      from (select d.*, count(*) over ()::int as total from (${cardDays(tz, filter)}) d
        order by d.day desc, d.patrol_sn ${window}) t
      cross join lateral (select ${punch.patrol_name}, ${punch.hold_name} from ${punch}
        where ${punchWhere(filter)} and ${punch.patrol_sn} = t.patrol_sn and ${punch.punch_time} = t.last_time
        order by ${punch.punch_id} desc limit 1) l
      order by t.day desc, t.patrol_sn`,
  );
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? null };
}

/** Whether `at` is the first instant of its local day in `tz` (day boundaries fall on whole seconds). */
const startsDay = (at: Date, tz: string) => localDate(new Date(at.getTime() - 1), tz) !== localDate(at, tz);

/**
 * The local days [from, to) a filter covers when `card_day_count` can answer it: no keyword, and each end of the
 * span (if any) a local midnight. Null otherwise.
 */
function rollupDays(tz: string, filter: PunchFilter): { from: string | null; to: string | null } | null {
  if (filter.keys.some((k) => k.key !== '')) return null;
  const { from, to } = filter.span;
  if ((from && !startsDay(from, tz)) || (to && !startsDay(to, tz))) return null;
  return { from: from ? localDate(from, tz) : null, to: to ? localDate(to, tz) : null };
}

/** The rollup rows of a filter's organisations and days. */
function rollupWhere(filter: PunchFilter, days: { from: string | null; to: string | null }): SQL | undefined {
  return and(
    inIds(cardDayCount.hold_id, filter.holdIds),
    days.from ? sql`${cardDayCount.day} >= ${days.from}::date` : undefined,
    days.to ? sql`${cardDayCount.day} < ${days.to}::date` : undefined,
  );
}

/**
 * The exact number of (day, card) rows from `card_day_count`: an index-only walk over the days' keys, one entry per
 * card and organisation, grouped as the index runs (the order by asks for that; a card punched in two organisations
 * of the scope is one row). The statement answers no row at all when the counts were built in another zone.
 */
const rollupCount = (tz: string, filter: PunchFilter, days: { from: string | null; to: string | null }) =>
  sql`select (select count(*)::int from (select 1 from ${cardDayCount} where ${rollupWhere(filter, days)}
        group by ${cardDayCount.day}, ${cardDayCount.patrol_sn}
        order by ${cardDayCount.day} desc, ${cardDayCount.patrol_sn}) g) as total
      from ${cardDayZone} where ${cardDayZone.tz} = ${tz}`;

/**
 * 巡检点统计's (day, card) rows counted from `card_day_count`, or null when it cannot answer the filter (keywords,
 * a span not of whole local days, counts built in another zone).
 */
export async function countCardTotalsFromRollup(q: Queryable, tz: string, filter: PunchFilter): Promise<number | null> {
  const days = rollupDays(tz, filter);
  if (!days) return null;
  const [row] = await queryRows<{ total: number }>(q, rollupCount(tz, filter, days));
  return row ? row.total : null;
}

/**
 * 巡检点统计 from `card_day_count`, or null when it cannot answer the filter. The page is the first groups of the
 * key's index (newest day first, then by card: no sort), the total the index-only count, both in one statement;
 * the point's name and the organisation are those of the day's latest punch of the card in scope, looked up for
 * the rows of the page only (the card's punches of about three days through `punch_card_time_idx`, the exact
 * local day then picked, whatever the zone's offset changes).
 */
export async function listCardTotalsFromRollup(
  q: Queryable,
  tz: string,
  filter: PunchFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: CardTotalRow[]; total: number } | null> {
  const days = rollupDays(tz, filter);
  if (!days) return null;
  const window = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const c = cardDayCount;
  const rows = await queryRows<{ total: number } & { [K in keyof CardTotalRow]: CardTotalRow[K] | null }>(
    q,
    sql`select z.total, p.create_date, p.patrol_sn, p.patrol_name, p.hold_name, p.total_patrol_card
      from (${rollupCount(tz, filter, days)}) z
      left join lateral (
        select t.day, to_char(t.day, 'YYYY-MM-DD') as create_date, t.patrol_sn, l.patrol_name, l.hold_name,
          t.n as total_patrol_card
        from (select ${c.day} as day, ${c.patrol_sn} as patrol_sn, sum(${c.n})::int as n from ${c}
          where ${rollupWhere(filter, days)}
          group by ${c.day}, ${c.patrol_sn} order by ${c.day} desc, ${c.patrol_sn} ${window}) t
        cross join lateral (select ${punch.patrol_name}, ${punch.hold_name} from ${punch}
          where ${inIds(punch.hold_id, filter.holdIds)} and ${punch.patrol_sn} = t.patrol_sn
            and ${punch.punch_time} >= ((t.day - 1)::timestamp at time zone ${tz})
            and ${punch.punch_time} < ((t.day + 2)::timestamp at time zone ${tz})
            and ${punchDay(tz)} = t.day
          order by ${punch.punch_time} desc, ${punch.punch_id} desc limit 1) l
      ) p on true
      order by p.day desc, p.patrol_sn`,
  );
  const [first] = rows;
  if (!first) return null;
  return {
    total: first.total,
    rows: rows.flatMap(({ create_date, patrol_sn, patrol_name, hold_name, total_patrol_card }) =>
      create_date === null || patrol_sn === null || total_patrol_card === null
        ? []
        : [{ create_date, patrol_sn, patrol_name: patrol_name ?? '', hold_name: hold_name ?? '', total_patrol_card }],
    ),
  };
}

/** The number of (day, card) rows of 巡检点统计: from `card_day_count` when it can answer, else from the punches. */
export async function countCardTotals(q: Queryable, tz: string, filter: PunchFilter): Promise<number> {
  return (await countCardTotalsFromRollup(q, tz, filter)) ?? countCardTotalsFromPunches(q, tz, filter);
}

/**
 * Punches per card per local day, newest day first, then by card number; one page or all, with the count of all
 * (null when the page is past the end of the punches' aggregate). The point's name and the organisation are those
 * of the day's latest matching punch, looked up for the rows of the page only. Without keywords the rows come
 * from `card_day_count` (the same answer, without aggregating the period's punches).
 */
export async function listCardTotals(
  q: Queryable,
  tz: string,
  filter: PunchFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: CardTotalRow[]; total: number | null }> {
  return (await listCardTotalsFromRollup(q, tz, filter, page)) ?? listCardTotalsFromPunches(q, tz, filter, page);
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
