import type { Cycle } from '@guard-tour/contract';
import { localDate } from './time.js';
import { addDays, dayOfMonth, weekday, zonedInstant } from './zoned-time.js';

/**
 * When a road or task must be walked, and the status of its round at an instant (DOMAIN.md, Roads, tasks
 * and their status). Pure: dates and instants in, answers out.
 */
/** A cycle (daily, weekly, monthly, or once for a single task): the contract's value. */
export type { Cycle };

export interface Schedule {
  cycle: Cycle;
  /** Window start, minutes after midnight; null = 00:00. */
  start: number | null;
  /** Window end (that minute included), minutes after midnight; null = the end of the day. */
  end: number | null;
  /** Saved at: a round whose window had ended by then never existed. */
  createdAt: Date;
  /** A task's last day (inclusive), YYYY-MM-DD. */
  expireDate?: string;
  closed?: boolean;
  /**
   * Minutes a punch may come before the window opens or after it closes and still check its point (0 when
   * absent): a round inside the grace after its window is not abnormal yet (ACCOUNTABILITY.md, Tolerance).
   */
  grace?: number;
}

/** One scheduled day over its window. A window ending before it starts runs into the next day. */
export interface Round {
  date: string;
  start: Date;
  end: Date;
}

export const RoundStatus = { notStarted: 0, running: 1, finished: 2, abnormal: 3, closed: 4 } as const;
export type RoundStatus = (typeof RoundStatus)[keyof typeof RoundStatus];

const DAY_MINUTES = 24 * 60;

export function isScheduledOn(schedule: Schedule, date: string): boolean {
  if (schedule.closed) return false;
  if (schedule.expireDate && date > schedule.expireDate) return false;
  const { cycle } = schedule;
  switch (cycle.mode) {
    case 'daily':
      return true;
    case 'weekly':
      return cycle.days.includes(weekday(date));
    case 'monthly':
      return cycle.days.includes(dayOfMonth(date));
    case 'once':
      return cycle.date === date;
  }
}

/** The window of a date's round, whether or not the date is scheduled. */
export function windowOn(schedule: Schedule, date: string, tz: string): Round {
  const startMinutes = schedule.start ?? 0;
  let endMinutes = schedule.end === null ? DAY_MINUTES : schedule.end + 1;
  if (schedule.end !== null && schedule.end < startMinutes) endMinutes += DAY_MINUTES;
  return { date, start: zonedInstant(date, startMinutes, tz), end: zonedInstant(date, endMinutes, tz) };
}

/** The round of a date, or null when the date is not scheduled or the road did not exist before it ended. */
export function roundOn(schedule: Schedule, date: string, tz: string): Round | null {
  if (!isScheduledOn(schedule, date)) return null;
  const round = windowOn(schedule, date, tz);
  return schedule.createdAt < round.end ? round : null;
}

/** Whether `now` falls after a round's window but inside its grace (its points may still be checked, late). */
function inAfterGrace(schedule: Schedule, round: Round, now: Date): boolean {
  return round.end <= now && now.getTime() < round.end.getTime() + (schedule.grace ?? 0) * 60_000;
}

/** Today and yesterday at an instant, kept for the last one asked: a list's statuses are all asked at one instant. */
let lastDays: { at: number; tz: string; today: string; yesterdayDate: string } | undefined;

function daysAt(now: Date, tz: string): { today: string; yesterdayDate: string } {
  if (lastDays?.at !== now.getTime() || lastDays.tz !== tz) {
    const today = localDate(now, tz);
    lastDays = { at: now.getTime(), tz, today, yesterdayDate: addDays(today, -1) };
  }
  return lastDays;
}

/**
 * The round that decides the status now: one whose window is open now (yesterday's may run past midnight), else
 * yesterday's while inside its grace after the window, else today's (not yet open, or ended), else null (today is
 * not scheduled).
 */
export function currentRound(schedule: Schedule, now: Date, tz: string): Round | null {
  const { today, yesterdayDate } = daysAt(now, tz);
  const yesterday = roundOn(schedule, yesterdayDate, tz);
  if (yesterday && yesterday.start <= now && now < yesterday.end) return yesterday;
  const current = roundOn(schedule, today, tz);
  if (current && current.start <= now && now < current.end) return current;
  if (yesterday && inAfterGrace(schedule, yesterday, now)) return yesterday;
  return current;
}

/** How many of a round's points were checked. */
export interface Progress {
  expected: number;
  checked: number;
}

/**
 * The status of a road or task now, given its current round and that round's progress. Inside the grace after the
 * window a round is finished when every point is checked, else still running: it is abnormal only once its
 * results are final, at the window's end plus grace.
 */
export function statusAt(
  schedule: Schedule,
  now: Date,
  tz: string,
  round: Round | null,
  progress: Progress,
): RoundStatus {
  if (schedule.closed) return RoundStatus.closed;
  const open = round !== null && round.start <= now && now < round.end;
  const grace = round !== null && inAfterGrace(schedule, round, now);
  if (!open && !grace && schedule.expireDate && localDate(now, tz) > schedule.expireDate) return RoundStatus.finished;
  if (round === null || now < round.start) return RoundStatus.notStarted;
  if (open) return RoundStatus.running;
  if (progress.checked >= progress.expected) return RoundStatus.finished;
  return grace ? RoundStatus.running : RoundStatus.abnormal;
}

/** Whether a punch at `at` falls inside a round's window. */
export function inWindow(round: Round, at: Date): boolean {
  return round.start <= at && at < round.end;
}
