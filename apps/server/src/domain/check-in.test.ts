import { describe, expect, it } from 'vitest';
import { missedIntervals } from './check-in.js';

const M = 60_000;
const day = (over: Partial<Parameters<typeof missedIntervals>[0]> = {}) => ({
  firstPunch: 0,
  lastPunch: 120 * M,
  checkIns: [] as number[],
  minutes: 30,
  grace: 5,
  ...over,
});

describe('报平安: the intervals a guard on duty missed', () => {
  it('a guard who checks in every half hour misses nothing', () => {
    expect(missedIntervals(day({ checkIns: [25 * M, 50 * M, 80 * M, 105 * M] }), 200 * M)).toEqual([]);
  });

  it('one silent interval is one missed due; the next is counted from it', () => {
    expect(missedIntervals(day({ checkIns: [25 * M, 90 * M] }), 200 * M)).toEqual([55 * M, 120 * M]);
    expect(missedIntervals(day({ lastPunch: 110 * M, checkIns: [25 * M, 90 * M] }), 200 * M)).toEqual([55 * M]);
  });

  it('an interval is missed only once its grace has passed', () => {
    expect(missedIntervals(day(), 34 * M)).toEqual([]);
    expect(missedIntervals(day(), 35 * M)).toEqual([30 * M]);
  });

  it('a check-in within the grace counts', () => {
    expect(missedIntervals(day({ lastPunch: 40 * M, checkIns: [34 * M] }), 200 * M)).toEqual([]);
  });

  it('after the last punch of the day the guard is off duty: nothing more is due', () => {
    expect(missedIntervals(day({ lastPunch: 20 * M }), 500 * M)).toEqual([]);
    expect(missedIntervals(day({ lastPunch: 65 * M }), 500 * M)).toEqual([30 * M, 60 * M]);
  });
});
