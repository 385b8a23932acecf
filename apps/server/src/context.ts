import type { Config } from './config.js';
import type { Db, Listen } from './db/client.js';
import type { AccessCache } from './http/access-cache.js';

/** What every service needs: the database, the configuration and the clock (tests set the clock). */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  /** The terminals' upload key (DEVICE_UPLOAD_KEY, or the one kept in DATA_DIR). */
  deviceKey: string;
  /** The database's LISTEN (alerts raised by any server reach this one's streams). */
  listen: Listen;
  /** Waits (the login's slowing, R19); tests replace it to see the waits without waiting. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The serving app's sessions and scopes kept in memory (issue 36); absent off the HTTP path (timers, tools). */
  access?: AccessCache;
}
