/** Calendar facts in the deployment time zone (pure: the instant and the zone come in). */
import { zoneOffsetMs } from './zoned-time.js';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(tz: string): Intl.DateTimeFormat {
  let format = dateFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(tz, format);
  }
  return format;
}

/** `YYYY-MM-DD` of the instant in zone `tz`. */
export function localDate(instant: Date, tz: string): string {
  return dateFormat(tz).format(instant);
}

/** Adds whole years to a `YYYY-MM-DD` date (29 Feb falls back to 28 Feb). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm:ss` of the instant in zone `tz` (what screens and messages show). */
export function localTimeText(instant: Date, tz: string): string {
  const offset = zoneOffsetMs(instant.getTime(), tz);
  return new Date(instant.getTime() + offset).toISOString().slice(0, 19).replace('T', ' ');
}
