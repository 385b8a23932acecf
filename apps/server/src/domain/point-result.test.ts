import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  PointResult,
  firstQualifying,
  frozenAt,
  isFrozen,
  opensAt,
  pointResult,
  punchResult,
  qualifies,
  type RoundWindow,
} from './point-result.js';
import { RoundStatus, currentRound, statusAt, windowOn, type Schedule } from './schedule.js';

const TZ = 'Asia/Shanghai';
const MINUTE = 60_000;
/** Wall-clock time in Shanghai (UTC+8) as an instant. */
const sh = (text: string) => new Date(`${text}+08:00`);

const schedule = (start: number | null, end: number | null): Schedule => ({
  cycle: { mode: 'daily' },
  start,
  end,
  createdAt: new Date('2020-01-01T00:00:00Z'),
});
/** 08:00–18:00 (the end minute included: the window ends at 18:01). */
const day = windowOn(schedule(8 * 60, 18 * 60), '2026-11-23', TZ);
/** 22:00–02:00, ending the next day. */
const night = windowOn(schedule(22 * 60, 2 * 60), '2026-11-23', TZ);

/** Which of the four answers a punch gets: exactly one by construction of the names. */
type Answer = 'none' | 'early' | 'onTime' | 'late';
function answer(window: RoundWindow, grace: number, at: Date): Answer {
  const result = punchResult(window, grace, at);
  if (result === null) return 'none';
  if (result === PointResult.early) return 'early';
  if (result === PointResult.onTime) return 'onTime';
  if (result === PointResult.late) return 'late';
  throw new Error(`a punch's result is never ${result}`);
}
/** The answer the boundaries call for, written out from ACCOUNTABILITY.md's table. */
function expected(window: RoundWindow, grace: number, at: Date): Answer {
  const t = at.getTime();
  const start = window.start.getTime();
  const end = window.end.getTime();
  if (t < start - grace * MINUTE || t >= end + grace * MINUTE) return 'none';
  if (t < start) return 'early';
  if (t < end) return 'onTime';
  return 'late';
}

describe('the result of a punch', () => {
  it('is on time inside the window, early or late within the grace, nothing beyond', () => {
    expect(punchResult(day, 15, sh('2026-11-23T07:44:59'))).toBeNull();
    expect(punchResult(day, 15, sh('2026-11-23T07:45:00'))).toBe(PointResult.early);
    expect(punchResult(day, 15, sh('2026-11-23T07:59:59'))).toBe(PointResult.early);
    expect(punchResult(day, 15, sh('2026-11-23T08:00:00'))).toBe(PointResult.onTime);
    expect(punchResult(day, 15, sh('2026-11-23T18:00:59'))).toBe(PointResult.onTime);
    expect(punchResult(day, 15, sh('2026-11-23T18:01:00'))).toBe(PointResult.late);
    expect(punchResult(day, 15, sh('2026-11-23T18:15:59'))).toBe(PointResult.late);
    expect(punchResult(day, 15, sh('2026-11-23T18:16:00'))).toBeNull();
  });

  it('has no early or late without a grace', () => {
    expect(punchResult(day, 0, sh('2026-11-23T07:59:59'))).toBeNull();
    expect(punchResult(day, 0, sh('2026-11-23T08:00:00'))).toBe(PointResult.onTime);
    expect(punchResult(day, 0, sh('2026-11-23T18:01:00'))).toBeNull();
  });

  it('reads an overnight window on both sides of midnight', () => {
    expect(punchResult(night, 30, sh('2026-11-23T21:30:00'))).toBe(PointResult.early);
    expect(punchResult(night, 30, sh('2026-11-24T00:30:00'))).toBe(PointResult.onTime);
    expect(punchResult(night, 30, sh('2026-11-24T02:30:59'))).toBe(PointResult.late);
    expect(punchResult(night, 30, sh('2026-11-24T02:31:00'))).toBeNull();
  });

  it('lets a grace reach over midnight into the next day and back', () => {
    const lateNight = windowOn(schedule(23 * 60, 23 * 60 + 59), '2026-11-23', TZ);
    expect(punchResult(lateNight, 120, sh('2026-11-24T01:59:59'))).toBe(PointResult.late);
    const early = windowOn(schedule(30, 8 * 60), '2026-11-24', TZ);
    expect(punchResult(early, 120, sh('2026-11-23T22:30:00'))).toBe(PointResult.early);
    expect(punchResult(early, 120, sh('2026-11-23T22:29:59'))).toBeNull();
  });
});

