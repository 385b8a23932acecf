// 巡检点统计 (TotalByPatrolCard): punches per card per local day, from the per-day counts `card_day_count` keeps
// when they can answer (no keyword, whole local days), otherwise aggregated from the punches themselves.
import { and, sql, type SQL } from 'drizzle-orm';
import type { CardTotalRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { cardDayCount, cardDayZone, punch } from '../../db/schema.js';
import { inIds, queryRows } from '../../db/sql.js';
import { localDate } from '../../domain/time.js';
import { punchWhere, type PunchFilter } from './record.repository.js';

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
