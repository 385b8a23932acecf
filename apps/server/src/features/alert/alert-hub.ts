import { sql } from 'drizzle-orm';
import { ALERT_EVENT, type AlertRow } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import * as repo from './alert.repository.js';

/** One open console stream: the scope it may see and where its alerts go. */
export interface AlertListener {
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

/**
 * This server's open alert streams. Every alert raised on any server is announced on the database's channel; the
 * hub reads the announced rows once (one query, however many streams) and hands each to the streams whose scope
 * covers its organisation, and to no other.
 */
export class AlertHub {
  private readonly listeners = new Set<AlertListener>();

  constructor(private readonly ctx: AppContext) {}

  get size(): number {
    return this.listeners.size;
  }

  add(listener: AlertListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async deliver(payload: string): Promise<void> {
    const ids = alertIdsOf(payload);
    if (ids.length === 0 || this.listeners.size === 0) return;
    const rows = await repo.alertRows(
      this.ctx.db,
      this.ctx.config.tzName,
      sql`a.alert_id = any(${sql.param(ids)}::bigint[])`,
    );
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
