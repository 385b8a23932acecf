import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, FIRST_WAIT_MS, MAX_WAIT_MS } from './backoff';
import { startSyncLoop, type SyncState } from './sync-loop';

describe('the wait between upload tries', () => {
  it('doubles from 2 s up to 2 minutes', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((failures) => backoffDelay(failures, () => 0));
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 120_000, 120_000, 120_000]);
    expect(FIRST_WAIT_MS).toBe(2_000);
  });

  it('adds at most a fifth at random, never past the ceiling', () => {
    expect(backoffDelay(1, () => 0.999)).toBeLessThanOrEqual(2_400);
    expect(backoffDelay(1, () => 0.5)).toBe(2_200);
    expect(backoffDelay(30, () => 0.999)).toBe(MAX_WAIT_MS);
  });
});

describe('the upload loop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries after 2 s, then 4 s while offline, and sends at once when kicked', async () => {
    vi.useFakeTimers();
    let fail = 3;
    const flush = vi.fn(() => (fail-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve()));
    const states: SyncState['kind'][] = [];
    const loop = startSyncLoop({ flush, delay: (n) => backoffDelay(n, () => 0), onState: (s) => states.push(s.kind) });
    loop.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(flush).toHaveBeenCalledTimes(2);
    // The network is back: no waiting for the 4 s.
    loop.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(3);
    // That try failed too (third failure): 8 s now, then it goes through and the loop rests.
    await vi.advanceTimersByTimeAsync(8_000);
    expect(flush).toHaveBeenCalledTimes(4);
    expect(states.at(-1)).toBe('idle');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(flush).toHaveBeenCalledTimes(4);
    loop.stop();
  });

  it('runs once more when a punch is taken during an upload, never two uploads at once', async () => {
    let release: () => void = () => undefined;
    let inFlight = 0;
    let most = 0;
    const flush = vi.fn(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => (release = resolve));
      inFlight -= 1;
    });
    const loop = startSyncLoop({ flush });
    loop.kick();
    loop.kick();
    loop.kick();
    release();
    await vi.waitFor(() => expect(flush).toHaveBeenCalledTimes(2));
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flush).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    loop.stop();
  });
});
