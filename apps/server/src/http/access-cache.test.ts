import { describe, expect, it } from 'vitest';
import type { Listen } from '../db/client.js';
import { AccessCache } from './access-cache.js';

/** A LISTEN that hears at once and can be told a change (`say('')`, as the triggers' word) or a loss. */
function hearing() {
  let handler: (payload: string) => void = () => {};
  let lost: () => void = () => {};
  const listen: Listen = (_channel, onPayload, events) => {
    handler = onPayload;
    lost = () => events?.lost();
    return Promise.resolve(async () => {});
  };
  return { listen, changed: () => handler(''), lose: () => lost() };
}

/** A read the test finishes by hand, counting how often it was started. */
function slowRead() {
  const finishes: ((value: string) => void)[] = [];
  return {
    read: () => new Promise<string>((resolve) => finishes.push(resolve)),
    get started() {
      return finishes.length;
    },
    finish: (index: number, value: string) => finishes[index]!(value),
  };
}

const FOREVER = () => Number.MAX_SAFE_INTEGER;

/** A server's kept answers, hearing `db`. */
async function keptBy(db = hearing()): Promise<AccessCache> {
  const access = new AccessCache(() => new Date());
  await access.listen(db.listen);
  return access;
}

describe('AccessCache: requests that miss the same answer at once (issue 36, P13)', () => {
  it('share one read, and keep its answer', async () => {
    const access = await keptBy();
    const slow = slowRead();
    const answers = Promise.all([1, 2, 3].map(() => access.through('session:a', slow.read, FOREVER)));
    expect(slow.started).toBe(1);
    slow.finish(0, 'caller');
    expect(await answers).toEqual(['caller', 'caller', 'caller']);
    expect(await access.through('session:a', slow.read, FOREVER)).toBe('caller');
    expect(slow.started).toBe(1);
  });

  it('never join a read that began before a change: they read again', async () => {
    const db = hearing();
    const access = await keptBy(db);
    const slow = slowRead();
    const before = access.through('session:a', slow.read, FOREVER);
    db.changed();
    const after = access.through('session:a', slow.read, FOREVER);
    expect(slow.started).toBe(2);
    slow.finish(1, 'new');
    slow.finish(0, 'old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // The read begun after the change is kept; the one begun before it is not, though it ended last.
    expect(await access.through('session:a', slow.read, FOREVER)).toBe('new');
    expect(slow.started).toBe(2);
  });

  it('read each on their own while the server does not hear the changes', async () => {
    const db = hearing();
    const access = await keptBy(db);
    db.lose();
    const slow = slowRead();
    const answers = Promise.all([1, 2].map(() => access.through('session:a', slow.read, FOREVER)));
    expect(slow.started).toBe(2);
    slow.finish(0, 'one');
    slow.finish(1, 'two');
    expect(await answers).toEqual(['one', 'two']);
  });

  it('share a failure too, and the next request reads again', async () => {
    const access = await keptBy();
    let reads = 0;
    const failing = () => {
      reads += 1;
      return Promise.reject(new Error('database away'));
    };
    const answers = [1, 2].map(() => access.through('session:a', failing, FOREVER));
    await expect(Promise.all(answers)).rejects.toThrow('database away');
    expect(reads).toBe(1);
    await expect(access.through('session:a', failing, FOREVER)).rejects.toThrow('database away');
    expect(reads).toBe(2);
  });
});
