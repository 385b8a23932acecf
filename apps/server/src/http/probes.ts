import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { appliedMigrations, committedMigrations } from '../db/migrate.js';
import { queryRows } from '../db/sql.js';
import { TooSlow, within } from './within.js';

/** How long the database may take to answer before the server is not ready (OPERATIONS.md). */
export const READY_TIMEOUT_MS = 1_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Whether this server can serve: the database answers `select 1` in time and has every committed migration. */
export async function readiness(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const expected = committedMigrations();
  try {
    await within(timeoutMs, queryRows(db, sql`select 1`));
    const applied = await within(timeoutMs, appliedMigrations(db));
    if (applied < expected) return { ready: false, reason: `数据库迁移未完成（已应用 ${applied}/${expected}）` };
    return { ready: true };
  } catch (error) {
    if (error instanceof TooSlow) return { ready: false, reason: `数据库在 ${timeoutMs / 1000} 秒内没有响应` };
    return { ready: false, reason: '数据库无法连接' };
  }
}

/**
 * The load balancers' probes (OPERATIONS.md, Pinned): plain JSON, no token, not the envelope, and not logged at
 * info (a probe every few seconds would drown the request log).
 */
export function registerProbes(app: FastifyInstance, db: Db): void {
  app.get('/proxyserver/health', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/proxyserver/ready', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
    const state = await readiness(db);
    if (state.ready) return { status: 'ready' };
    return reply.status(503).send({ status: 'not ready', reason: state.reason });
  });
}
