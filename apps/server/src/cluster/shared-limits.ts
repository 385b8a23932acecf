import { ExportSlots } from '../http/export-limit.js';

/** What a worker asks of the rate counts: one more call of `key` in the limit numbered `limit`. */
export interface RateAsk {
  limit: number;
  key: string;
  timeWindow: number;
}

export interface RateCount {
  current: number;
  /** Milliseconds until the window ends and the count starts again. */
  ttl: number;
}

/** How often counts whose window has ended are dropped. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The limits the workers of one server share, kept by the primary (issue 36): the rate limits' counts (a login
 * spray or a terminal's uploads spread over the workers count once, as on one process) and the running exports (4
 * a server, 2 an account: the sheets' threads share the machine). Slots are remembered by worker, so that a worker
 * that dies gives its slots back.
 */
export class SharedLimits {
  private readonly windows = new Map<string, { count: number; startMs: number; timeWindow: number }>();
  private readonly slots = new ExportSlots();
  private readonly held = new Map<number, number[]>();
  private readonly pruning: NodeJS.Timeout;

  constructor(private readonly nowMs: () => number = Date.now) {
    this.pruning = setInterval(() => this.prune(), PRUNE_EVERY_MS);
    this.pruning.unref();
  }

  /** Counts a call in a fixed window, as @fastify/rate-limit's own store does in one process. */
  count({ limit, key, timeWindow }: RateAsk): RateCount {
    const now = this.nowMs();
    const id = `${limit}:${key}`;
    const window = this.windows.get(id);
    if (!window || window.startMs + window.timeWindow <= now) {
      this.windows.set(id, { count: 1, startMs: now, timeWindow });
      return { current: 1, ttl: timeWindow };
    }
    window.count += 1;
    return { current: window.count, ttl: window.startMs + window.timeWindow - now };
  }

  takeSlot(worker: number, accountId: number): boolean {
    if (!this.slots.take(accountId)) return false;
    this.held.set(worker, [...(this.held.get(worker) ?? []), accountId]);
    return true;
  }

  releaseSlot(worker: number, accountId: number): void {
    const mine = this.held.get(worker) ?? [];
    const at = mine.indexOf(accountId);
    if (at === -1) return;
    mine.splice(at, 1);
    this.slots.release(accountId);
  }

  /** A worker ended: the exports it ran end with it. */
  forget(worker: number): void {
    for (const accountId of this.held.get(worker) ?? []) this.slots.release(accountId);
    this.held.delete(worker);
  }

  runningExports(accountId?: number): number {
    return this.slots.count(accountId);
  }

  close(): void {
    clearInterval(this.pruning);
  }

  private prune(): void {
    const now = this.nowMs();
    for (const [id, window] of this.windows) {
      if (window.startMs + window.timeWindow <= now) this.windows.delete(id);
    }
  }
}
