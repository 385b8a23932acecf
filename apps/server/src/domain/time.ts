/** Calendar facts in the deployment time zone (pure: the instant and the zone come in). */
import { zoneOffsetMs } from './zoned-time.js';

/**
 * `YYYY-MM-DD` of the instant in zone `tz`: the instant moved by the zone's offset then (`zoneOffsetMs`, known
 * per quarter hour), read as UTC. Intl's formatting cost microseconds a call, and a dashboard asks per road.
 */
export function localDate(instant: Date, tz: string): string {
  const at = instant.getTime();
  return new Date(at + zoneOffsetMs(at, tz)).toISOString().slice(0, 10);
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
