import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { lifecycleLogger } from './logging.js';
import { ConfigError, readConfig, type Config } from './config.js';
import { maskDatabaseUrl, startBanner } from './banner.js';
import { Conversation, type Endpoint } from './cluster/conversation.js';
import { WORKER_ROLE, startWorkers, type Started } from './cluster/primary.js';
import { FolderLockedError } from './db/folder-lock.js';
import { closeOnSignals } from './shutdown.js';

export interface ServeOptions {
  /** The clock; the real one unless a test harness starts the server on another (e2e/start-server.mjs). */
  now?: () => Date;
}

/**
 * Starts the server as `node apps/server/dist/main.js` does: migrates and seeds, starts the background work,
 * listens, and stops cleanly on SIGTERM. A start that fails is reported and ends the process with code 1.
 */
export async function serve(options: ServeOptions = {}): Promise<void> {
  let log: Logger;
  try {
    log = lifecycleLogger();
  } catch (error) {
    console.error(`启动失败：LOG_LEVEL 无效（${process.env.LOG_LEVEL}）：${(error as Error).message}`);
    process.exit(1);
  }
  try {
    await start(log, options.now ?? (() => new Date()));
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof FolderLockedError;
    const message = scrub(`启动失败：${error instanceof Error ? error.message : String(error)}`);
    const stack = error instanceof Error && !known ? scrub(error.stack ?? '') : undefined;
    log.fatal(stack ? { stack } : {}, message);
    console.error(stack ? `${message}\n${stack}` : message);
    process.exit(1);
  }
}

/**
 * A failure's text with the secrets of the environment masked: a driver's error may quote DATABASE_URL whole (an
 * unreadable URL), so a start failure is printed through this, never as the raw error object.
 */
function scrub(text: string): string {
  const url = process.env.DATABASE_URL ?? '';
  let password = '';
  try {
    password = url.includes('://') ? decodeURIComponent(new URL(url).password) : '';
  } catch {
    // An unreadable URL: masked whole below.
  }
  const secrets = [url, password, process.env.ADMIN_PASSWORD, process.env.DEVICE_UPLOAD_KEY];
  return secrets
    .filter((secret): secret is string => Boolean(secret && secret.length >= 4))
    .reduce((masked, secret) => masked.split(secret).join(secret === url ? maskDatabaseUrl(url) : '***'), text);
}

/**
 * One server process; or with WORKERS > 1 the primary of several (cluster/), which serves no request and loads none
 * of the app: its first worker prepares the database, then the others start.
 */
async function start(log: Logger, now: () => Date): Promise<void> {
  const config = readConfig();
  if (cluster.isPrimary && config.workers > 1) {
    const workers = await startWorkers(config.workers, log);
    closeOnSignals(() => workers.stop(), log);
    announce(log, config, workers.started);
    return;
  }
  // Loaded here: a primary of several workers never needs the app.
  const { runServer } = await import('./server-process.js');
  if (cluster.isPrimary) {
    announce(log, config, await runServer(config, now, log, { prepares: true, background: true }));
    return;
  }
  const primary = new Conversation(process as unknown as Endpoint);
  const first = process.env[WORKER_ROLE] === 'first';
  const started = await runServer(config, now, log, { prepares: first, background: first, primary });
  primary.tell('listening', started);
}

/** The start line (and, in a terminal, the lines a person reads), once the server listens. */
function announce(log: Logger, config: Config, { port, demoNote, deviceKey }: Started): void {
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const banner = startBanner({ address, config, deviceKey, demoNote });
  log.info(banner.fields, banner.message);
  if (process.stdout.isTTY) console.log(banner.human.join('\n'));
}
