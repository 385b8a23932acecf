import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { readTimeSlots, slotMessages, slotsToWire, type Cycle, type SlotMinutes } from '@guard-tour/contract';
import { matchRounds, type RoundToMatch } from './round-match.js';
import {
  RoundStatus,
  isScheduledOn,
  roundsNow,
  roundsOn,
  statusNow,
  windowsOn,
  type Round,
  type Schedule,
} from './schedule.js';
import { localDate } from './time.js';
import { addDays, zonedInstant } from './zoned-time.js';

// Several windows a day (SHIFTS.md): slots × cycles × grace × time zones (New York and Lord Howe keep daylight
// saving) × month ends, with the clock injected (every function takes `now`).
const ZONES = ['Asia/Shanghai', 'America/New_York', 'Australia/Lord_Howe'] as const;
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const DAY = 24 * 60;

/** Valid slots built forwards: each starts after the one before ends; only the last may cross midnight. */
const anySlots = fc
  .record({
    first: fc.integer({ min: 0, max: 20 * 60 }),
    parts: fc.array(fc.record({ gap: fc.integer({ min: 1, max: 300 }), length: fc.integer({ min: 10, max: 600 }) }), {
      minLength: 1,
      maxLength: 48,
    }),
  })
  .map(({ first, parts }) => {
    const slots: SlotMinutes[] = [];
    let start = first;
    for (const { gap, length } of parts) {
      const end = start + length;
      if (end < DAY) slots.push({ start, end });
      else if (start < DAY && end - DAY < first) {
        slots.push({ start, end: end - DAY });
        break;
      } else break;
      start = end + gap;
      if (start >= DAY) break;
    }
    return slots;
  })
  .filter((slots) => slots.length > 0);

const anyCycle: fc.Arbitrary<Cycle> = fc.oneof(
  fc.constant({ mode: 'daily' as const }),
  fc.record({
    mode: fc.constant('weekly' as const),
    days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
  }),
  fc.record({
    mode: fc.constant('monthly' as const),
    days: fc.uniqueArray(fc.constantFrom(1, 15, 28, 29, 30, 31), { minLength: 1 }),
  }),
);
const anySchedule = fc.record({
  cycle: anyCycle,
  slots: anySlots,
  grace: fc.integer({ min: 0, max: 120 }),
});
const toSchedule = (s: { cycle: Cycle; slots: SlotMinutes[]; grace: number }): Schedule => ({
  cycle: s.cycle,
  start: s.slots[0]!.start,
  end: s.slots[s.slots.length - 1]!.end,
  slots: s.slots,
  grace: s.grace,
  createdAt: LONG_AGO,
});

/** Month ends (and DST change days) weigh as much as any other day. */
const anyDate = fc.oneof(
  fc
    .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .record({ year: fc.integer({ min: 2024, max: 2030 }), month: fc.integer({ min: 1, max: 12 }) })
    .map(({ year, month }) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)),
  fc.constantFrom('2026-03-08', '2026-11-01', '2026-04-05', '2026-10-04', '2028-02-29'),
);
const anyZone = fc.constantFrom(...ZONES);

/** The stored rounds of days around `date` as the upload matches them (one road, anyone may walk it). */
function storedRounds(s: Schedule, date: string, tz: string): RoundToMatch[] {
  return [-2, -1, 0, 1, 2].flatMap((offset) =>
    roundsOn(s, addDays(date, offset), tz).map((round, index) => ({
      round_id: (offset + 3) * 100 + index,
      road_id: 1,
      hold_id: 1,
      task_id: null,
      walker_device: null,
      walker_users: [],
      expected_cards: [7],
      window_start: round.start,
      window_end: round.end,
      grace_minutes: s.grace ?? 0,
    })),
  );
}

describe('the slots a save may carry', () => {
  test.prop([anySlots])('the slots the generator builds are the ones the check accepts, in start order', (slots) => {
    const read = readTimeSlots([...slotsToWire(slots)].reverse());
    expect(read).toEqual({ ok: true, slots });
  });

  it('refuses bad slots with the pinned messages', () => {
    const refuse = (slots: [string, string][]) => {
      const read = readTimeSlots(slots.map(([start_time, end_time]) => ({ start_time, end_time })));
      return read.ok ? 'ok' : read.message;
    };
    expect(
      refuse([
        ['08:00', '09:00'],
        ['08:30', '10:00'],
      ]),
    ).toBe(slotMessages.overlap);
    expect(
      refuse([
        ['08:00', '09:00'],
        ['09:00', '10:00'],
      ]),
    ).toBe(slotMessages.overlap);
    expect(
      refuse([
        ['22:00', '08:30'],
        ['08:00', '09:00'],
      ]),
    ).toBe(slotMessages.overlap);
    expect(refuse([['08:00', '08:09']])).toBe(slotMessages.tooShort);
    expect(refuse([['23:55', '00:04']])).toBe(slotMessages.tooShort);
    expect(refuse(Array.from({ length: 49 }, (_, i) => [`00:${'00'}`, `00:${i}`] as [string, string]))).toBe(
      slotMessages.badClock,
    );
    const many = Array.from({ length: 49 }, (_, i): [string, string] => {
      const start = i * 25;
      const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return [clock(start), clock(start + 10)];
    });
    expect(refuse(many)).toBe(slotMessages.tooMany);
    expect(refuse(many.slice(0, 48))).toBe('ok');
    expect(
      refuse([
        ['20:00', '02:00'],
        ['22:00', '23:00'],
      ]),
    ).toBe(slotMessages.crossNotLast);
    expect(refuse([['8:00', '9:00']])).toBe('ok');
    expect(refuse([['25:00', '26:00']])).toBe(slotMessages.badClock);
    expect(refuse([['08:00', 'nine']])).toBe(slotMessages.badClock);
    expect(refuse([])).toBe('ok');
  });
});

