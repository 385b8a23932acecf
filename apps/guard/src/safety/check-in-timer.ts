import { MINUTE_MS } from './time';

/**
 * When the next 报平安 is due on this phone: `minutes` after the later of the day's first punch and the last
 * check-in (SAFETY.md; the first-to-last-punch rule while no roster applies). Null before the first punch.
 */
export function nextCheckIn(firstPunch: number | null, lastCheckIn: number | null, minutes: number): number | null {
  if (firstPunch === null) return null;
  return Math.max(firstPunch, lastCheckIn ?? 0) + minutes * MINUTE_MS;
}
