// Upkeep of the embedded database. PGlite runs PostgreSQL as one process without autovacuum: a table the server
// fills (alerts, rounds, this month's punches) keeps the statistics it had when it was empty and the planner
// chooses by those (measured on the 1M set: closing a round's 漏检 alert scanned every open alert, 1.6 ms, instead
// of reading the round's own, 0.4 ms), and its visibility map is never set. PostgreSQL's autovacuum does this work
// by itself; on PGlite the server does it, one table at a time.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { queryRows } from './sql.js';

/** How often the server looks for a table to keep up (each look is one small catalogue query). */
export const UPKEEP_EVERY_MS = 60_000;

/** The server's tables with their pages as the statistics have them and as they are. */
const SIZED = sql`
  select c.oid, format('%I', c.relname) as name, c.relpages, c.reltuples, c.relallvisible,
    pg_relation_size(c.oid) / current_setting('block_size')::int as pages
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname = 'public'`;

/**
 * A table of more than a few pages none of which is marked all-visible since it was last vacuumed: new, or rewritten
 * by a migration (an added stored column copies every row). Until a vacuum marks its pages, an index-only scan
 * (漏检报表's rounds) reads every row it finds from the table as well.
 */
const UNMARKED = sql`relallvisible = 0 and pages > 8`;

/**
 * The table whose statistics are furthest from its size, if one is far enough: never analysed yet, its pages (what
 * the planner's estimates start from) off by more than a tenth, as autovacuum's analyse threshold is a tenth of the
 * rows changed, or its pages unmarked (`UNMARKED`). PGlite keeps no count of rows changed, so the size is what
 * tells.
 */
async function stalestTable(db: Db): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`with sized as (${SIZED})
    select name from sized
    where pages > 0 and (reltuples < 0 or abs(pages - relpages) > 8 + relpages / 10 or ${UNMARKED})
    order by abs(pages - relpages) desc, oid
    limit 1`,
  );
  return row?.name;
}

/**
 * After migrations changed a database that already held data: vacuums and analyses each table left unmarked
 * (`UNMARKED`), on PostgreSQL too, whose autovacuum counts rows changed and would leave a rewritten table as it is
 * for days. Answers their names.
 */
export async function keepUpRewrittenTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`with sized as (${SIZED}) select name from sized where ${UNMARKED}`,
  );
  for (const { name } of rows) await db.execute(sql.raw(`vacuum (analyze) ${name}`));
  return rows.map((row) => row.name);
}

/**
 * Vacuums and analyses the stalest table (`stalestTable`), if any: answers its name. One table a turn keeps each
 * turn short, since on PGlite the engine is the server's only connection (a large table takes under a second at
 * 1M punches).
 */
export async function keepUpOneTable(db: Db): Promise<string | undefined> {
  const table = await stalestTable(db);
  if (table) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  return table;
}
