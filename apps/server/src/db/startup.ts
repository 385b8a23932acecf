import { DEFAULT_ADMIN_PASSWORD, type Config } from '../config.js';
import { alignCardDays } from './card-days.js';
import type { Database } from './client.js';
import { appliedMigrations, migrateDatabase } from './migrate.js';
import { seedRoot } from './seed-root.js';
import { keepUpRewrittenTables } from './upkeep.js';

export interface Prepared {
  /** The database was new: organisation 1 and the admin were created just now. */
  created: boolean;
}

/**
 * Migrates, counts 巡检点统计's days in the configured zone (db/card-days.ts) and seeds, holding the start-up lock so
 * several servers starting at once do it once.
 */
export function prepareDatabase(database: Database, config: Config, now: Date): Promise<Prepared> {
  return database.exclusive(async (db) => {
    const before = await appliedMigrations(db);
    await migrateDatabase(db);
    // An upgrade may have rewritten a table: vacuumed now, so its index-only scans hold from the first call.
    if (before > 0 && (await appliedMigrations(db)) > before) await keepUpRewrittenTables(db);
    await alignCardDays(db, config.tzName);
    const created = await seedRoot(db, {
      adminPassword: config.adminPassword ?? DEFAULT_ADMIN_PASSWORD,
      isDefaultPassword: config.adminPassword === undefined,
      now,
    });
    return { created };
  });
}
