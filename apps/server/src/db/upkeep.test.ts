import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.js';
import { queryRows } from './sql.js';
import { keepUpOneTable, keepUpRewrittenTables } from './upkeep.js';

const h = useHarness();

async function estimate(table: string) {
  const [row] = await queryRows<{ reltuples: number; relpages: number; stats: number }>(
    h.ctx.db,
    sql`select c.reltuples::int as reltuples, c.relpages,
      (select count(*)::int from pg_statistic s where s.starelid = c.oid) as stats
    from pg_class c where c.relname = ${table}`,
  );
  return row!;
}

// The upkeep runs on PGlite only (serve.ts): on PostgreSQL autovacuum keeps the tables. The suites' PostgreSQL runs
// with synchronous_commit off (scripts/pg-cluster.mjs, its fast mode), where a vacuum cannot mark pages whose rows'
// commit is not flushed yet: measured, relallvisible stays 0 there and is every page with PostgreSQL's defaults.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'upkeep: the server keeps its tables’ statistics (PGlite has no autovacuum)',
  () => {
    it('vacuums and analyses the table whose size its statistics no longer match, one a turn, until none', async () => {
      await h.ctx.db.execute(sql`create table upkeep_probe (id int primary key, note text)`);
      await h.ctx.db.execute(sql`analyze upkeep_probe`);
      expect(await estimate('upkeep_probe')).toMatchObject({ reltuples: 0, stats: 0 });
      await h.ctx.db.execute(
        sql`insert into upkeep_probe select g, repeat('巡检', 20) from generate_series(1, 20000) g`,
      );

      const kept: string[] = [];
      for (let turn = 0; turn < 100; turn += 1) {
        const table = await keepUpOneTable(h.ctx.db);
        if (!table) break;
        kept.push(table);
      }

      expect(kept).toContain('upkeep_probe');
      expect(new Set(kept).size, 'each table once').toBe(kept.length);
      const after = await estimate('upkeep_probe');
      expect(after.reltuples).toBe(20000);
      expect(after.stats).toBeGreaterThan(0);
      expect(await keepUpOneTable(h.ctx.db), 'nothing left to do').toBeUndefined();
      await h.ctx.db.execute(sql`drop table upkeep_probe`);
    });

    it('vacuums a table a migration rewrote (its pages unmarked), by turns and after an upgrade', async () => {
      await h.ctx.db.execute(sql`create table upkeep_rewritten (id int primary key, note text)`);
      await h.ctx.db.execute(
        sql`insert into upkeep_rewritten select g, repeat('巡检', 20) from generate_series(1, 20000) g`,
      );
      await h.ctx.db.execute(sql`vacuum (analyze) upkeep_rewritten`);
      expect(await visible('upkeep_rewritten')).toBeGreaterThan(0);
      // As migration 0012 did to patrol_round: a stored column copies every row into new, unmarked pages.
      const rewrite = sql`alter table upkeep_rewritten add column n int generated always as (length(note)) stored`;
      await h.ctx.db.execute(rewrite);
      await h.ctx.db.execute(sql`analyze upkeep_rewritten`);
      expect(await visible('upkeep_rewritten')).toBe(0);

      expect(await keepUpOneTable(h.ctx.db)).toBe('upkeep_rewritten');
      expect(await visible('upkeep_rewritten')).toBeGreaterThan(0);
      expect(await keepUpOneTable(h.ctx.db), 'nothing left to do').toBeUndefined();

      await h.ctx.db.execute(sql`alter table upkeep_rewritten drop column n`);
      await h.ctx.db.execute(sql`alter table upkeep_rewritten add column m int generated always as (id * 2) stored`);
      expect(await keepUpRewrittenTables(h.ctx.db)).toEqual(['upkeep_rewritten']);
      expect(await visible('upkeep_rewritten')).toBeGreaterThan(0);
      expect(await keepUpRewrittenTables(h.ctx.db)).toEqual([]);
      await h.ctx.db.execute(sql`drop table upkeep_rewritten`);
    });
  },
);

async function visible(table: string) {
  const [row] = await queryRows<{ n: number }>(
    h.ctx.db,
    sql`select relallvisible as n from pg_class where relname = ${table}`,
  );
  return row!.n;
}
