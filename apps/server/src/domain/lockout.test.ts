import { describe, expect, it } from 'vitest';
import { ACCOUNT_RULE, PAIR_RULE, lockedUntil, loginLockedUntil } from './lockout.js';

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

  it('counts pairs per address but the hourly limit over all addresses', () => {
    const spread = Array.from({ length: 100 }, (_, i) => ({ at: at(i * 0.5), ip: `10.0.0.${i}` }));
    expect(loginLockedUntil(spread.slice(0, 99), '10.9.9.9', at(50))).toBeNull();
    expect(loginLockedUntil(spread, '10.9.9.9', at(50))).toEqual(new Date(at(49.5).getTime() + ACCOUNT_RULE.lockMs));
    const fromOne = [0, 1, 2, 3, 4].map((m) => ({ at: at(m), ip: '10.0.0.1' }));
    expect(loginLockedUntil(fromOne, '10.0.0.2', at(5))).toBeNull();
    expect(loginLockedUntil(fromOne, '10.0.0.1', at(5))).toEqual(at(19));
  });
});
