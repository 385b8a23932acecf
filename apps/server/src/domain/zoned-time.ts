/** Converting between instants and wall-clock dates in a named time zone, with Intl only (pure). */

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(tz: string): Intl.DateTimeFormat {
  let format = partsFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(tz, format);
  }
  return format;
}

/**
 * Offsets already computed, per zone and quarter hour: formatToParts costs microseconds, and a dashboard of 2,000
 * roads asks thousands of times. Since the local-mean-time era (before 1901) zones change offset only on
 * quarter-hour instants, so a quarter hour has one offset. Bounded: cleared past 10,000 entries.
 */
const offsets = new Map<string, number>();
const QUARTER_HOUR_MS = 15 * 60_000;

/** Milliseconds the zone is ahead of UTC at the instant. */
export function zoneOffsetMs(instant: number, tz: string): number {
  const key = `${tz}|${Math.floor(instant / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size > 10_000) offsets.clear();
  const offset = computeOffsetMs(instant, tz);
  offsets.set(key, offset);
  return offset;
}

function computeOffsetMs(instant: number, tz: string): number {
  const parts = Object.fromEntries(
    partsFormat(tz)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * Instants already computed, per zone, date and minute: a dashboard of 2,000 roads asks for each road's windows of
 * yesterday and today, a few hundred distinct wall-clock times. Bounded: cleared past 10,000 entries.
 */
const instants = new Map<string, number>();

/**
 * The instant of a wall-clock time: `date` (YYYY-MM-DD) plus `minutes` after its midnight, in zone `tz`. A time the
 * clocks skipped (in the gap when they are put forward) is the instant they jumped, the gap's end; a time they
 * repeat is one of its two instants. So a later wall-clock time never comes out earlier: windows that do not overlap
 * on the clock do not overlap in time, and none ends before it starts (a slot wholly in the gap is empty that night).
 */
export function zonedInstant(date: string, minutes: number, tz: string): Date {
  const key = `${tz}|${date}|${minutes}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let instant = wall - zoneOffsetMs(wall, tz);
  // A second pass settles instants near an offset change (DST zones).
  instant = wall - zoneOffsetMs(instant, tz);
  if (instant + zoneOffsetMs(instant, tz) !== wall) instant = gapEnd(wall, instant, tz);
  if (instants.size > 10_000) instants.clear();
  instants.set(key, instant);
  return new Date(instant);
}

/** Longer than any gap a zone's clocks have jumped (an hour or two) and shorter than the time between two changes. */
const GAP_SEARCH_MS = 4 * 3_600_000;

/**
 * The instant the clocks jumped over `wall` (a wall-clock time they skipped; `near` is one of its two readings, with
 * the offset before or after the jump): the first quarter hour whose wall-clock time is not before it, as offsets
 * change only on quarter hours (zoneOffsetMs).
 */
function gapEnd(wall: number, near: number, tz: string): number {
  let instant = Math.floor((near - GAP_SEARCH_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  while (instant + zoneOffsetMs(instant, tz) < wall) instant += QUARTER_HOUR_MS;
  return instant;
}

/** Whole days between two YYYY-MM-DD dates, and date arithmetic on them. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}
