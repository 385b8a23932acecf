import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db, Queryable } from './client.js';
import { queryRows } from './sql.js';

/** The committed drizzle-kit migrations (apps/server/drizzle), from src/ and dist/ alike. */
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Applies every migration not yet applied. Both drivers' migrators are the same dialect code
 * (`db.dialect.migrate` over `db.session`), so one import serves PGlite and node-postgres.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db as unknown as PgliteDatabase, { migrationsFolder });
}

/** How many migrations the committed journal lists: what a database this code can serve has applied. */
export function committedMigrations(): number {
  if (committed === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    committed = journal.entries.length;
  }
  return committed;
}
let committed: number | undefined;

/** How many migrations the database records as applied (drizzle's own table); 0 before the first. */
export async function appliedMigrations(db: Queryable): Promise<number> {
  try {
    const [row] = await queryRows<{ applied: number }>(
      db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    return row?.applied ?? 0;
  } catch (error) {
    const code = ((error as { cause?: { code?: unknown } }).cause ?? (error as { code?: unknown })).code;
    // No schema or table yet (3F000, 42P01): nothing was applied. Anything else is the database being away.
    if (code === '3F000' || code === '42P01') return 0;
    throw error;
  }
}
