import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase } from '../test/test-database.js';
import { JsonRowShape } from './json-rows.js';
import { RowBytesClient, queryJsonRows, readsRowBytes } from './row-bytes.js';

/**
 * Rows written as JSON from PostgreSQL's bytes on the server's clients (`RowBytesClient`), against a real
 * PostgreSQL: the same text as JSON.stringify of the rows node-postgres decodes, and every other query on the same
 * connection read as before, after a page, a failed statement or a prepared one.
 */
const url = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  if (!url) return;
  database = await freshDatabase();
  // One connection: every query below runs on the same one, after the others.
  pool = new pg.Pool({ connectionString: database.url, max: 1, Client: RowBytesClient });
});

afterAll(async () => {
  await pool?.end();
  await database?.close();
});

const shape = new JsonRowShape({ id: 'number', name: 'string', lat: 'number', photos: 'numbers' });
/** Text that JSON escapes, Chinese, a four-byte character, NULLs, floats, arrays, and a page's total after the rows. */
const TRICKY = `select id, name, lat, photos, count(*) over () as total
  from (values
    (1::bigint, '巡检点"东门"\\后门', 31.2304::float8, '{1,2,3}'::int[]),
    (2, E'换行\\n制表\\t回车\\r 控制\\x01\\x1f', null, '{}'),
    (3, '🚩 完成', 1e-5, '{42}'),
    (9007199254740993, '', -0.5, '{}')
  ) as t(id, name, lat, photos)
  order by id`;

/** The same rows as node-postgres decodes them, made the objects the writer writes. */
async function decoded(text: string, values: unknown[] = []) {
  const { rows } = await pool.query<unknown[]>({ text, values, rowMode: 'array' });
  return rows.map(([id, name, lat, photos]) => ({
    id: Number(id),
    name,
    lat: lat === null ? null : Number(lat),
    photos,
  }));
}

describe.skipIf(!url)('rows written as JSON from PostgreSQL’s bytes', () => {
  it('writes the text JSON.stringify writes for the rows the driver decodes, and keeps the total', async () => {
    const written = await queryJsonRows(pool, { text: TRICKY, values: [] }, shape);
    expect(written.array.json().toString('utf8')).toBe(JSON.stringify(await decoded(TRICKY)));
    expect(written.count).toBe(4);
    expect(written.extra).toEqual(['4']);
  });

  it('runs a named statement again on its connection, with values, and reads nothing else differently', async () => {
    const text = 'select g, repeat($1::text, g), null::float8, array[g, g + 1] from generate_series(1, $2::int) g';
    const statement = { name: 'row_bytes_test', text };
    for (const count of [3, 5]) {
      const written = await queryJsonRows(pool, { ...statement, values: ['长"', count] }, shape);
      expect(written.array.json().toString('utf8')).toBe(JSON.stringify(await decoded(text, ['长"', count])));
    }
    // The connection reads the next query's rows as strings and numbers again.
    const { rows } = await pool.query('select 1::int as one, $1::text as name', ['巡检']);
    expect(rows).toEqual([{ one: 1, name: '巡检' }]);
  });

  it('writes a page larger than a socket’s read across its pieces', async () => {
    const text = `select g, repeat('巡检记录', 500) || g, g / 3.0, '{}'::int[] from generate_series(1, 400) g`;
    const written = await queryJsonRows(pool, { text, values: [] }, shape);
    expect(written.array.json().length).toBeGreaterThan(2_000_000);
    expect(written.array.json().toString('utf8')).toBe(JSON.stringify(await decoded(text)));
  });

  it('fails as the statement fails, and the connection goes on reading rows as before', async () => {
    const failing = 'select g, (1 / (g - 3))::text, null, null from generate_series(1, 5) g';
    await expect(queryJsonRows(pool, { text: failing, values: [] }, shape)).rejects.toThrow(/division by zero/);
    const { rows } = await pool.query('select 2::int as two');
    expect(rows).toEqual([{ two: 2 }]);
    const written = await queryJsonRows(pool, { text: TRICKY, values: [] }, shape);
    expect(JSON.parse(written.array.json().toString('utf8'))).toHaveLength(4);
  });

  it('is refused on a pool of other clients, which the server’s reads then do not ask for', async () => {
    const plain = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      expect(readsRowBytes(plain)).toBe(false);
      expect(readsRowBytes(pool)).toBe(true);
      await expect(queryJsonRows(plain, { text: TRICKY, values: [] }, shape)).rejects.toThrow(
        'JsonRowsQuery needs a RowBytesClient',
      );
    } finally {
      await plain.end();
    }
  });
});
