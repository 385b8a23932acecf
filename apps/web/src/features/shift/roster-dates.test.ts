import { describe, expect, it } from 'vitest';
import { lastMonthCopy, lastWeekCopy, weekdayText } from './roster-dates';

describe('排班表 copies', () => {
  it('copies last week onto this week, Monday to Sunday', () => {
    expect(lastWeekCopy('2026-11-27')).toEqual({
      from_start: '2026-11-16',
      from_end: '2026-11-22',
      to_start: '2026-11-23',
    });
    expect(lastWeekCopy('2026-11-23')).toEqual({
      from_start: '2026-11-16',
      from_end: '2026-11-22',
      to_start: '2026-11-23',
    });
  });

  it('copies last month onto this one as far as both have days', () => {
    expect(lastMonthCopy('2026-12')).toEqual({
      from_start: '2026-11-01',
      from_end: '2026-11-30',
      to_start: '2026-12-01',
    });
    expect(lastMonthCopy('2027-03')).toEqual({
      from_start: '2027-02-01',
      from_end: '2027-02-28',
      to_start: '2027-03-01',
    });
    expect(lastMonthCopy('2027-02')).toEqual({
      from_start: '2027-01-01',
      from_end: '2027-01-28',
      to_start: '2027-02-01',
    });
    expect(weekdayText('2026-11-29')).toBe('日');
  });
});
