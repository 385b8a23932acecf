import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { formatItems, parseClock, parseItems } from './cycle-items.js';
import { RoundStatus, currentRound, isScheduledOn, roundOn, statusAt, windowOn, type Schedule } from './schedule.js';
import { localDate } from './time.js';
import { addDays, weekday } from './zoned-time.js';

const TZ = 'Asia/Shanghai';
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
/** Wall-clock time in Shanghai (UTC+8) as an instant. */
const sh = (text: string) => new Date(`${text}+08:00`);

const road = (overrides: Partial<Schedule> = {}): Schedule => ({
  cycle: { mode: 'daily' },
  start: 8 * 60,
  end: 18 * 60,
  createdAt: LONG_AGO,
  ...overrides,
});
const none = { expected: 3, checked: 0 };
const all = { expected: 3, checked: 3 };
const status = (s: Schedule, at: Date, progress = none) => statusAt(s, at, TZ, currentRound(s, at, TZ), progress);

describe('which days are scheduled', () => {
  it('walks weekly roads on the chosen weekdays only', () => {
    const weekdays = road({ cycle: { mode: 'weekly', days: [1, 2, 3, 4, 5] } });
    expect(weekday('2026-11-23')).toBe(1);
    expect(isScheduledOn(weekdays, '2026-11-23')).toBe(true);
    expect(isScheduledOn(weekdays, '2026-11-28')).toBe(false);
    expect(isScheduledOn(weekdays, '2026-11-29')).toBe(false);
  });

  it('has no 31号 round in a 30-day month, and a 29号 round in a leap February only', () => {
    const monthEnd = road({ cycle: { mode: 'monthly', days: [31] } });
    const november = Array.from({ length: 30 }, (_, i) => addDays('2026-11-01', i));
    expect(november.some((d) => isScheduledOn(monthEnd, d))).toBe(false);
    expect(isScheduledOn(monthEnd, '2026-12-31')).toBe(true);
    const leap = road({ cycle: { mode: 'monthly', days: [29] } });
    expect(isScheduledOn(leap, '2028-02-29')).toBe(true);
    expect(['2027-02-28', '2027-03-01'].some((d) => isScheduledOn(leap, d))).toBe(false);
  });

  it('runs a single task once, on its date, and nothing after a task expires', () => {
    expect(isScheduledOn(road({ cycle: { mode: 'once', date: '2026-11-25' } }), '2026-11-25')).toBe(true);
    expect(isScheduledOn(road({ cycle: { mode: 'once', date: '2026-11-25' } }), '2026-11-26')).toBe(false);
    expect(isScheduledOn(road({ expireDate: '2026-11-25' }), '2026-11-25')).toBe(true);
    expect(isScheduledOn(road({ expireDate: '2026-11-25' }), '2026-11-26')).toBe(false);
  });
});

