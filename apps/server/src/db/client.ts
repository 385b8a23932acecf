import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireFolderLock } from './folder-lock.js';
import { INT_ARRAY_OIDS, parseIntArray } from './int-array.js';
import { ThreadedPglite } from './pglite/thread.js';
import { PostgresListener } from './pg-listener.js';
import { RowBytesClient, queryJsonRows, readsRowBytes, type JsonRows } from './row-bytes.js';
import type { JsonRowShape } from './json-rows.js';

// Integer arrays read by a parser of their own (db/int-array.ts), in every node-postgres client of the process.
for (const oid of INT_ARRAY_OIDS) {
  const general = pg.types.getTypeParser(oid, 'text');
  pg.types.setTypeParser(oid, 'text', (text: string) => parseIntArray(text, general));
}

type Schema = typeof schema;
/** The database, whichever engine is underneath (PGlite and node-postgres share Drizzle's Postgres API). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

/** What a listener may want to know of its connection: lost (what is NOTIFYed meanwhile is missed), and back. */
export interface ListenEvents {
  lost(): void;
  regained(): void;
}

/** Calls `handler` with each payload NOTIFYed on `channel` (after its transaction commits); answers a stop. */
export type Listen = (
  channel: string,
  handler: (payload: string) => void,
  events?: ListenEvents,
) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL LISTEN: what one server NOTIFYs in a transaction reaches every server on the database once it
   * commits (PGlite: the one process). How an alert raised anywhere reaches every console stream.
   */
  listen: Listen;
  /** Runs `work` while no other server runs it (migrations and first seed when several servers start at once). */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The connection pool at one moment: connections open, of them idle, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The pool behind a database (what the metrics show): node-postgres's own counts; PGlite is one connection in
 * the process, always open, counted as one in use.
 */
export function poolStats(db: Db): PoolStats {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
  }
  return { total: 1, idle: 0, waiting: 0 };
}

/** A query Drizzle built, as text and values. */
export interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * Runs a built query and answers its rows as arrays of column values in select order, straight from the driver:
 * no per-row mapping by Drizzle (a walk over a million rows spent a third of its time there). The driver's own
 * parsers apply: a bigint comes back as text from node-postgres. A `name` prepares it on PostgreSQL (planned once
 * per connection, `preparedStatement`'s rule); PGlite plans each statement.
 */
export async function queryArrays(db: Db, query: BuiltQuery, name?: string): Promise<unknown[][]> {
  const { sql: text, params } = query.toSQL();
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool)
    return (await client.query<unknown[]>({ name, text, values: params, rowMode: 'array' })).rows;
  return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
}

/**
 * Runs a statement built once, its rows written as a JSON array straight from PostgreSQL's bytes (`row-bytes.ts`),
 * in this shape; undefined on PGlite, whose engine's thread hands rows over as arrays (`queryArrays`), and
 * on a pool of other clients than the server's.
 */
export async function queryJson(
  db: Db,
  query: BuiltQuery,
  name: string | undefined,
  shape: JsonRowShape,
): Promise<JsonRows | undefined> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!(client instanceof pg.Pool) || !readsRowBytes(client)) return undefined;
  const { sql: text, params } = query.toSQL();
  return queryJsonRows(client, { name, text, values: params }, shape);
}

/** Arbitrary constant naming the start-up lock among PostgreSQL advisory locks. */
const STARTUP_LOCK = 815_2026;

/**
 * PGlite in a folder (`memory://` for tests), its engine on a thread of its own (`ThreadedPglite`); the folder is
 * locked against a second server.
 */
export async function openPglite(dir: string): Promise<Database> {
  let release = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(path.dirname(dir), { recursive: true });
    release = await acquireFolderLock(dir);
  }
  try {
    const client = await ThreadedPglite.create(dir);
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      exclusive: (work) => work(db),
      listen: async (channel, handler) => {
        const stop = await client.listen(channel, handler);
        return () => stop();
      },
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The standby pool of each database opened with a DATABASE_READ_URL. */
const readers = new WeakMap<Db, Db>();

/**
 * Where exports and statistics read: the standby of DATABASE_READ_URL when one is set (a long export then never
 * competes with uploads on the leader), else `db` itself. A standby may lag the leader by a moment: a read that
 * must see the caller's own write uses `db`.
 */
export function readerOf(db: Db): Db {
  return readers.get(db) ?? db;
}

/** Makes `reader` what `readerOf(db)` answers (undefined: `db` again). */
export function setReader(db: Db, reader: Db | undefined): void {
  if (reader) readers.set(db, reader);
  else readers.delete(db);
}

function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, Client: RowBytesClient });
  // An idle client's error (database restarted, failover) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // A client checked out of the pool has no listener of the pool's: a backend terminated between two queries
  // (PostgreSQL stopping under load) emitted 'error' unhandled and ended the process (found by the R8 test).
  // With this listener its queries fail instead, and the pool drops it on release as no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    queueQueries(client);
  });
  return pool;
}

/**
 * A transaction's independent statements are asked for together (`Promise.all` on one `tx`): PGlite's thread sends
 * them without waiting between them, while a node-postgres client runs one at a time. It queued the others itself,
 * which node-postgres 8.x deprecates (it warns, and 9.0 drops the queue), so they wait in turn here instead. Calls
 * with a callback (the pool's own) pass straight through.
 */
function queueQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let previous: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args);
    const result = previous.then(() => query(...args));
    previous = result.catch(() => undefined);
    return result;
  }) as typeof client.query;
}

/** `readUrl`: a standby (HAProxy's replica port) for `readerOf(db)`, with a pool of its own. */
export function openPostgres(url: string, max = 10, readUrl?: string): Database {
  const pool = newPool(url, max);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const readPool = readUrl ? newPool(readUrl, Math.max(2, Math.ceil(max / 2))) : undefined;
  if (readPool) setReader(db, drizzlePg(readPool, { schema }) as unknown as Db);
  const listener = new PostgresListener(url);
  return {
    db,
    kind: 'postgres',
    async exclusive(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        client.release();
      }
    },
    listen: (channel, handler, events) => listener.listen(channel, handler, events),
    async close() {
      await Promise.all([pool.end(), readPool?.end(), listener.close()]);
    },
  };
}

/**
 * PostgreSQL connections a server opens for its requests, however many processes it runs (WORKERS): each worker's
 * pool takes its share. Under P3's load two workers with 5 each served 1,097-1,433 requests/s against 972-1,427
 * with 10 each, p99 84-140 ms against 88-207 (alternated four times): more backends only take turns on the cores.
 */
const SERVER_CONNECTIONS = 10;

export async function openDatabase(options: {
  databaseUrl?: string;
  databaseReadUrl?: string;
  dataDir: string;
  /** The server's processes (WORKERS), which share its connections; 1 when absent. */
  workers?: number;
}): Promise<Database> {
  const share = Math.max(2, Math.ceil(SERVER_CONNECTIONS / (options.workers ?? 1)));
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, share, options.databaseReadUrl)
    : openPglite(path.join(options.dataDir, 'db'));
}
