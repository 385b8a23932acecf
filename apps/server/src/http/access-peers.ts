import { randomUUID } from 'node:crypto';

/** How often a server says it is there, and how long after its last word it still counts as there. */
export const PRESENCE_MS = 5_000;
const PRESENT_FOR_MS = 3 * PRESENCE_MS;
/** How long a change waits for the other servers to say they heard it; a silent one is covered by the time limit. */
export const HEARD_WITHIN_MS = 1_000;

/** What the servers say to each other on `access_changed`, besides the triggers' empty payload. */
type Word =
  | { kind: 'here'; server: string }
  | { kind: 'gone'; server: string }
  | { kind: 'sync'; server: string; n: number }
  | { kind: 'heard'; server: string; writer: string; n: number };

function readWord(payload: string): Word | null {
  const [kind, server, a, b] = payload.split(':');
  if (!server) return null;
  if (kind === 'here' || kind === 'gone') return { kind, server };
  if (kind === 'sync' && a) return { kind, server, n: Number(a) };
  if (kind === 'heard' && a && b) return { kind, server, writer: a, n: Number(b) };
  return null;
}

/**
 * The servers sharing a database, as each hears the others on `access_changed` (issue 36): each says `here` every
 * `PRESENCE_MS`; a server that changed who may do what says `sync` after its commit, and answers its caller only
 * once every server it knows has said `heard` (or `HEARD_WITHIN_MS` passed). PostgreSQL delivers a connection's
 * notifications in commit order, so a server hearing the `sync` has already heard the triggers' word of the change
 * before it: the caller's next request, on any server, finds no old answer kept.
 */
export class AccessPeers {
  readonly id = randomUUID().slice(0, 8);
  private readonly present = new Map<string, number>();
  private readonly waiting = new Map<number, { missing: Set<string>; done: () => void }>();
  private syncs = 0;
  private beat: NodeJS.Timeout | null = null;

  constructor(
    /** NOTIFYs `access_changed` with the payload (a statement of its own, outside any transaction). */
    private readonly say: (payload: string) => Promise<unknown>,
    /** A word that means the server must forget what it kept (another server's change). */
    private readonly forget: () => void,
  ) {}

  start(): void {
    this.tell(`here:${this.id}`);
    this.beat = setInterval(() => this.tell(`here:${this.id}`), PRESENCE_MS);
    this.beat.unref();
  }

  async stop(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    for (const wait of this.waiting.values()) wait.done();
    await this.say(`gone:${this.id}`).catch(() => {});
  }

  /** A payload other than the triggers' (theirs is empty). */
  heard(payload: string): void {
    const word = readWord(payload);
    if (!word || word.server === this.id) return;
    if (word.kind === 'here') this.present.set(word.server, performance.now());
    else if (word.kind === 'gone') this.present.delete(word.server);
    else if (word.kind === 'sync') {
      this.present.set(word.server, performance.now());
      this.forget();
      this.tell(`heard:${this.id}:${word.server}:${word.n}`);
    } else if (word.writer === this.id) {
      const wait = this.waiting.get(word.n);
      wait?.missing.delete(word.server);
      if (wait?.missing.size === 0) wait.done();
    }
  }

  /** After this server's change committed: resolves once every server it knows heard of it, or after the wait. */
  async settle(): Promise<void> {
    const now = performance.now();
    const missing = new Set([...this.present].filter(([, at]) => now - at < PRESENT_FOR_MS).map(([id]) => id));
    if (missing.size === 0) return;
    const n = ++this.syncs;
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => wait.done(), HEARD_WITHIN_MS);
      const wait = {
        missing,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(n);
          resolve();
        },
      };
      this.waiting.set(n, wait);
    });
    this.tell(`sync:${this.id}:${n}`);
    await heard;
  }

  private tell(payload: string): void {
    this.say(payload).catch(() => {});
  }
}