describe('the result of a point and the frozen moment', () => {
  it('is pending without a punch until frozen, then missed', () => {
    expect(pointResult(day, 10, null, false)).toBe(PointResult.pending);
    expect(pointResult(day, 10, null, true)).toBe(PointResult.missed);
    expect(pointResult(day, 10, sh('2026-11-23T18:05:00'), true)).toBe(PointResult.late);
    expect(pointResult(day, 10, sh('2026-11-23T12:00:00'), false)).toBe(PointResult.onTime);
    // A punch outside the grace checks nothing.
    expect(pointResult(day, 10, sh('2026-11-23T18:11:00'), true)).toBe(PointResult.missed);
  });

  it('freezes at the window’s end plus grace, not at the end', () => {
    expect(frozenAt(day, 20)).toEqual(sh('2026-11-23T18:21:00'));
    expect(opensAt(day, 20)).toEqual(sh('2026-11-23T07:40:00'));
    expect(isFrozen(day, 20, sh('2026-11-23T18:01:00'))).toBe(false);
    expect(isFrozen(day, 20, sh('2026-11-23T18:20:59'))).toBe(false);
    expect(isFrozen(day, 20, sh('2026-11-23T18:21:00'))).toBe(true);
    expect(isFrozen(night, 0, sh('2026-11-24T02:01:00'))).toBe(true);
  });

  it('takes the first qualifying punch of several', () => {
    const punches = [sh('2026-11-23T09:00:00'), sh('2026-11-23T07:00:00'), sh('2026-11-23T07:50:00')];
    expect(firstQualifying(day, 15, punches)).toEqual(sh('2026-11-23T07:50:00'));
    expect(firstQualifying(day, 0, punches)).toEqual(sh('2026-11-23T09:00:00'));
    expect(firstQualifying(day, 0, [sh('2026-11-23T07:00:00')])).toBeNull();
  });
});

describe('the live status inside the grace (DOMAIN.md status, ACCOUNTABILITY.md Tolerance)', () => {
  const none = { expected: 2, checked: 1 };
  const all = { expected: 2, checked: 2 };
  const status = (s: Schedule, at: Date, progress = none) => statusAt(s, at, TZ, currentRound(s, at, TZ), progress);

  it('keeps an incomplete round running until its window’s end plus grace, then abnormal', () => {
    const road = { ...schedule(8 * 60, 18 * 60), grace: 15 };
    expect(status(road, sh('2026-11-23T07:50:00'))).toBe(RoundStatus.notStarted);
    expect(status(road, sh('2026-11-23T18:01:00'))).toBe(RoundStatus.running);
    expect(status(road, sh('2026-11-23T18:15:59'))).toBe(RoundStatus.running);
    expect(status(road, sh('2026-11-23T18:16:00'))).toBe(RoundStatus.abnormal);
    expect(status(road, sh('2026-11-23T18:05:00'), all)).toBe(RoundStatus.finished);
    // Without a grace, as before.
    expect(status(schedule(8 * 60, 18 * 60), sh('2026-11-23T18:01:00'))).toBe(RoundStatus.abnormal);
  });

  it('keeps yesterday’s round current while its grace runs past midnight', () => {
    const evening = { ...schedule(20 * 60, 23 * 60 + 59), grace: 60 };
    expect(currentRound(evening, sh('2026-11-24T00:30:00'), TZ)?.date).toBe('2026-11-23');
    expect(status(evening, sh('2026-11-24T00:30:00'))).toBe(RoundStatus.running);
    expect(status(evening, sh('2026-11-24T00:30:00'), all)).toBe(RoundStatus.finished);
    expect(currentRound(evening, sh('2026-11-24T01:00:00'), TZ)?.date).toBe('2026-11-24');
    expect(status(evening, sh('2026-11-24T01:00:00'))).toBe(RoundStatus.notStarted);
  });

  it('prefers the round whose window is open now over yesterday’s in its grace', () => {
    const allDay = { ...schedule(null, null), grace: 120 };
    expect(currentRound(allDay, sh('2026-11-24T00:30:00'), TZ)?.date).toBe('2026-11-24');
    expect(status(allDay, sh('2026-11-24T00:30:00'), all)).toBe(RoundStatus.running);
  });
});

