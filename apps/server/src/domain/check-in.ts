/**
 * 报平安's missed intervals (SAFETY.md, Check-ins), a pure function. An account is on duty during its roster duty of
 * the day (SHIFTS.md: from its 上岗, else the shift's start, to its 下岗, else the shift's end), or, when no roster
 * applies to it that day, between its first and its last punch of the day. An interval is due `minutes` after the
 * duty's start or the last check-in; it is missed when no check-in came by its due plus the grace, and it counts only
 * when the account was still on duty then (for the punch rule: its last punch so far is at or after the due). Each
 * missed interval is one alert: the next is due `minutes` after the missed one.
 */
export interface DutyDay {
  /** The duty's start and end (ms): the roster's, or the day's first and last punch. */
  firstPunch: number;
  lastPunch: number;
  /** The account's check-ins from the first punch on, any order. */
  checkIns: number[];
  minutes: number;
  grace: number;
}

/** The due instants (ms) of the intervals missed by `now`. */
export function missedIntervals(day: DutyDay, now: number): number[] {
  const interval = day.minutes * 60_000;
  const grace = day.grace * 60_000;
  const checkIns = [...day.checkIns].filter((at) => at > day.firstPunch).sort((a, b) => a - b);
  const missed: number[] = [];
  let anchor = day.firstPunch;
  // Bounded: a day holds at most 24 × 4 intervals of 15 minutes; the guard against a runaway loop is the count.
  for (let guard = 0; guard < 1_000; guard += 1) {
    const due = anchor + interval;
    if (due > day.lastPunch || due + grace > now) break;
    const next = checkIns.find((at) => at > anchor && at <= due + grace);
    if (next !== undefined) {
      anchor = next;
      continue;
    }
    missed.push(due);
    anchor = due;
  }
  return missed;
}

/** When the next check-in is due after one at `at` (ms). */
export const nextDue = (at: number, minutes: number) => at + minutes * 60_000;
