import { PointResult } from '@guard-tour/contract';

/**
 * The result of each point of a round (ACCOUNTABILITY.md, Tolerance and the result of each point). Pure: a round's
 * window, its grace and instants in, answers out.
 *
 * A punch qualifies for a round when it falls in [start − grace, end + grace) (the window's end is exclusive, as
 * `windowOn` makes it); inside the window it is on time, before it early, at or after its end late. A point's
 * result is that of its first qualifying punch; a point without one is pending until the round is frozen, at the
 * window's end plus grace, and missed after.
 */
export { PointResult };

/** A round's window: `end` exclusive (an overnight window ends the next day). */
export interface RoundWindow {
  start: Date;
  end: Date;
}

const MINUTE_MS = 60_000;

/** The first instant a punch may check a point of the round: the window's start minus the grace. */
export function opensAt(window: RoundWindow, graceMinutes: number): Date {
  return new Date(window.start.getTime() - graceMinutes * MINUTE_MS);
}

/** The moment the round's results become final (frozen): the window's end plus the grace. */
export function frozenAt(window: RoundWindow, graceMinutes: number): Date {
  return new Date(window.end.getTime() + graceMinutes * MINUTE_MS);
}

/** Whether the round is frozen at `now` (its results final). */
export function isFrozen(window: RoundWindow, graceMinutes: number, now: Date): boolean {
  return now.getTime() >= frozenAt(window, graceMinutes).getTime();
}

/** Whether a punch at `at` can check a point of the round: start − grace ≤ at < end + grace. */
export function qualifies(window: RoundWindow, graceMinutes: number, at: Date): boolean {
  const t = at.getTime();
  return opensAt(window, graceMinutes).getTime() <= t && t < frozenAt(window, graceMinutes).getTime();
}

/** What a punch at `at` earns its point: on time, early or late; null when it does not qualify at all. */
export function punchResult(
  window: RoundWindow,
  graceMinutes: number,
  at: Date,
): typeof PointResult.onTime | typeof PointResult.early | typeof PointResult.late | null {
  if (!qualifies(window, graceMinutes, at)) return null;
  const t = at.getTime();
  if (t < window.start.getTime()) return PointResult.early;
  if (t >= window.end.getTime()) return PointResult.late;
  return PointResult.onTime;
}

/**
 * A point's result from its first qualifying punch (null when none) and whether the round is frozen: the punch's
 * result, else missed once frozen, pending before. A punch that does not qualify counts as none.
 */
export function pointResult(
  window: RoundWindow,
  graceMinutes: number,
  firstPunch: Date | null,
  frozen: boolean,
): PointResult {
  const earned = firstPunch === null ? null : punchResult(window, graceMinutes, firstPunch);
  if (earned !== null) return earned;
  return frozen ? PointResult.missed : PointResult.pending;
}

/** The first of several punches of a point that qualifies for the round (it decides the result); null when none. */
export function firstQualifying(window: RoundWindow, graceMinutes: number, punches: readonly Date[]): Date | null {
  let first: Date | null = null;
  for (const at of punches) {
    if (qualifies(window, graceMinutes, at) && (first === null || at.getTime() < first.getTime())) first = at;
  }
  return first;
}
