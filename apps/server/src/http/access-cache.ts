import type { AppContext } from '../context.js';
import type { Listen, Tx } from '../db/client.js';
import { AccessPeers } from './access-peers.js';

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
 * database says something changed (`access_changed`, sent by triggers at commit, so every writer says it). The
 * server that changed it forgets at once and answers its caller only once the other servers have heard too
 * (`settle`, access-peers.ts): the caller's next request, on any server, never sees the old answer. While the
 * LISTEN connection is away nothing is kept, since what it missed is unknown; a kept answer also lapses after
 * `ACCESS_KEPT_MS` in case a notification is lost.
 *
 * A read that began before a change and ends after it is not kept (the generation moved): it may hold the old rows.
 */
export class AccessCache {
  private readonly kept = new Map<string, Kept>();
  /** Reads under way, by key: a request that finds one waits for it instead of reading again (see `through`). */
  private readonly reading = new Map<string, { generation: number; value: Promise<unknown> }>();
  private generation = 0;
  /** Whether this server hears `access_changed` now; nothing is kept while it does not. */
  private hearing = false;
  /** The LISTEN connection is away (lost, not yet back). */
  private away = false;
  private stopListening: (() => Promise<void>) | null = null;
  private peers: AccessPeers | null = null;

  constructor(
    private readonly now: () => Date,
    private readonly keptMs = ACCESS_KEPT_MS,
  ) {}

  /**
   * Starts hearing the database's changes (the server's start); answers once it hears them. With `say` (a NOTIFY on
   * `access_changed`) it also hears and answers the other servers, and `settle` waits for them.
   */
  async listen(listen: Listen, say?: (payload: string) => Promise<unknown>): Promise<void> {
    const peers = say ? new AccessPeers(say, () => this.changed()) : null;
    this.stopListening = await listen(
      ACCESS_CHANGED,
      (payload) => (payload === '' ? this.changed() : peers?.heard(payload)),
      {
        lost: () => {
          this.away = true;
          this.deaf();
        },
        regained: () => {
          this.away = false;
          this.hear();
        },
      },
    );
    if (!this.away) this.hear();
    this.peers = peers;
    peers?.start();
  }

  async close(): Promise<void> {
    this.deaf();
    await this.peers?.stop();
    await this.stopListening?.();
  }

  /**
   * After this server changed who may do what: forget, and wait until the other servers heard of it (at most
   * `HEARD_WITHIN_MS`), so that the caller's next request finds no old answer on any of them.
   */
  async settle(): Promise<void> {
    this.changed();
    await this.peers?.settle();
  }

  /** Forget everything kept: something it was read from changed. */
  changed(): void {
    this.generation += 1;
    this.kept.clear();
  }

  /**
   * The kept answer for `key`, or `read()`'s, kept until `until(value)` (epoch ms; at most `keptMs` from now) when
   * `until` says so (undefined: not kept) and nothing changed while it was read.
   *
   * Requests that miss the same key while it is being read share that read, as long as nothing changed since it
   * began: when an answer lapses under load, the 50 requests in flight for one token read its session once, not 50
   * times at once (P13's load read `caller_by_token` and `scope_subtree_ids` about 80 times each per 20,000 requests,
   * in bursts every `keptMs`). A request after a change never joins a read that began before it, and while this
   * server does not hear the changes (nothing is kept then) none joins any.
   */
  async through<T>(key: string, read: () => Promise<T>, until: (value: T) => number | undefined): Promise<T> {
    const now = this.now().getTime();
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.value as T;
    const generation = this.generation;
    const under = this.reading.get(key);
    if (this.hearing && under?.generation === generation) return under.value as Promise<T>;
    const value = read();
    const reading = { generation, value };
    this.reading.set(key, reading);
    try {
      const found = await value;
      const end = until(found);
      if (this.hearing && generation === this.generation && end !== undefined && end > now) {
        if (this.kept.size >= MOST_KEPT) this.kept.clear();
        this.kept.set(key, { value: found, until: Math.min(end, now + this.keptMs) });
      }
      return found;
    } finally {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    }
  }

  /** The answer kept for `key` while it holds, without reading (undefined: none). */
  peek<T>(key: string): T | undefined {
    const hit = this.kept.get(key);
    return hit && hit.until > this.now().getTime() ? (hit.value as T) : undefined;
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
 * A transaction that changes who may do what (a session, account, role, organisation or phone): once it commits,
 * this server forgets what it kept and waits for the other servers to have heard (`settle`), before the call
 * answers.
 */
export async function accessTransaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await ctx.db.transaction(work);
  } catch (error) {
    ctx.access?.changed();
    throw error;
  }
  await ctx.access?.settle();
  return result;
}
