import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.js';
import { queryRows } from './sql.js';
import { keepUpOneTable } from './upkeep.js';

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

describe('upkeep: the server keeps its tables’ statistics (PGlite has no autovacuum)', () => {
  it('vacuums and analyses the table whose size its statistics no longer match, one a turn, until none', async () => {
    await h.ctx.db.execute(sql`create table upkeep_probe (id int primary key, note text)`);
    await h.ctx.db.execute(sql`analyze upkeep_probe`);
    expect(await estimate('upkeep_probe')).toMatchObject({ reltuples: 0, stats: 0 });
    await h.ctx.db.execute(sql`insert into upkeep_probe select g, repeat('巡检', 20) from generate_series(1, 20000) g`);

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
});
