import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadedPglite } from './thread.js';

/** The embedded engine on its own thread answers as in-process PGlite does (issue 19, P12). */
describe('PGlite on a thread of its own', () => {
  let threaded: ThreadedPglite;
  let inProcess: PGlite;

  beforeAll(async () => {
    [threaded, inProcess] = await Promise.all([ThreadedPglite.create('memory://'), PGlite.create('memory://')]);
    for (const db of [threaded, inProcess]) {
      await db.exec(`create table item (id int primary key, name text not null, at timestamptz, tags int[],
        doc jsonb, big bigint)`);
    }
  });
  afterAll(async () => {
    await Promise.all([threaded?.close(), inProcess?.close()]);
  });

  it("keeps a 64 MB buffer cache, not PGlite's 128 MB (the server's memory, P6)", async () => {
    expect((await threaded.query<{ shared_buffers: string }>('show shared_buffers')).rows).toEqual([
      { shared_buffers: '64MB' },
    ]);
  });

  it('takes parameters of every kind and answers rows as in-process PGlite does, as objects and as arrays', async () => {
    const values = [7, '名字 \'quoted\' "x"', new Date('2026-11-25T01:02:03.456Z'), [1, 2, 3], { a: [1, '二'] }, 9n];
    for (const db of [threaded, inProcess]) {
      await db.query('insert into item values ($1, $2, $3, $4, $5, $6)', values);
      await db.query('insert into item (id, name) values ($1, $2)', [8, '']);
    }
    const text = 'select id, name, at, tags, doc, big, null::text as nothing from item order by id';
    const [mine, theirs] = await Promise.all([threaded.query(text), inProcess.query(text)]);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[0]).toMatchObject({ name: values[1], tags: [1, 2, 3], doc: { a: [1, '二'] } });
    const arrays = await threaded.query(text, [], { rowMode: 'array' });
    expect(arrays.rows).toEqual((await inProcess.query(text, [], { rowMode: 'array' })).rows);
    const [{ affectedRows }] = [await threaded.query('update item set name = name where id > $1', [0])];
    expect(affectedRows).toBe(2);
  });

  it('reads every type, every shape of result and a caller’s own parsers as in-process PGlite does', async () => {
    const everyType = `select 1::int2 as a, 2::int4 as b, 9007199254740993::int8 as c, 1.5::numeric as d, 2.5::float4 as e,
      3.25::float8 as f, true as g, false as h, date '2026-11-25' as i, timestamp '2026-11-25 01:02:03.5' as j,
      timestamptz '2026-11-25 01:02:03.5+08' as k, '{"x":[1,"二"]}'::json as l, '{"y":null}'::jsonb as m,
      array[1,null,3]::int[] as n, array['a b','甲,"乙"']::text[] as o, '\\x00ff'::bytea as p, '巡检 🚶'::text as q,
      null::int as r, ''::text as s, interval '1 day' as t, '1' as dup, '2' as dup, 'proto' as "__proto__"
      from generate_series(1, 3)`;
    const shapes = [
      [everyType, undefined],
      [everyType, { rowMode: 'array' as const }],
      // Drizzle hands its own parsers (timestamps as text); they win over PGlite's.
      [everyType, { rowMode: 'array' as const, parsers: { 1114: (v: string) => `own ${v}`, 1184: (v: string) => v } }],
      ['select * from item where false', undefined],
      ['update item set name = name where id < 0', undefined],
    ] as const;
    for (const [text, options] of shapes) {
      const [mine, theirs] = await Promise.all([threaded.query(text, [], options), inProcess.query(text, [], options)]);
      expect(mine).toEqual(theirs);
      expect(Object.keys(mine.rows[0] ?? {})).toEqual(Object.keys(theirs.rows[0] ?? {}));
    }
    const several = `create temporary table t1 (v int); insert into t1 values (1), (2); select v from t1 order by v;
      delete from t1; drop table t1`;
    expect(await threaded.exec(several)).toEqual(await inProcess.exec(several));
    // A result longer than one piece of the engine's reply (8 KiB), rows cut across pieces.
    const long = `select g, repeat('巡', g % 50) as text from generate_series(1, 3000) g`;
    expect(await threaded.query(long, [], { rowMode: 'array' })).toEqual(
      await inProcess.query(long, [], { rowMode: 'array' }),
    );
  });

  it('reports a database error with its code and statement, and goes on answering', async () => {
    const syntax = await threaded.query('selec 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601', query: 'selec 1' });
    const duplicate = await threaded.query('insert into item (id, name) values ($1, $2)', [7, 'again']).catch((e) => e);
    expect(duplicate).toMatchObject({ code: '23505', params: [7, 'again'] });
    const badValue = await threaded.query('select $1::int as n', ['not a number']).catch((e) => e);
    expect(badValue).toMatchObject({ code: '22P02' });
    expect((await threaded.query('select $1::int as n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('answers many statements sent at once, each its own', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => threaded.query<{ n: number }>('select $1::int * 2 as n', [i])),
    );
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('gives a transaction the engine alone: statements sent meanwhile wait, and see only what it committed', async () => {
    await threaded.exec('create table counter (n int)');
    await threaded.query('insert into counter values (0)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = threaded.transaction(async (tx) => {
      await tx.query('update counter set n = n + 1');
      await held;
      await tx.query('update counter set n = n + 1');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reads = Array.from({ length: 20 }, () => threaded.query<{ n: number }>('select n from counter'));
    release();
    await transaction;
    for (const read of await Promise.all(reads)) expect(read.rows).toEqual([{ n: 2 }]);

    const failed = threaded.transaction(async (tx) => {
      await tx.query('update counter set n = 100');
      await tx.query('insert into counter values ($1)', ['x']);
    });
    await expect(failed).rejects.toMatchObject({ code: '22P02' });
    expect((await threaded.query('select n from counter')).rows).toEqual([{ n: 2 }]);
  });

  it('runs a transaction’s statements asked for together in the order asked, types known or not', async () => {
    await threaded.exec('create table seq (id serial primary key, n int)');
    const known = 'insert into seq (n) values ($1::int + 100)';
    await threaded.query(known, [0]);
    await threaded.transaction(async (tx) => {
      await Promise.all([
        tx.query('insert into seq (n) values ($1)', [1]),
        tx.query(known, [2]),
        tx.query('update seq set n = n * 10 where n = $1', [1]),
      ]);
    });
    expect((await threaded.query('select n from seq order by id')).rows).toEqual([{ n: 100 }, { n: 10 }, { n: 102 }]);
  });

  it('delivers a NOTIFY to its listener once the transaction commits, never from one rolled back', async () => {
    const heard: string[] = [];
    const stop = await threaded.listen('guard_tour_test', (payload) => heard.push(payload));
    await threaded.transaction(async (tx) => {
      await tx.query("select pg_notify('guard_tour_test', $1)", ['committed']);
    });
    await threaded
      .transaction(async (tx) => {
        await tx.query("select pg_notify('guard_tour_test', $1)", ['rolled back']);
        throw new Error('stop');
      })
      .catch(() => {});
    await threaded.query("select pg_notify('guard_tour_test', $1)", ['alone']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['committed', 'alone']);
    await stop();
  });

  it('learns a statement’s parameter types again after the schema changes', async () => {
    await threaded.exec('create table kind (v int)');
    const insert = 'insert into kind values ($1)';
    await threaded.query(insert, [1]);
    await threaded.query('alter table kind alter column v type jsonb using to_jsonb(v)');
    await threaded.query(insert, [{ changed: true }]);
    expect((await threaded.query('select v from kind order by v::text')).rows).toEqual([
      { v: 1 },
      { v: { changed: true } },
    ]);
  });

  it('carries a large parameter and a large result', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: 100_000 + i, name: `巡检点${i}`.repeat(5) }));
    const inserted = await threaded.query(
      'insert into item (id, name) select id, name from json_to_recordset($1::json) as x(id int, name text) returning id',
      [JSON.stringify(rows)],
    );
    expect(inserted.rows).toHaveLength(20_000);
    const read = await threaded.query<{ name: string }>('select name from item where id >= 100000 order by id');
    expect(read.rows.map((r) => r.name)).toEqual(rows.map((r) => r.name));
  });

  it('gives back the memory of large results (PGlite’s non-streaming call kept 1.5 MB per 5,000-row query)', async () => {
    await threaded.exec(`create table wide as select g as id, repeat('巡检点', 10) || g as name, now() as at
      from generate_series(1, 50000) g`);
    const page = 'select id, name, at from wide where id > $1 order by id limit 5000';
    for (let i = 0; i < 20; i++) await threaded.query(page, [i * 2000], { rowMode: 'array' });
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 150; i++) {
      const { rows } = await threaded.query(page, [(i * 5000) % 45000], { rowMode: 'array' });
      expect(rows).toHaveLength(5000);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 2 ** 20);
  });

  it('closes cleanly: a folder opens again with what was stored, and a closed engine answers with an error', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'guard-tour-thread-')), 'db');
    const first = await ThreadedPglite.create(dir);
    await first.exec('create table kept (v text)');
    await first.query('insert into kept values ($1)', ['留下']);
    await first.close();
    await expect(first.query('select 1')).rejects.toThrow('PGlite is closed');
    const again = await ThreadedPglite.create(dir);
    expect((await again.query('select v from kept')).rows).toEqual([{ v: '留下' }]);
    await again.close();
  });
});
