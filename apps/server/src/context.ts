import type { Config } from './config.js';
import type { Db } from './db/client.js';

/** What every service needs: the database, the configuration and the clock (tests set the clock). */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
}
