import type { LogType } from '@guard-tour/contract';
import type { Queryable } from '../db/client.js';
import { sysLog } from '../db/schema.js';
import type { Actor } from '../http/caller.js';

/** Login attempts' outcomes; only `failure` counts towards the lock-out. */
export type LoginOutcome = 'success' | 'failure' | 'locked' | 'expired' | 'denied' | 'logout';

export interface LogEntry {
  type: LogType;
  actor: Actor;
  /** What was done, naming the objects (names and ids). */
  content: string;
  at: Date;
  deviceNo?: string;
  outcome?: LoginOutcome;
}

/**
 * The one writer of the operation and login log. Every write of every area calls it with the transaction
 * it writes in, so the log entry and the change commit or fail together.
 */
export async function writeLog(q: Queryable, entry: LogEntry): Promise<void> {
  await q.insert(sysLog).values({
    log_type: entry.type,
    hold_id: entry.actor.holdId,
    hold_name: entry.actor.holdName,
    user_id: entry.actor.userId,
    user_name: entry.actor.userName,
    true_name: entry.actor.trueName,
    device_no: entry.deviceNo ?? '',
    log_content: entry.content,
    outcome: entry.outcome ?? null,
    ip: entry.actor.ip,
    create_time: entry.at,
  });
}
