import type { Cycle, SlotMinutes } from '@guard-tour/contract';
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
  /**
   * Several windows a day (SHIFTS.md, 时段), sorted by start, only the last crossing midnight: each is a round of
   * its own. Absent or empty: the one window `start`–`end` (the old meaning).
   */
  slots?: readonly SlotMinutes[];
}

/** One scheduled day over one of its windows. A window ending before it starts runs into the next day. */
export interface Round {
  date: string;
  start: Date;
  end: Date;
  /** 1-based, in start order: the slot of the day this round walks (1 for a road or task with one window). */
  slot: number;
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

/** The day's windows in minutes: the slots, or the one window (null ends: the whole day's edges). */
function windowsOf(schedule: Schedule): { start: number | null; end: number | null }[] {
  return schedule.slots && schedule.slots.length > 0
    ? [...schedule.slots]
    : [{ start: schedule.start, end: schedule.end }];
}

/**
 * Windows already made, per zone, date, minutes and slot: the dashboard asks for 2,000 roads' windows of yesterday
 * and today, a few distinct ones (issue 36: making each anew was a tenth of its time and most of its garbage).
 * Shared, so frozen. Bounded: cleared past 10,000 entries.
 */
const madeWindows = new Map<string, Map<string, Map<number, Round>>>();
let madeCount = 0;

/** The windows made for a zone and date, by `windowKey` (nested: joining five parts into a text key cost more). */
function madeOn(tz: string, date: string): Map<number, Round> {
  let byDate = madeWindows.get(tz);
  if (!byDate) madeWindows.set(tz, (byDate = new Map()));
  let made = byDate.get(date);
  if (!made) byDate.set(date, (made = new Map()));
  return made;
}

/** Minutes 0-1439 or null (1,441 values each) and a slot up to 48, in one small integer. */
const windowKey = (start: number | null, end: number | null, slot: number) =>
  ((start ?? -1) + 1 + ((end ?? -1) + 1) * (DAY_MINUTES + 1)) * 64 + slot;

function windowAt(date: string, start: number | null, end: number | null, slot: number, tz: string): Round {
  let made = madeOn(tz, date);
  const key = windowKey(start, end, slot);
  const known = made.get(key);
  if (known) return known;
  const startMinutes = start ?? 0;
  let endMinutes = end === null ? DAY_MINUTES : end + 1;
  if (end !== null && end < startMinutes) endMinutes += DAY_MINUTES;
  const round: Round = Object.freeze({
    date,
    start: zonedInstant(date, startMinutes, tz),
    end: zonedInstant(date, endMinutes, tz),
    slot,
  });
  if (++madeCount > 10_000) {
    madeWindows.clear();
    madeCount = 1;
    made = madeOn(tz, date);
  }
  made.set(key, round);
  return round;
}

/** Every window of a date (one per slot, in slot order), whether or not the date is scheduled. */
export function windowsOn(schedule: Schedule, date: string, tz: string): Round[] {
  return windowsOf(schedule).map((w, index) => windowAt(date, w.start, w.end, index + 1, tz));
}

/** The first window of a date (the only one of a road or task without slots). */
export function windowOn(schedule: Schedule, date: string, tz: string): Round {
  return windowsOn(schedule, date, tz)[0]!;
}

/**
 * The rounds of a date, one per slot: none when the date is not scheduled; a slot whose window had ended before
 * the road or task was saved has none (it starts with the next scheduled day), nor has a slot the clocks skip that
 * night (wholly inside the hour they are put forward: its window is empty, zonedInstant).
 */
export function roundsOn(schedule: Schedule, date: string, tz: string): Round[] {
  if (!isScheduledOn(schedule, date)) return [];
  const created = schedule.createdAt.getTime();
  return windowsOn(schedule, date, tz).filter(
    (round) => created < round.end.getTime() && round.start.getTime() < round.end.getTime(),
  );
}

/** The first round of a date, or null (a road or task with one window has only this one). */
export function roundOn(schedule: Schedule, date: string, tz: string): Round | null {
  return roundsOn(schedule, date, tz)[0] ?? null;
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
 * For a road or task with one window (the legacy status, `statusAt`; several slots use `statusNow`): the round that
 * decides the status now: one whose window is open now (yesterday's may run past midnight), else
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

/** A round's progress for the status: its points, and the grace it was made with (the schedule's when absent). */
export interface RoundProgress extends Progress {
  grace?: number;
}

/**
 * The rounds that decide the status now (SHIFTS.md): today's, and yesterday's that reach past midnight (an overnight
 * slot, or a window whose grace runs into today).
 */
export function roundsNow(schedule: Schedule, now: Date, tz: string): Round[] {
  const { today, yesterdayDate } = daysAt(now, tz);
  const midnight = zonedInstant(today, 0, tz).getTime();
  const graceMs = (schedule.grace ?? 0) * 60_000;
  const overnight = roundsOn(schedule, yesterdayDate, tz).filter((r) => r.end.getTime() + graceMs > midnight);
  return [...overnight, ...roundsOn(schedule, today, tz)];
}

/**
 * The status of a road or task now over today's rounds and yesterday's overnight one (SHIFTS.md, DOMAIN.md codes):
 * 4 closed; 1 when one is open now (its window, or the grace after it while a point is still unchecked); 2 for a
 * task past its expiry; 3 when one that has ended has a missed point; 2 when all of today's have ended; else 0.
 */
export function statusNow(
  schedule: Schedule,
  now: Date,
  tz: string,
  progressOf: (round: Round) => RoundProgress,
  /** `roundsNow(schedule, now, tz)` when the caller has it already. */
  current: readonly Round[] = roundsNow(schedule, now, tz),
): RoundStatus {
  if (schedule.closed) return RoundStatus.closed;
  const { today } = daysAt(now, tz);
  const rounds = current.map((round) => {
    const progress = progressOf(round);
    return { round, progress, graceMs: (progress.grace ?? schedule.grace ?? 0) * 60_000 };
  });
  const missing = (p: Progress) => p.checked < p.expected;
  const open = rounds.some(
    ({ round, progress, graceMs }) =>
      (round.start <= now && now < round.end) ||
      (round.end <= now && now.getTime() < round.end.getTime() + graceMs && missing(progress)),
  );
  if (open) return RoundStatus.running;
  if (schedule.expireDate && today > schedule.expireDate) return RoundStatus.finished;
  if (rounds.some(({ round, progress }) => round.end <= now && missing(progress))) return RoundStatus.abnormal;
  const todays = rounds.filter(({ round }) => round.date === today);
  if (todays.length > 0 && todays.every(({ round }) => round.end <= now)) return RoundStatus.finished;
  return RoundStatus.notStarted;
}

/** Whether a punch at `at` falls inside a round's window. */
export function inWindow(round: Round, at: Date): boolean {
  return round.start <= at && at < round.end;
}
