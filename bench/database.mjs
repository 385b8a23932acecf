// Raw access to the database under test, beside the server: the baselines' driver (node-postgres, or PGlite
// in-process while the server is stopped: PGlite is one process's), and a Drizzle handle that logs every query
// so the benchmark replays exactly the SQL the server's own code runs.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { serverModule } from './server-modules.mjs';

/**
 * `{ kind, query(text, params) → rows, arrays(text, params) → rows as arrays, connections(n), drizzle,
 * captured(work) → queries, close() }`. `connections(n)` gives n connections for concurrent baselines (PGlite:
 * its one, shared).
 */
export async function openDatabase({ kind, url, dir }) {
  const schema = await serverModule('db/schema.js');
  let sink = null;
  const logger = { logQuery: (query, params) => sink?.push({ query, params }) };
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 60 });
    return {
      kind,
      query: async (text, params) => (await pool.query(text, params)).rows,
      connections: (n) => Array.from({ length: n }, () => ({ query: async (t, p) => (await pool.query(t, p)).rows })),
      arrays: async (text, params) => (await pool.query({ text, values: params, rowMode: 'array' })).rows,
      drizzle: drizzlePg(pool, { schema, logger }),
      captured: capture,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(dir);
  const query = async (text, params) => (await client.query(text, params)).rows;
  return {
    kind,
    query,
    connections: (n) => Array.from({ length: n }, () => ({ query })),
    arrays: async (text, params) => (await client.query(text, params, { rowMode: 'array' })).rows,
    drizzle: drizzlePglite(client, { schema, logger }),
    captured: capture,
    close: () => client.close(),
  };

  /** The queries `work` ran through `drizzle`, in order, with their parameters. */
  async function capture(work) {
    sink = [];
    try {
      await work();
      return sink;
    } finally {
      sink = null;
    }
  }
}
