import { Attendance } from '@guard-tour/contract';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';

/**
 * A roster cell's attendance (SHIFTS.md, 上岗打卡): on time when 上岗 came by the start plus the shift's grace, late
 * when it came later but before the end, absent when nobody came by the end; nothing yet while the shift is
 * still to come or running without a 上岗. Pure, with the instant passed in.
 */
export function attendanceOf(
  cell: { window_start: Date; window_end: Date; grace_minutes: number; on_duty_time: Date | null },
  now: Date,
): Attendance {
  const due = cell.window_start.getTime() + cell.grace_minutes * 60_000;
  if (cell.on_duty_time) {
    const came = cell.on_duty_time.getTime();
    if (came <= due) return Attendance.onTime;
    return came <= cell.window_end.getTime() ? Attendance.late : Attendance.absent;
  }
  return now.getTime() > cell.window_end.getTime() ? Attendance.absent : Attendance.none;
}

/** A shift's window on a day: from its start that day to its end, the next day when it crosses midnight. */
export function shiftWindow(
  shift: { start_minute: number; end_minute: number },
  date: string,
  tz: string,
): { start: Date; end: Date } {
  const crosses = shift.end_minute <= shift.start_minute;
  return {
    start: zonedInstant(date, shift.start_minute, tz),
    end: zonedInstant(crosses ? addDays(date, 1) : date, shift.end_minute, tz),
  };
}

/** How early a 上岗 may come and still belong to its shift, and how late a 下岗. */
export const EARLY_ON_DUTY_MS = 4 * 3_600_000;
export const LATE_OFF_DUTY_MS = 4 * 3_600_000;

/**
 * The cell a tap at `at` belongs to, among an account's cells of that day and the day before (an overnight shift):
 * one whose window, widened by the early and late margins, holds the tap, the one starting nearest first.
 */
export function cellForTap<T extends { window_start: Date; window_end: Date }>(
  cells: readonly T[],
  at: Date,
): T | undefined {
  const t = at.getTime();
  return cells
    .filter((c) => t >= c.window_start.getTime() - EARLY_ON_DUTY_MS && t <= c.window_end.getTime() + LATE_OFF_DUTY_MS)
    .sort((a, b) => Math.abs(a.window_start.getTime() - t) - Math.abs(b.window_start.getTime() - t))[0];
}
