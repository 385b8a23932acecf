import { DEFAULT_ADMIN_PASSWORD, type Config } from '../config.js';
import type { Database } from './client.js';
import { migrateDatabase } from './migrate.js';
import { seedRoot } from './seed/root.js';

export interface Prepared {
  /** The database was new: organisation 1 and the admin were created just now. */
  created: boolean;
}

/** Migrates and seeds, holding the start-up lock so several servers starting at once do it once. */
export function prepareDatabase(database: Database, config: Config, now: Date): Promise<Prepared> {
  return database.exclusive(async (db) => {
    await migrateDatabase(db);
    const created = await seedRoot(db, {
      adminPassword: config.adminPassword ?? DEFAULT_ADMIN_PASSWORD,
      isDefaultPassword: config.adminPassword === undefined,
      now,
    });
    return { created };
  });
}
