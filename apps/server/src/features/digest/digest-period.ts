/** When a scheduled report is due and which period it reports (DIGESTS.md, Subscriptions). Pure. */
import type { DigestFrequency } from '@guard-tour/contract';
import { localDate } from '../../domain/time.js';
import { addDays, dayOfMonth, weekday, zonedInstant } from '../../domain/zoned-time.js';

export interface DigestSchedule {
  frequency: DigestFrequency;
  /** 1 Monday … 7 Sunday (weekly only). */
  weekday: number | null;
  /** `HH:mm` in the deployment's zone. */
  time: string;
}

/** Both ends included, `YYYY-MM-DD`. */
export interface Period {
  start: string;
  end: string;
}

/** A period missed by more than this is recorded as skipped instead of sent late. */
export const LATE_SEND_LIMIT_MS = 24 * 3_600_000;
/** Periods looked back over at most (a month of daily reports and more); older ones leave no line. */
const MAX_LOOK_BACK = 62;

/** The last complete period before the local day `day`: yesterday, last Monday–Sunday, or last month. */
export function periodBefore(frequency: DigestFrequency, day: string): Period {
  switch (frequency) {
    case 'daily': {
      const yesterday = addDays(day, -1);
      return { start: yesterday, end: yesterday };
    }
    case 'weekly': {
      const monday = addDays(day, 1 - weekday(day));
      return { start: addDays(monday, -7), end: addDays(monday, -1) };
    }
    case 'monthly': {
      const end = addDays(`${day.slice(0, 8)}01`, -1);
      return { start: `${end.slice(0, 8)}01`, end };
    }
  }
}

/** Whether the schedule sends on the local day `day`. */
function sendsOn(schedule: DigestSchedule, day: string): boolean {
  if (schedule.frequency === 'weekly') return weekday(day) === (schedule.weekday ?? 1);
  if (schedule.frequency === 'monthly') return dayOfMonth(day) === 1;
  return true;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** The latest due moment at or before `now`. */
export function latestDue(schedule: DigestSchedule, tz: string, now: Date): Date {
  let day = localDate(now, tz);
  for (let i = 0; i < 40; i += 1, day = addDays(day, -1)) {
    if (!sendsOn(schedule, day)) continue;
    const at = zonedInstant(day, minutesOf(schedule.time), tz);
    if (at.getTime() <= now.getTime()) return at;
  }
  throw new Error('no due moment within 40 days');
}

/** The first due moment after `now` (the list's 下次发送). */
export function nextDue(schedule: DigestSchedule, tz: string, now: Date): Date {
  let day = localDate(now, tz);
  for (let i = 0; i < 40; i += 1, day = addDays(day, 1)) {
    if (!sendsOn(schedule, day)) continue;
    const at = zonedInstant(day, minutesOf(schedule.time), tz);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error('no due moment within 40 days');
}

/** The period a send due at `due` reports. */
export function periodDueAt(schedule: DigestSchedule, tz: string, due: Date): Period {
  return periodBefore(schedule.frequency, localDate(due, tz));
}

/** The period 预览 and 立即发送 use: the last complete one at `now`. */
export function lastCompletePeriod(schedule: DigestSchedule, tz: string, now: Date): Period {
  return periodBefore(schedule.frequency, localDate(now, tz));
}

export interface DueSend {
  period: Period;
  due: Date;
  /** Sent when noticed within 24 h of its due moment, else recorded as skipped. */
  action: 'send' | 'skip';
}

/**
 * The due rule: every due moment from `since` (the subscription's start) to `now` whose period is after the last
 * one recorded (`lastRecorded`, a period's start), oldest first; each sent if `now` is within 24 h of it, else
 * skipped. A server down across a due moment sends on its return within 24 h; later, that period is skipped.
 */
export function dueSends(
  schedule: DigestSchedule,
  tz: string,
  now: Date,
  since: Date,
  lastRecorded: string | null,
): DueSend[] {
  const found: DueSend[] = [];
  let due = latestDue(schedule, tz, now);
  for (let i = 0; i < MAX_LOOK_BACK && due.getTime() >= since.getTime(); i += 1) {
    const period = periodDueAt(schedule, tz, due);
    if (lastRecorded !== null && period.start <= lastRecorded) break;
    found.push({ period, due, action: now.getTime() - due.getTime() <= LATE_SEND_LIMIT_MS ? 'send' : 'skip' });
    due = latestDue(schedule, tz, new Date(due.getTime() - 1));
  }
  return found.reverse();
}