describe('every minute around a window with every grace', () => {
  // Exhaustive: each punch from 3 h before the window to 3 h after it, at the minute and the last millisecond
  // before the next one, for every grace 0–120; a day window and an overnight one.
  for (const [name, window] of [
    ['08:00–18:00', day],
    ['22:00–02:00 overnight', night],
  ] as const) {
    it(`gives exactly the answer of the boundaries (${name})`, () => {
      const from = window.start.getTime() - 180 * MINUTE;
      const to = window.end.getTime() + 180 * MINUTE;
      let seen = 0;
      for (let grace = 0; grace <= 120; grace++) {
        const counts: Record<Answer, number> = { none: 0, early: 0, onTime: 0, late: 0 };
        for (let t = from; t <= to; t += MINUTE) {
          for (const at of [new Date(t), new Date(t + MINUTE - 1)]) {
            const got = answer(window, grace, at);
            // Plain comparisons: a quarter of a million checks per window.
            if (got !== expected(window, grace, at) || qualifies(window, grace, at) !== (got !== 'none')) {
              throw new Error(`grace ${grace}, punch ${at.toISOString()}: ${got}`);
            }
            counts[got]++;
            seen++;
          }
        }
        // Two instants a minute: the grace before and after the window are `grace` minutes each.
        expect(counts.early).toBe(2 * grace);
        expect(counts.late).toBe(2 * grace);
      }
      expect(seen).toBeGreaterThan(0);
    });
  }
});

const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 });
const anyDate = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const anyWindow = fc
  .record({
    start: fc.option(minuteOfDay, { nil: null }),
    end: fc.option(minuteOfDay, { nil: null }),
    date: anyDate,
    tz: fc.constantFrom('Asia/Shanghai', 'Asia/Kathmandu', 'America/New_York', 'Europe/London'),
  })
  // A road's window never ends before it starts, a task's may (overnight): both come from windowOn.
  .map(({ start, end, date, tz }) => windowOn(schedule(start, end), date, tz));
const grace = fc.integer({ min: 0, max: 120 });
/** A punch from 3 h before the window opens to 3 h after it closes, to the millisecond. */
const around = (window: RoundWindow) =>
  fc.integer({ min: -180 * MINUTE, max: window.end.getTime() - window.start.getTime() + 180 * MINUTE });

describe('properties', () => {
  test.prop([anyWindow.chain((w) => fc.tuple(fc.constant(w), grace, around(w)))])(
    'a punch is exactly one of not qualifying, early, on time or late, as the boundaries say',
    ([window, g, offset]) => {
      const at = new Date(window.start.getTime() + offset);
      expect(answer(window, g, at)).toBe(expected(window, g, at));
      expect(qualifies(window, g, at)).toBe(at >= opensAt(window, g) && at < frozenAt(window, g));
    },
  );

  test.prop([anyWindow.chain((w) => fc.tuple(fc.constant(w), grace, around(w), fc.boolean()))])(
    'a point with a qualifying punch has that punch’s result whether frozen or not; without one, pending or missed',
    ([window, g, offset, frozen]) => {
      const at = new Date(window.start.getTime() + offset);
      const earned = punchResult(window, g, at);
      const result = pointResult(window, g, at, frozen);
      if (earned !== null) expect(result).toBe(earned);
      else expect(result).toBe(frozen ? PointResult.missed : PointResult.pending);
      expect(pointResult(window, g, null, frozen)).toBe(frozen ? PointResult.missed : PointResult.pending);
    },
  );

  test.prop([anyWindow, grace, fc.integer({ min: 0, max: 120 })])(
    'a wider grace never takes a result away, and freezing comes after the last qualifying instant',
    (window, g, more) => {
      const last = new Date(frozenAt(window, g).getTime() - 1);
      expect(qualifies(window, g, last)).toBe(true);
      expect(isFrozen(window, g, last)).toBe(false);
      expect(isFrozen(window, g, frozenAt(window, g))).toBe(true);
      expect(qualifies(window, g + more, last)).toBe(true);
      expect(qualifies(window, g + more, opensAt(window, g))).toBe(true);
    },
  );
});
