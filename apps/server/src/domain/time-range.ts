/** The record screens' periods (DOMAIN.md, Time) as instants (pure: the clock and the zone come in). */
import { localDate } from './time.js';
import { addDays, weekday, zonedInstant } from './zoned-time.js';

/** 1 this week · 2 last week · 3 this month · 4 last month. */
export type TimeRange = 1 | 2 | 3 | 4;

/** A half-open span [from, to); null is an open end (only explicit dates leave an end open). */
export interface Span {
  from: Date | null;
  to: Date | null;
}

function monthStart(date: string, monthsAhead: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + monthsAhead, 1)).toISOString().slice(0, 10);
}

/** The local days [first, next) of a period around `today`; weeks start on Monday. */
function periodDays(range: TimeRange, today: string): [string, string] {
  const monday = addDays(today, 1 - weekday(today));
  switch (range) {
    case 1:
      return [monday, addDays(monday, 7)];
    case 2:
      return [addDays(monday, -7), monday];
    case 3:
      return [monthStart(today, 0), monthStart(today, 1)];
    case 4:
      return [monthStart(today, -1), monthStart(today, 0)];
  }
}

/** A period's instants (ms) for the local day [dayStart, dayEnd) they were worked out on. */
interface KnownPeriod {
  dayStart: number;
  dayEnd: number;
  from: number;
  to: number;
}

/** Each zone's periods as last worked out: the same all day, and the record lists ask on every request. */
const knownPeriods = new Map<string, KnownPeriod[]>();

/** A period relative to `now` in zone `tz`, from its first local midnight to the next period's. */
export function periodSpan(range: TimeRange, now: Date, tz: string): { from: Date; to: Date } {
  const at = now.getTime();
  let periods = knownPeriods.get(tz);
  if (!periods) knownPeriods.set(tz, (periods = []));
  let known = periods[range];
  if (!known || at < known.dayStart || at >= known.dayEnd) {
    const today = localDate(now, tz);
    const [first, next] = periodDays(range, today);
    known = {
      dayStart: zonedInstant(today, 0, tz).getTime(),
      dayEnd: zonedInstant(addDays(today, 1), 0, tz).getTime(),
      from: zonedInstant(first, 0, tz).getTime(),
      to: zonedInstant(next, 0, tz).getTime(),
    };
    periods[range] = known;
  }
  return { from: new Date(known.from), to: new Date(known.to) };
}

/**
 * The span a query covers: explicit dates (`YYYY-MM-DD`, either may be '') override the period; the end date is
 * inclusive to 23:59:59, so the span runs to the next day's midnight. A date left empty leaves that end open.
 */
export function querySpan(
  input: { range: TimeRange; startDate?: string; endDate?: string },
  now: Date,
  tz: string,
): Span {
  const { startDate = '', endDate = '' } = input;
  if (!startDate && !endDate) return periodSpan(input.range, now, tz);
  return {
    from: startDate ? zonedInstant(startDate, 0, tz) : null,
    to: endDate ? zonedInstant(addDays(endDate, 1), 0, tz) : null,
  };
}
