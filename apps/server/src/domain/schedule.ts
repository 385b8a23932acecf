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

/**
 * The round that decides the status now: one whose window is open now (yesterday's may run past midnight),
 * else today's (not yet open, or ended), else null (today is not scheduled).
 */
export function currentRound(schedule: Schedule, now: Date, tz: string): Round | null {
  const today = localDate(now, tz);
  const yesterday = roundOn(schedule, addDays(today, -1), tz);
  if (yesterday && yesterday.start <= now && now < yesterday.end) return yesterday;
  return roundOn(schedule, today, tz);
}

/** How many of a round's points were checked. */
export interface Progress {
  expected: number;
  checked: number;
}

/** The status of a road or task now, given its current round and that round's progress. */
export function statusAt(
  schedule: Schedule,
  now: Date,
  tz: string,
  round: Round | null,
  progress: Progress,
): RoundStatus {
  if (schedule.closed) return RoundStatus.closed;
  const open = round !== null && round.start <= now && now < round.end;
  if (!open && schedule.expireDate && localDate(now, tz) > schedule.expireDate) return RoundStatus.finished;
  if (round === null || now < round.start) return RoundStatus.notStarted;
  if (open) return RoundStatus.running;
  return progress.checked >= progress.expected ? RoundStatus.finished : RoundStatus.abnormal;
}

/** Whether a punch at `at` falls inside a round's window. */
export function inWindow(round: Round, at: Date): boolean {
  return round.start <= at && at < round.end;
}