describe('rounds of several slots a day', () => {
  test.prop([anySchedule, anyDate, anyZone])(
    'a round exists for every slot of every scheduled day, numbered in start order',
    (raw, date, tz) => {
      const s = toSchedule(raw);
      const rounds = roundsOn(s, date, tz);
      if (!isScheduledOn(s, date)) {
        expect(rounds).toEqual([]);
        return;
      }
      // A slot the clocks skip that night (wholly inside the hour they are put forward) has no round.
      const skipped = windowsOn(s, date, tz).filter((w) => w.end.getTime() === w.start.getTime());
      if (skipped.length > 0) {
        const dayLength = zonedInstant(addDays(date, 1), 0, tz).getTime() - zonedInstant(date, 0, tz).getTime();
        expect(dayLength).toBeLessThan(DAY * 60_000);
      }
      expect(rounds.map((r) => r.slot)).toEqual(
        raw.slots.map((_, i) => i + 1).filter((slot) => !skipped.some((w) => w.slot === slot)),
      );
      for (const round of rounds) {
        expect(round.date).toBe(date);
        expect(round.end.getTime()).toBeGreaterThan(round.start.getTime());
      }
    },
  );

  test.prop([anySchedule, anyDate, anyZone])(
    'the overnight slot belongs to the day it starts and ends the next day',
    (raw, date, tz) => {
      const s = toSchedule({ ...raw, cycle: { mode: 'daily' } });
      const last = raw.slots[raw.slots.length - 1]!;
      if (last.end >= last.start) return;
      const round = roundsOn(s, date, tz).at(-1)!;
      expect(round.date).toBe(date);
      expect(localDate(round.start, tz)).toBe(date);
      expect(localDate(new Date(round.end.getTime() - 60_000), tz)).toBe(addDays(date, 1));
      // Just after midnight the overnight round of yesterday decides the status: it is open (running).
      const afterMidnight = new Date(zonedInstant(addDays(date, 1), 0, tz).getTime() + 60_000);
      if (afterMidnight < round.end) {
        expect(roundsNow(s, afterMidnight, tz)).toContainEqual(round);
        const none = () => ({ expected: 1, checked: 0 });
        expect(statusNow(s, afterMidnight, tz, none)).toBe(RoundStatus.running);
      }
    },
  );

  test.prop([anySchedule, anyDate, anyZone, fc.array(fc.integer({ min: 0, max: 3 * DAY - 1 }), { maxLength: 40 })])(
    'every punch minute checks at most one round of the road, and windows of a road never overlap',
    (raw, date, tz, offsets) => {
      const s = toSchedule(raw);
      const rounds = storedRounds(s, date, tz);
      const sorted = [...rounds].sort((a, b) => a.window_start.getTime() - b.window_start.getTime());
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i]!.window_start.getTime()).toBeGreaterThanOrEqual(sorted[i - 1]!.window_end.getTime());
      }
      // Random minutes over three days, and every edge of every window and of its grace.
      const from = zonedInstant(addDays(date, -1), 0, tz).getTime();
      const graceMs = (s.grace ?? 0) * 60_000;
      const instants = [
        ...offsets.map((m) => from + m * 60_000),
        ...rounds.flatMap((r) => {
          const [start, end] = [r.window_start.getTime(), r.window_end.getTime()];
          return [start - graceMs, start - 60_000, start, end - 60_000, end, end + graceMs - 60_000, end + graceMs];
        }),
      ];
      const punches = instants.map((at, idx) => ({
        idx,
        punch_time: new Date(at).toISOString(),
        patrol_id: 7,
        user_id: 1,
        object_id: 1,
        device_path: '/1/',
      }));
      const matches = matchRounds(punches, rounds);
      const perPunch = new Map<number, number>();
      for (const m of matches) perPunch.set(m.idx, (perPunch.get(m.idx) ?? 0) + 1);
      for (const count of perPunch.values()) expect(count).toBe(1);
      // A punch inside a window checks that window's round.
      for (const m of matches) {
        const at = new Date(punches[m.idx]!.punch_time);
        const holding = rounds.find((r) => r.window_start <= at && at < r.window_end);
        if (holding) expect(m.round_id).toBe(holding.round_id);
      }
    },
  );

  test.prop([anySchedule, anyDate, anyZone, fc.integer({ min: 0, max: DAY - 1 })])(
    'running exactly when one of today’s rounds or yesterday’s overnight one is open (grace after it while missing)',
    (raw, date, tz, minute) => {
      const s = toSchedule(raw);
      const now = new Date(zonedInstant(date, 0, tz).getTime() + minute * 60_000);
      const missing = () => ({ expected: 2, checked: 1 });
      const graceMs = (s.grace ?? 0) * 60_000;
      const open = roundsNow(s, now, tz).some(
        (r: Round) => r.start <= now && now.getTime() < r.end.getTime() + graceMs,
      );
      expect(statusNow(s, now, tz, missing) === RoundStatus.running).toBe(open);
      const done = () => ({ expected: 2, checked: 2 });
      expect(statusNow(s, now, tz, done)).not.toBe(RoundStatus.abnormal);
    },
  );
});

