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
 * captured(work) → statements, close() }`. `connections(n)` gives n connections for concurrent baselines (PGlite:
 * its one, shared), each `{ query(text, params), run(statement), close() }`; on PostgreSQL each holds a new session of its
 * own, as a server's pooled connection does, until its `close()` or the database's.
 *
 * A captured statement is `{ query, params }` and what the server's driver call carried: on PostgreSQL the
 * statement's `name` when the server prepares it (planned once per connection, then only executed) and its row
 * mode and type parsers; on PGlite its options (row mode, parsers). `run` sends it the same way, so the raw
 * baseline is never weaker than the server (issue 19).
 */
export async function openDatabase({ kind, url, dir }) {
  const schema = await serverModule('db/schema.js');
  let sink = null;
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 60 });
    const held = [];
    // What Drizzle hands node-postgres, as it hands it: text, values, and a name for prepared statements.
    const driverQuery = pool.query.bind(pool);
    pool.query = (config, values, callback) => {
      if (sink && typeof config === 'object') {
        sink.push({
          query: config.text,
          params: config.values ?? values ?? [],
          name: config.name,
          rowMode: config.rowMode,
          types: config.types,
        });
      }
      return driverQuery(config, values, callback);
    };
    const connection = (client) => ({
      query: async (text, params) => (await client.query(text, params)).rows,
      run: async ({ query, params, name, rowMode, types }) =>
        (await client.query({ text: query, values: params, name, rowMode, types })).rows,
    });
    return {
      kind,
      query: async (text, params) => (await driverQuery(text, params)).rows,
      connections: (n) => {
        // Each a new session of its own, kept open: a named statement is prepared on it once.
        const clients = Array.from({ length: n }, async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          return client;
        });
        held.push(...clients);
        return clients.map((client) => ({
          query: async (text, params) => connection(await client).query(text, params),
          run: async (statement) => connection(await client).run(statement),
          // Ended before the database is: a load's 50 need not stay open through the measurements after it.
          close: async () => {
            held.splice(held.indexOf(client), 1);
            await (await client).end();
          },
        }));
      },
      arrays: async (text, params) => (await driverQuery({ text, values: params, rowMode: 'array' })).rows,
      drizzle: drizzlePg(pool, { schema }),
      captured: capture,
      close: async () => {
        await Promise.all((await Promise.all(held)).map((client) => client.end()));
        await pool.end();
      },
    };
  }
  const client = await PGlite.create(dir);
  // What the server's code hands PGlite, as it hands it: text, values and options (row mode, parsers).
  const driverQuery = client.query.bind(client);
  client.query = (text, values, options) => {
    sink?.push({ query: text, params: values ?? [], options });
    return driverQuery(text, values, options);
  };
  const query = async (text, params) => (await driverQuery(text, params)).rows;
  const run = async ({ query: text, params, options }) => (await driverQuery(text, params, options)).rows;
  return {
    kind,
    query,
    connections: (n) => Array.from({ length: n }, () => ({ query, run, close: async () => {} })),
    arrays: async (text, params) => (await driverQuery(text, params, { rowMode: 'array' })).rows,
    drizzle: drizzlePglite(client, { schema }),
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