describe('windows', () => {
  it('places the window in the deployment time zone, the end minute included', () => {
    const round = windowOn(road(), '2026-11-23', TZ);
    expect(round.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(round.end.toISOString()).toBe('2026-11-23T10:01:00.000Z');
  });

  it('takes an empty window as the whole day', () => {
    const round = windowOn(road({ start: null, end: null }), '2026-11-23', TZ);
    expect(round.start).toEqual(sh('2026-11-23T00:00:00'));
    expect(round.end).toEqual(sh('2026-11-24T00:00:00'));
  });

  it('lets a task window cross midnight, belonging to the day it starts', () => {
    const night = road({ start: 22 * 60, end: 2 * 60 });
    const round = windowOn(night, '2026-11-23', TZ);
    expect(round.end).toEqual(sh('2026-11-24T02:01:00'));
    expect(currentRound(night, sh('2026-11-24T01:30:00'), TZ)?.date).toBe('2026-11-23');
    expect(status(night, sh('2026-11-24T01:30:00'))).toBe(RoundStatus.running);
    expect(status(night, sh('2026-11-24T03:00:00'))).toBe(RoundStatus.notStarted);
  });

  it('uses the zone’s date at the edges of a UTC day', () => {
    // 2026-11-23 23:30 in Shanghai is still the 23rd there, but already 15:30Z.
    expect(localDate(sh('2026-11-23T23:30:00'), TZ)).toBe('2026-11-23');
    expect(localDate(sh('2026-11-24T00:30:00'), TZ)).toBe('2026-11-24');
    expect(localDate(new Date('2026-11-23T16:30:00Z'), TZ)).toBe('2026-11-24');
  });

  it('reads the zone’s date as Intl does, in zones with DST, half and quarter hours, every 7 minutes of a year', () => {
    const zones = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const start = Date.UTC(2026, 0, 1);
    for (const zone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const wrong: string[] = [];
      for (let at = start; at < start + 366 * 86_400_000; at += 7 * 60_000) {
        const instant = new Date(at);
        if (localDate(instant, zone) !== intl.format(instant)) wrong.push(`${zone} ${instant.toISOString()}`);
      }
      expect(wrong).toEqual([]);
    }
  });
});

describe('status now', () => {
  it('goes not started → running → finished or abnormal over the day', () => {
    expect(status(road(), sh('2026-11-23T07:59:59'))).toBe(RoundStatus.notStarted);
    expect(status(road(), sh('2026-11-23T08:00:00'))).toBe(RoundStatus.running);
    expect(status(road(), sh('2026-11-23T18:00:59'))).toBe(RoundStatus.running);
    expect(status(road(), sh('2026-11-23T18:01:00'), all)).toBe(RoundStatus.finished);
    expect(status(road(), sh('2026-11-23T18:01:00'), { expected: 3, checked: 2 })).toBe(RoundStatus.abnormal);
  });

  it('is not started on a day that is not scheduled', () => {
    const weekdays = road({ cycle: { mode: 'weekly', days: [1, 2, 3, 4, 5] } });
    expect(status(weekdays, sh('2026-11-28T12:00:00'))).toBe(RoundStatus.notStarted);
  });

  it('never calls a road abnormal on the day it was created after its window closed', () => {
    const late = road({ createdAt: sh('2026-11-23T19:00:00') });
    expect(roundOn(late, '2026-11-23', TZ)).toBeNull();
    expect(status(late, sh('2026-11-23T20:00:00'))).toBe(RoundStatus.notStarted);
    expect(roundOn(late, '2026-11-24', TZ)).not.toBeNull();
  });

  it('is closed once closed, and finished once a task has expired', () => {
    expect(status(road({ closed: true }), sh('2026-11-23T12:00:00'))).toBe(RoundStatus.closed);
    expect(status(road({ expireDate: '2026-11-22' }), sh('2026-11-23T12:00:00'))).toBe(RoundStatus.finished);
  });
});

describe('items', () => {
  it('reads numbers or names and writes names', () => {
    expect(parseItems('weekday', '周一,周三,5')).toEqual([1, 3, 5]);
    expect(parseItems('weekday', [7, '周日'])).toEqual([7]);
    expect(parseItems('monthday', '1号,31号,15')).toEqual([1, 15, 31]);
    expect(parseItems('monthday', '32号')).toBeNull();
    expect(parseItems('weekday', '周八')).toBeNull();
    expect(formatItems('weekday', [1, 2, 3, 4, 5])).toBe('周一,周二,周三,周四,周五');
    expect(formatItems('monthday', [1, 31])).toBe('1号,31号');
  });

  it('reads clock times', () => {
    expect(parseClock('08:30')).toBe(510);
    expect(parseClock('')).toBeNull();
    expect(parseClock('24:00')).toBeUndefined();
    expect(parseClock('8点')).toBeUndefined();
  });
});

const clock = fc.option(fc.integer({ min: 0, max: 24 * 60 - 1 }), { nil: null });
const anySchedule = fc.record({
  cycle: fc.oneof(
    fc.constant({ mode: 'daily' as const }),
    fc.record({
      mode: fc.constant('weekly' as const),
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
    }),
    fc.record({
      mode: fc.constant('monthly' as const),
      days: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1 }),
    }),
  ),
  start: clock,
  end: clock,
  createdAt: fc.constant(LONG_AGO),
});
const anyInstant = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('properties', () => {
  test.prop([anySchedule, anyInstant])(
    'a round starts on its own date and lasts at most a day and a minute',
    (s, at) => {
      const round = windowOn(s, localDate(at, TZ), TZ);
      expect(localDate(round.start, TZ)).toBe(round.date);
      expect(round.end.getTime()).toBeGreaterThan(round.start.getTime());
      expect(round.end.getTime() - round.start.getTime()).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    },
  );

  test.prop([anySchedule, anyInstant])('running exactly when the current round’s window holds now', (s, at) => {
    const round = currentRound(s, at, TZ);
    const open = round !== null && round.start <= at && at < round.end;
    expect(statusAt(s, at, TZ, round, none) === RoundStatus.running).toBe(open);
  });

  test.prop([anySchedule, fc.date({ min: new Date('2025-01-01'), max: new Date('2029-01-01'), noInvalidDate: true })])(
    'a weekly road has as many rounds in any week as it has weekdays',
    (s, at) => {
      if (s.cycle.mode !== 'weekly') return;
      const first = localDate(at, TZ);
      const scheduled = Array.from({ length: 7 }, (_, i) => addDays(first, i)).filter((d) => isScheduledOn(s, d));
      expect(scheduled).toHaveLength(s.cycle.days.length);
    },
  );
});
