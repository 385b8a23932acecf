// Which schema a backup holds, so that a backup made by a newer release is not loaded by an older one.
import { readFileSync } from 'node:fs';

/** The committed migrations this build knows (apps/server/drizzle, from src/ and dist/ alike, as db/migrate.ts). */
export function knownMigrations(): number {
  const journal = new URL('../../drizzle/meta/_journal.json', import.meta.url);
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Drizzle migrations applied to a database (0 when it has none). */
export async function appliedMigrations(query: Query): Promise<number> {
  const [found] = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)).rows as {
    present: boolean;
  }[];
  if (!found?.present) return 0;
  const [row] = (await query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows as { n: number }[];
  return row?.n ?? 0;
}
