// Retention (OPERATIONS.md, Backups): dead sessions and old login/operation logs are deleted daily. Punches are
// never pruned by the product; an operator detaches old monthly partitions by hand (docs/operations.md).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { queryRows } from './sql.js';

/** How often the pruning runs. */
export const RETENTION_EVERY_MS = 24 * 60 * 60_000;
/** The first run comes this long after start, so a server restarted more often than daily still prunes. */
const FIRST_RUN_MS = 60_000;
/** Rows deleted per statement: short transactions, however much a first run on an old installation finds. */
const BATCH = 5_000;

export interface Pruned {
  sessions: number;
  logs: number;
}

/** Deletes sessions that expired or were revoked, and sys_log rows older than LOG_RETENTION_DAYS. */
export async function pruneRetention(ctx: AppContext): Promise<Pruned> {
  const now = ctx.now();
  const logCutoff = new Date(now.getTime() - ctx.config.logRetentionDays * 86_400_000);
  const sessions = await deleteInBatches(
    ctx,
    (limit) => sql`delete from session where session_id in (
      select session_id from session where expires_at <= ${now} or revoked_at is not null limit ${limit})`,
  );
  const logs = await deleteInBatches(
    ctx,
    // Oldest first along the primary key (log ids grow with time): each batch stops at its limit early.
    (limit) => sql`delete from sys_log where log_id in (
      select log_id from sys_log where create_time < ${logCutoff} order by log_id limit ${limit})`,
  );
  return { sessions, logs };
}

async function deleteInBatches(ctx: AppContext, statement: (limit: number) => ReturnType<typeof sql>) {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`with gone as (${statement(BATCH)} returning 1) select count(*)::int as n from gone`,
    );
    const deleted = row?.n ?? 0;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Runs the pruning a minute after start, then daily, never two runs at once; a failure goes to `onError` and the
 * next run tries again. Answers a stop that resolves once a run under way has ended (the server's shutdown waits
 * for it before closing the database).
 */
export function scheduleRetention(ctx: AppContext, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = pruneRetention(ctx)
      .then(() => undefined, onError)
      .finally(() => (running = null));
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const daily = setInterval(run, RETENTION_EVERY_MS);
  first.unref();
  daily.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(daily);
    await running;
  };
}
