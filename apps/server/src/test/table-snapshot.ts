import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import { queryRows } from '../db/sql.js';

/**
 * A snapshot of every row of every table (QUALITY.md R1, R16: "changes nothing" is checked against the whole
 * database, not a list of tables kept by hand). The tables are the schema's own: every table the Drizzle schema
 * exports, and any other table of the `public` schema the migrations made, so a new table is in the snapshot the
 * day it is added.
 */

/** Every row of every table, as text, sorted: table name → rows. */
export type TableSnapshot = Record<string, string[]>;

/** The tables the Drizzle schema (db/schema.ts) declares. */
export function schemaTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .sort();
}

/** The schema's tables and every other base table of the `public` schema. */
export async function allTableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name::text as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return [...new Set([...schemaTableNames(), ...rows.map((row) => row.name)])].sort();
}

/** Every row of every table, in one query (one round trip, one consistent view). */
export async function snapshotTables(db: Db): Promise<TableSnapshot> {
  const names = await allTableNames(db);
  const columns = names.map(
    (name, i) =>
      sql`(select coalesce(array_agg(t::text order by t::text), '{}') from ${sql.identifier(name)} t) as ${sql.identifier(`t${i}`)}`,
  );
  const [row] = await queryRows<Record<string, string[]>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return Object.fromEntries(names.map((name, i) => [name, row![`t${i}`] ?? []]));
}

/** What changed between two snapshots, by table: the rows that appeared and disappeared (an update is both). */
export type TableChanges = Record<string, { added: string[]; removed: string[] }>;

/** The rows of `a` that `b` lacks, counting repeats (a table without a key may hold the same row twice). */
function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const row of b) left.set(row, (left.get(row) ?? 0) + 1);
  return a.filter((row) => {
    const count = left.get(row) ?? 0;
    left.set(row, count - 1);
    return count <= 0;
  });
}

/** The tables whose rows differ, with (at most `limit` of) the differing rows; empty when nothing changed. */
export function changedTables(before: TableSnapshot, after: TableSnapshot, limit = 5): TableChanges {
  const changes: TableChanges = {};
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const added = missingFrom(after[name] ?? [], before[name] ?? []);
    const removed = missingFrom(before[name] ?? [], after[name] ?? []);
    if (added.length > 0 || removed.length > 0 || !(name in before) || !(name in after)) {
      changes[name] = { added: added.slice(0, limit), removed: removed.slice(0, limit) };
    }
  }
  return changes;
}
