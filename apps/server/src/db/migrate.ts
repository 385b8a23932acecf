import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from './client.js';

/** The committed drizzle-kit migrations (apps/server/drizzle), from src/ and dist/ alike. */
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Applies every migration not yet applied. Both drivers' migrators are the same dialect code
 * (`db.dialect.migrate` over `db.session`), so one import serves PGlite and node-postgres.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db as unknown as PgliteDatabase, { migrationsFolder });
}
