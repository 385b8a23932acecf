import { describe, expect, it } from 'vitest';
import { clockChoices, disabledClock, endsBeforeStart, isOnClock, toMinutes, WHOLE_DAY } from './clock';

const ROAD = { earliest: '08:30', latest: '18:30', minuteStep: 15 } as const;
const TASK = { earliest: '00:00', latest: '23:59', minuteStep: 5 } as const;

describe('clock times', () => {
  it('read HH:mm, leave empty as no time, and refuse anything else', () => {
    expect(toMinutes('08:30')).toBe(510);
    expect(toMinutes('8:05')).toBe(485);
    expect(toMinutes('23:59:00')).toBe(1439);
    expect(toMinutes('')).toBeNull();
    expect(toMinutes(undefined)).toBeNull();
    expect(toMinutes('24:00')).toBeUndefined();
    expect(toMinutes('08:60')).toBeUndefined();
    expect(toMinutes('早上')).toBeUndefined();
  });

  it('know a window that ends before it starts (跨夜), and only when both ends are set', () => {
    expect(endsBeforeStart('22:00', '02:00')).toBe(true);
    expect(endsBeforeStart('08:30', '08:30')).toBe(false);
    expect(endsBeforeStart('08:30', '18:30')).toBe(false);
    expect(endsBeforeStart('', '02:00')).toBe(false);
    expect(endsBeforeStart('22:00', '')).toBe(false);
  });
});

describe('the road pickers: 08:30 to 18:30 in 15-minute steps', () => {
  it('offer 08:30, 08:45 … 18:30 and nothing else', () => {
    const choices = clockChoices(ROAD);
    expect(choices[0]).toBe('08:30');
    expect(choices[1]).toBe('08:45');
    expect(choices.at(-1)).toBe('18:30');
    expect(choices).toHaveLength(41);
    expect(choices).not.toContain('08:15');
    expect(choices).not.toContain('18:45');
  });

  it('disable the hours before 8 and after 18', () => {
    const rules = disabledClock(ROAD);
    expect(rules.disabledHours()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 19, 20, 21, 22, 23]);
  });

  it('disable the minutes before 08:30 and after 18:30, and none in between', () => {
    const rules = disabledClock(ROAD);
    expect(rules.disabledMinutes(8)).toEqual(Array.from({ length: 30 }, (_, minute) => minute));
    expect(rules.disabledMinutes(12)).toEqual([]);
    expect(rules.disabledMinutes(18)).toEqual(Array.from({ length: 29 }, (_, index) => index + 31));
  });

  it('tell a time the picker offers from one it does not', () => {
    expect(isOnClock('08:30', ROAD)).toBe(true);
    expect(isOnClock('18:30', ROAD)).toBe(true);
    expect(isOnClock('12:15', ROAD)).toBe(true);
    expect(isOnClock('08:15', ROAD)).toBe(false);
    expect(isOnClock('18:45', ROAD)).toBe(false);
    expect(isOnClock('12:10', ROAD)).toBe(false);
    expect(isOnClock('', ROAD)).toBe(false);
  });
});

describe('the task pickers: 00:00 to 23:59 in 5-minute steps', () => {
  it('offer every fifth minute of the day and disable nothing', () => {
    const choices = clockChoices(TASK);
    expect(choices).toHaveLength(24 * 12);
    expect(choices[0]).toBe('00:00');
    expect(choices.at(-1)).toBe('23:55');
    expect(disabledClock(TASK).disabledHours()).toEqual([]);
    expect(disabledClock(TASK).disabledMinutes(23)).toEqual([]);
    expect(isOnClock('22:05', TASK)).toBe(true);
    expect(isOnClock('22:07', TASK)).toBe(false);
    expect(isOnClock('22:07', WHOLE_DAY)).toBe(true);
  });
});