describe('status over the day’s slots (hand-computed, Shanghai)', () => {
  const TZ = 'Asia/Shanghai';
  const at = (time: string) => new Date(`${time}+08:00`);
  const s: Schedule = {
    cycle: { mode: 'daily' },
    start: 8 * 60,
    end: 6 * 60,
    slots: [
      { start: 8 * 60, end: 9 * 60 },
      { start: 14 * 60, end: 15 * 60 },
      { start: 22 * 60, end: 6 * 60 },
    ],
    grace: 10,
    createdAt: LONG_AGO,
  };
  const progress =
    (missed: number[]) =>
    (round: Round): { expected: number; checked: number } => ({
      expected: 1,
      checked: missed.includes(round.slot) ? 0 : 1,
    });

  it('walks the day slot by slot', () => {
    expect(statusNow(s, at('2026-11-24T05:30:00'), TZ, progress([]))).toBe(RoundStatus.running); // last night's
    expect(statusNow(s, at('2026-11-24T07:30:00'), TZ, progress([]))).toBe(RoundStatus.notStarted);
    expect(statusNow(s, at('2026-11-24T07:55:00'), TZ, progress([]))).toBe(RoundStatus.notStarted);
    expect(statusNow(s, at('2026-11-24T07:55:00'), TZ, progress([3]))).toBe(RoundStatus.abnormal);
    expect(statusNow(s, at('2026-11-24T08:30:00'), TZ, progress([1]))).toBe(RoundStatus.running);
    expect(statusNow(s, at('2026-11-24T09:05:00'), TZ, progress([1]))).toBe(RoundStatus.running); // grace
    expect(statusNow(s, at('2026-11-24T09:05:00'), TZ, progress([]))).toBe(RoundStatus.notStarted);
    expect(statusNow(s, at('2026-11-24T09:20:00'), TZ, progress([1]))).toBe(RoundStatus.abnormal);
    expect(statusNow(s, at('2026-11-24T16:00:00'), TZ, progress([]))).toBe(RoundStatus.notStarted);
    expect(statusNow(s, at('2026-11-24T23:00:00'), TZ, progress([2]))).toBe(RoundStatus.running);
    expect(statusNow(s, at('2026-11-25T06:05:00'), TZ, progress([3]))).toBe(RoundStatus.running); // grace
    expect(statusNow(s, at('2026-11-25T06:05:00'), TZ, progress([]))).toBe(RoundStatus.notStarted); // done
  });

  it('is finished when all of today’s rounds have ended with nothing missed', () => {
    const day: Schedule = { ...s, slots: s.slots!.slice(0, 2), end: 15 * 60 };
    expect(statusNow(day, at('2026-11-24T16:00:00'), TZ, progress([]))).toBe(RoundStatus.finished);
    expect(statusNow(day, at('2026-11-24T16:00:00'), TZ, progress([1]))).toBe(RoundStatus.abnormal);
  });

  it('a slot that had ended before the road was saved has no round that day', () => {
    const late: Schedule = { ...s, createdAt: at('2026-11-24T10:00:00') };
    expect(roundsOn(late, '2026-11-24', TZ).map((r) => r.slot)).toEqual([2, 3]);
    expect(roundsOn(late, '2026-11-25', TZ).map((r) => r.slot)).toEqual([1, 2, 3]);
    expect(statusNow(late, at('2026-11-24T12:00:00'), TZ, progress([1]))).toBe(RoundStatus.notStarted);
  });
});
