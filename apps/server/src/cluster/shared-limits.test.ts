import { afterEach, describe, expect, it } from 'vitest';
import { EXPORTS_PER_ACCOUNT, EXPORTS_PER_SERVER } from '../http/export-limit.js';
import { SharedLimits } from './shared-limits.js';

describe('the limits a server’s workers share', () => {
  let nowMs = 1_000_000;
  const limits = new SharedLimits(() => nowMs);
  afterEach(() => limits.close());

  it('counts a key’s calls from every worker in one window, each limit apart, and starts again when it ends', () => {
    const login = { limit: 1, key: '127.0.0.1', timeWindow: 60_000 };
    expect(limits.count(login)).toEqual({ current: 1, ttl: 60_000 });
    nowMs += 10_000;
    expect(limits.count(login)).toEqual({ current: 2, ttl: 50_000 });
    expect(limits.count({ ...login, limit: 2 })).toEqual({ current: 1, ttl: 60_000 });
    nowMs += 50_000;
    expect(limits.count(login)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('gives an account two exports and the server four, whichever worker asks, and frees a dead worker’s', () => {
    expect(EXPORTS_PER_ACCOUNT).toBe(2);
    expect(EXPORTS_PER_SERVER).toBe(4);
    expect([limits.takeSlot(1, 7), limits.takeSlot(2, 7), limits.takeSlot(2, 7)]).toEqual([true, true, false]);
    expect([limits.takeSlot(1, 8), limits.takeSlot(2, 9), limits.takeSlot(2, 10)]).toEqual([true, true, false]);
    expect(limits.runningExports()).toBe(4);
    // A worker gives back only what it holds.
    limits.releaseSlot(1, 9);
    expect(limits.runningExports()).toBe(4);
    limits.releaseSlot(2, 9);
    expect(limits.runningExports(9)).toBe(0);
    limits.forget(2);
    expect([limits.runningExports(), limits.runningExports(7)]).toEqual([2, 1]);
    expect(limits.takeSlot(3, 7)).toBe(true);
  });
});
