import { describe, expect, it } from 'vitest';
import { addDays, zonedInstant } from './zoned-time.js';

const at = (date: string, time: string, tz: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return zonedInstant(date, h * 60 + m, tz).toISOString();
};

describe('zonedInstant across clock changes', () => {
  it('takes a time the clocks skipped as the instant they jumped', () => {
    // New York, 8 March 2026: 02:00 EST became 03:00 EDT (07:00 UTC).
    expect(at('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(at('2026-03-08', '02:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '03:01', 'America/New_York')).toBe('2026-03-08T07:01:00.000Z');
    // Lord Howe, 4 October 2026: half an hour, 02:00 (+10:30) became 02:30 (+11), 15:30 UTC the day before.
    expect(at('2026-10-04', '02:10', 'Australia/Lord_Howe')).toBe('2026-10-03T15:30:00.000Z');
    expect(at('2026-10-04', '02:30', 'Australia/Lord_Howe')).toBe('2026-10-03T15:30:00.000Z');
  });

  it('takes a time the clocks repeated as one of its instants, and every other as its own', () => {
    // New York, 1 November 2026: 02:00 EDT became 01:00 EST (06:00 UTC).
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01', '02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    expect(at('2026-11-27', '08:00', 'Asia/Shanghai')).toBe('2026-11-27T00:00:00.000Z');
  });

  it('never puts a later wall-clock time earlier, minute by minute over the days the clocks change', () => {
    const days: [string, string][] = [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Australia/Lord_Howe', '2026-10-04'],
      ['Australia/Lord_Howe', '2026-04-05'],
    ];
    for (const [tz, day] of days) {
      let before = zonedInstant(addDays(day, -1), 23 * 60 + 59, tz).getTime();
      for (let minute = 0; minute < 24 * 60; minute += 1) {
        const instant = zonedInstant(day, minute, tz).getTime();
        expect(instant, `${tz} ${day} minute ${minute}`).toBeGreaterThanOrEqual(before);
        before = instant;
      }
    }
  });
});
