import { describe, expect, it } from 'vitest';
import { PAIR_RULE, lockedUntil, loginDelayMs, loginLockedUntil } from './lockout.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

describe('lock-out rules', () => {
  it('needs five failures inside fifteen minutes', () => {
    expect(lockedUntil([0, 1, 2, 3].map(at), PAIR_RULE, at(4))).toBeNull();
    expect(lockedUntil([0, 1, 2, 3, 4].map(at), PAIR_RULE, at(5))).toEqual(at(19));
    expect(lockedUntil([0, 5, 10, 15, 20].map(at), PAIR_RULE, at(21))).toBeNull();
  });

  it('lets go fifteen minutes after the fifth failure', () => {
    expect(lockedUntil([0, 1, 2, 3, 4].map(at), PAIR_RULE, at(18))).toEqual(at(19));
    expect(lockedUntil([0, 1, 2, 3, 4].map(at), PAIR_RULE, at(19))).toBeNull();
  });

  it('locks a pair per address; many addresses together never lock the account', () => {
    const spread = Array.from({ length: 300 }, (_, i) => ({ at: at(i * 0.1), ip: `10.0.${i % 250}.${i}` }));
    expect(loginLockedUntil(spread, '10.9.9.9', at(30))).toBeNull();
    const fromOne = [0, 1, 2, 3, 4].map((m) => ({ at: at(m), ip: '10.0.0.1' }));
    expect(loginLockedUntil(fromOne, '10.0.0.2', at(5))).toBeNull();
    expect(loginLockedUntil(fromOne, '10.0.0.1', at(5))).toEqual(at(19));
  });

  it('slows an account past a hundred failures an hour, more with each, at most ten seconds', () => {
    const failures = (n: number) => Array.from({ length: n }, (_, i) => ({ at: at(i * 0.5), ip: `10.0.0.${i}` }));
    expect(loginDelayMs(failures(99), at(50))).toBe(0);
    expect(loginDelayMs(failures(100), at(50))).toBe(100);
    expect(loginDelayMs(failures(110), at(55))).toBe(1100);
    expect(loginDelayMs(failures(110), at(55))).toBeGreaterThan(loginDelayMs(failures(105), at(55)));
    expect(loginDelayMs(failures(1000), at(500))).toBeLessThanOrEqual(10_000);
    // An hour after them, the failures no longer slow anyone.
    expect(loginDelayMs(failures(100), at(50 + 61))).toBe(0);
  });
});
