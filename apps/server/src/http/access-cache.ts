import type { AppContext } from '../context.js';
import type { Listen, Tx } from '../db/client.js';

/** The channel migration 0020's triggers NOTIFY when a session, account, role, organisation or phone changes. */
export const ACCESS_CHANGED = 'access_changed';

/**
 * How long a kept answer may be used without a word from the database: the fallback for a notification that never
 * arrives (a bug, an operator's LISTEN-less replica). Short enough that a revoked token dies within it anyway.
 */
export const ACCESS_KEPT_MS = 10_000;

/** Past this many answers the cache starts again (tokens sprayed at the server cannot grow it without bound). */
const MOST_KEPT = 20_000;

interface Kept {
  value: unknown;
  /** Epoch ms after which the answer is read again. */
  until: number;
}

/**
 * What a request asks before its own work, kept per server (issue 36): the caller behind a token (account, role's
 * keys, organisation, bound phone) and the organisations a scope covers. Every server forgets all of it when the
 * database says something changed (`access_changed`, sent by triggers at commit, so every writer says it) and when
 * the server itself changed it (`changed()`, before its reply: its next request never sees the old answer). While
 * the LISTEN connection is away nothing is kept, since what it missed is unknown; a kept answer also lapses after
 * `ACCESS_KEPT_MS` in case a notification is lost.
 *
 * A read that began before a change and ends after it is not kept (the generation moved): it may hold the old rows.
 */
export class AccessCache {
  private readonly kept = new Map<string, Kept>();
  private generation = 0;
  /** Whether this server hears `access_changed` now; nothing is kept while it does not. */
  private hearing = false;
  /** The LISTEN connection is away (lost, not yet back). */
  private away = false;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly now: () => Date,
    private readonly keptMs = ACCESS_KEPT_MS,
  ) {}

  /** Starts hearing the database's changes (the server's start); answers once it hears them. */
  async listen(listen: Listen): Promise<void> {
    this.stopListening = await listen(ACCESS_CHANGED, () => this.changed(), {
      lost: () => {
        this.away = true;
        this.deaf();
      },
      regained: () => {
        this.away = false;
        this.hear();
      },
    });
    if (!this.away) this.hear();
  }

  async close(): Promise<void> {
    this.deaf();
    await this.stopListening?.();
  }

  /** Forget everything kept: something it was read from changed. */
  changed(): void {
    this.generation += 1;
    this.kept.clear();
  }

  /**
   * The kept answer for `key`, or `read()`'s, kept until `until(value)` (epoch ms; at most `keptMs` from now) when
   * `until` says so (undefined: not kept) and nothing changed while it was read.
   */
  async through<T>(key: string, read: () => Promise<T>, until: (value: T) => number | undefined): Promise<T> {
    const now = this.now().getTime();
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.value as T;
    const generation = this.generation;
    const value = await read();
    const end = until(value);
    if (this.hearing && generation === this.generation && end !== undefined && end > now) {
      if (this.kept.size >= MOST_KEPT) this.kept.clear();
      this.kept.set(key, { value, until: Math.min(end, now + this.keptMs) });
    }
    return value;
  }

  /** How many answers are kept (the metrics, the tests). */
  get size(): number {
    return this.kept.size;
  }

  private hear(): void {
    this.changed();
    this.hearing = true;
  }

  private deaf(): void {
    this.hearing = false;
    this.changed();
  }
}

/**
 * A transaction that changes who may do what (a session, account, role, organisation or phone): this server forgets
 * what it kept once it ends, before the call answers; the other servers hear it from the database's triggers.
 */
export async function accessTransaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } finally {
    ctx.access?.changed();
  }
}
