import { sql } from 'drizzle-orm';
import { ALERT_EVENT, type AlertRow } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import type { Caller } from '../../http/caller.js';
import * as repo from './alert.repository.js';

/** One open console stream: whose it is, the scope it may see and where its alerts go. */
export interface AlertListener {
  /** The stream's session (its token's hash) and account: re-read before each delivery, at most 5 per account. */
  tokenHash: string;
  userId: number;
  /** The caller's organisation path: an alert of an organisation under it belongs to the stream. */
  holdPath: string;
  /** Writes one server-sent event (the same text for every stream that gets the alert). */
  send(event: string): void;
  close(): void;
}

/** One server-sent event carrying an alert row. */
export function alertEvent(row: AlertRow): string {
  return `event: ${ALERT_EVENT}\nid: ${row.alert_id}\ndata: ${JSON.stringify(row)}\n\n`;
}

/** The ids of a NOTIFY payload (`12,13,14`); anything else is ignored. */
export function alertIdsOf(payload: string): number[] {
  return payload
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** Streams one account may hold open on a server: a sixth closes its oldest (R20). */
export const STREAMS_PER_ACCOUNT = 5;

/** The sessions behind the open streams as they are now (one query for all): a stream missing from it has ended. */
export type StreamSessions = (tokenHashes: string[]) => Promise<Map<string, Caller>>;

/**
 * This server's open alert streams. Every alert raised on any server is announced on the database's channel; the
 * hub reads the announced rows once (one query, however many streams) and the streams' sessions once (R20: an account
 * moved to another organisation, whose role lost 查看告警, or whose session ended, gets nothing more from that moment),
 * and hands each alert to the streams whose scope covers its organisation, and to no other.
 */
export class AlertHub {
  /** In the order they were opened: the oldest of an account's streams is the first of them here. */
  private readonly listeners = new Set<AlertListener>();

  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: StreamSessions,
  ) {}

  get size(): number {
    return this.listeners.size;
  }

  add(listener: AlertListener): () => void {
    const mine = [...this.listeners].filter((other) => other.userId === listener.userId);
    for (const oldest of mine.slice(0, Math.max(0, mine.length - STREAMS_PER_ACCOUNT + 1))) oldest.close();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async deliver(payload: string): Promise<void> {
    const ids = alertIdsOf(payload);
    if (ids.length === 0 || this.listeners.size === 0) return;
    const [rows, callers] = await Promise.all([
      repo.alertRows(this.ctx.db, this.ctx.config.tzName, sql`a.alert_id = any(${sql.param(ids)}::bigint[])`),
      this.sessions([...new Set([...this.listeners].map((listener) => listener.tokenHash))]),
    ]);
    for (const listener of [...this.listeners]) {
      const caller = callers.get(listener.tokenHash);
      if (!caller?.permissions.has('alert.view')) listener.close();
      else listener.holdPath = caller.holdPath;
    }
    // Oldest first: a stream shows alerts in the order they were raised. Each alert's event text is made once,
    // however many streams it goes to (1,000 streams × a burst of alerts is the cost that counts, P10).
    for (const { path, ...row } of rows.reverse()) {
      const event = alertEvent(row);
      for (const listener of this.listeners) {
        if (path.startsWith(listener.holdPath)) listener.send(event);
      }
    }
  }

  /** Ends every stream (the server is closing: open streams would hold it open). */
  closeAll(): void {
    for (const listener of [...this.listeners]) listener.close();
    this.listeners.clear();
  }
}
