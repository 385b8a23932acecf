import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Slots } from '../http/export-limit.js';
import type { Conversation } from './conversation.js';
import type { RateAsk, RateCount } from './shared-limits.js';

/**
 * @fastify/rate-limit's store in a worker: each call is counted by the primary (SharedLimits), so that a limit holds
 * for the server, not for each of its processes. Each limit (`app.rateLimit(…)`, a child of the store) has its
 * number: the workers build the same app, so the same limit has the same number in all of them.
 */
export function sharedRateStore(primary: Conversation): FastifyRateLimitStoreCtor {
  let limits = 0;
  class SharedRateStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly limit = 0,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: RateCount) => void, timeWindow: number): void {
      const ask: RateAsk = { limit: this.limit, key, timeWindow };
      // No count (the primary could not answer): the call is let through, as one process's first call would be.
      void primary
        .ask<RateCount | null>('rate', ask)
        .then((count) => callback(null, count ?? { current: 1, ttl: timeWindow }));
    }

    child(): FastifyRateLimitStore {
      limits += 1;
      return new SharedRateStore(undefined, limits);
    }
  }
  return SharedRateStore;
}

/** The export slots in a worker: taken from and given back to the primary's count for the whole server. */
export class SharedExportSlots implements Slots {
  constructor(private readonly primary: Conversation) {}

  async take(accountId: number): Promise<boolean> {
    return (await this.primary.ask<boolean | null>('slot.take', accountId)) === true;
  }

  release(accountId: number): void {
    this.primary.tell('slot.release', accountId);
  }
}
