import pg from 'pg';
import type { ListenEvents } from './client.js';

/** How long a lost LISTEN connection waits before it connects again, doubling up to the last. */
const RELISTEN_MS = [500, 1_000, 2_000, 5_000];

interface Listener {
  channel: string;
  handler: (payload: string) => void;
  events?: ListenEvents;
}

const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;

/**
 * One connection of its own that LISTENs on every channel a server hears, and connects again when it is lost
 * (database restarted, failover): what was NOTIFYed while it was away is missed (live streams notice; the access
 * cache keeps nothing meanwhile; webhooks read their outbox). One connection, so its notifications arrive in commit
 * order whatever their channel: an account's change (`access_changed`) is heard before an alert committed after it.
 */
export class PostgresListener {
  private readonly listeners = new Set<Listener>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private attempt = 0;
  private lost = false;
  private stopped = false;

  constructor(private readonly url: string) {}

  /** Calls `handler` with each payload NOTIFYed on `channel`; answers its stop. */
  async listen(
    channel: string,
    handler: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>> {
    const listener: Listener = { channel, handler, ...(events ? { events } : {}) };
    this.listeners.add(listener);
    if (this.client) await this.client.query(`listen ${quoted(channel)}`).catch(() => this.reconnect());
    else await (this.connecting ??= this.connect());
    return async () => {
      this.listeners.delete(listener);
      if (![...this.listeners].some((other) => other.channel === channel)) {
        await this.client?.query(`unlisten ${quoted(channel)}`).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => {});
    this.client = undefined;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const next = new pg.Client({ connectionString: this.url });
    next.on('notification', (message) => {
      for (const listener of this.listeners) {
        if (listener.channel === message.channel) listener.handler(message.payload ?? '');
      }
    });
    next.on('error', () => this.reconnect());
    try {
      await next.connect();
      for (const channel of new Set([...this.listeners].map((l) => l.channel))) {
        await next.query(`listen ${quoted(channel)}`);
      }
      this.client = next;
      this.attempt = 0;
      this.connecting = undefined;
      if (this.stopped) await next.end().catch(() => {});
      else if (this.lost) {
        this.lost = false;
        for (const listener of this.listeners) listener.events?.regained();
      }
    } catch {
      await next.end().catch(() => {});
      this.connecting = undefined;
      this.reconnect();
    }
  }

  private reconnect(): void {
    if (this.stopped) return;
    if (!this.lost) {
      this.lost = true;
      for (const listener of this.listeners) listener.events?.lost();
    }
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => {});
    if (this.connecting) return;
    const wait = RELISTEN_MS[Math.min(this.attempt++, RELISTEN_MS.length - 1)];
    this.connecting = new Promise<void>((resolve) => setTimeout(resolve, wait).unref()).then(() => this.connect());
  }
}
