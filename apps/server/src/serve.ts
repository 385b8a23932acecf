import type { FastifyBaseLogger } from 'fastify';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { ConfigError, readConfig } from './config.js';
import { buildApp } from './app.js';
import { keyNote, maskDatabaseUrl, startBanner } from './banner.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { FolderLockedError } from './db/folder-lock.js';
import { prepareDatabase } from './db/startup.js';
import { resolveDeviceKey } from './security/device-key.js';
import { fillDemo, topUpDemoPunches } from './demo/demo.js';
import { closeOnSignals, shutDown } from './shutdown.js';
import { freezeEndedRounds, sweepRounds } from './features/round/round.service.js';
import { scheduleRetention } from './db/retention.js';
import { UPKEEP_EVERY_MS, keepUpOneTable } from './db/upkeep.js';
import { raiseOverdueHazards } from './features/inspection/hazard.service.js';
import { ALERT_CHANNEL, raiseMissedRounds, raiseSilentDevices } from './features/alert/alert.service.js';
import { raiseMissedCheckIns } from './features/safety/check-in.service.js';
import { raiseNoShows } from './features/shift/shift.service.js';
import { startWebhookDeliveries } from './features/webhook/webhook-outbox.service.js';
import { startDigests } from './features/digest/digest-outbox.service.js';
import { removeUnattachedPhotos } from './features/guard-app/photo.service.js';

/** How often rounds are stored and frozen without waiting for a read, and the day checked for 漏检 alerts. */
const ROUND_SWEEP_MS = 10 * 60_000;
/**
 * How often rounds whose window's end plus grace has come are frozen, and their 漏检 alerts raised
 * (ACCOUNTABILITY.md, Timing: within 60 s).
 */
const ROUND_FREEZE_MS = 30_000;
/** How often bound terminals are checked for silence (终端离线: at least every 10 minutes). */
const OFFLINE_CHECK_MS = 5 * 60_000;
/** How often photos left unattached for 24 h are deleted with their files (ROLES.md). */
const PHOTO_CLEAN_UP_MS = 60 * 60_000;

/**
 * Runs `task` every `ms` in the background, never two runs at once; a failure is logged at error level and the
 * next run tries again. Answers a stop that resolves once a run under way has ended.
 */
function every(ms: number, name: string, log: FastifyBaseLogger, task: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${name} failed`),
      )
      .finally(() => (running = null));
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** JSON lines to stdout (pino), at LOG_LEVEL (default info: one line per request); authorization never logged. */
function loggerOptions(level = process.env.LOG_LEVEL || 'info'): LoggerOptions {
  return { level, redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '***' } };
}

/**
 * The start, its failure and the stop are logged at info but shown at any LOG_LEVEL short of `silent`: an operator
 * who turned the request lines off with `warn` still sees when and where the server started and stopped (and the
 * tools that wait for the start line keep working).
 */
function lifecycleLogger(): Logger {
  const level = loggerOptions().level!;
  const quieter = level !== 'silent' && (pino.levels.values[level] ?? 0) > pino.levels.values.info!;
  return pino(loggerOptions(quieter ? 'info' : level));
}

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

async function start(log: Logger, now: () => Date): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  const deviceKey = resolveDeviceKey(config);
  const ctx: AppContext = { db: database.db, config, now, deviceKey: deviceKey.key, listen: database.listen };
  const { created } = await prepareDatabase(database, config, ctx.now());
  let demoNote = '';
  if (created && config.demo) {
    log.info('正在生成演示数据（60 天的巡检记录）…');
    demoNote = `，已生成 ${(await fillDemo(ctx)).punches} 条打卡记录`;
  } else if (config.demo) {
    const added = await topUpDemoPunches(ctx);
    if (added !== null) demoNote = `，本次补充 ${added} 条打卡记录`;
  }
  await sweepRounds(ctx);
  await raiseMissedRounds(ctx, 'day');
  // The request lines leave on libuv's threads: written synchronously, each line was a system call on the main
  // thread, a fifth of a request's time on this kind of virtual machine (issue 36, P13). Lines that come while one
  // write is out go together in the next.
  const requestLines = pino.destination({ dest: 1, sync: false });
  const app = await buildApp(ctx, { logger: { ...loggerOptions(), stream: requestLines } });
  const background = [
    every(ROUND_SWEEP_MS, 'round sweep', app.log, async () => {
      await sweepRounds(ctx);
      await raiseMissedRounds(ctx, 'day');
    }),
    every(ROUND_FREEZE_MS, 'round freeze', app.log, async () => {
      await freezeEndedRounds(ctx, ctx.db);
      await raiseMissedRounds(ctx, 'due');
    }),
    every(OFFLINE_CHECK_MS, 'offline check', app.log, () => raiseSilentDevices(ctx)),
    every(ROUND_FREEZE_MS, 'hazard deadlines', app.log, () => raiseOverdueHazards(ctx)),
    every(ROUND_FREEZE_MS, 'check-in check', app.log, () => raiseMissedCheckIns(ctx)),
    every(ROUND_FREEZE_MS, 'no-show check', app.log, () => raiseNoShows(ctx)),
    every(PHOTO_CLEAN_UP_MS, 'photo clean-up', app.log, () => removeUnattachedPhotos(ctx)),
    await startWebhookDeliveries(
      ctx,
      (error) => app.log.error({ err: error }, 'webhook delivery failed'),
      ALERT_CHANNEL,
    ),
    // Scheduled reports (定时报表): due periods recorded once, their deliveries tried like webhooks.
    startDigests(ctx, (error) => app.log.error({ err: error }, 'scheduled report failed')),
    // Expired sessions and logs older than LOG_RETENTION_DAYS, a minute after start and then daily.
    scheduleRetention(ctx, (error) => app.log.error({ err: error }, 'retention failed')),
    // PGlite has no autovacuum: the server keeps the statistics of its tables (PostgreSQL does it by itself).
    ...(database.kind === 'pglite'
      ? [
          every(UPKEEP_EVERY_MS, 'database upkeep', app.log, async () => {
            const table = await keepUpOneTable(ctx.db);
            if (table) app.log.debug({ table }, 'database upkeep: vacuumed and analysed');
          }),
        ]
      : []),
  ];
  closeOnSignals(async () => {
    await shutDown({ app, background, closeDatabase: () => database.close(), log: app.log });
    // Every request line out before the last lifecycle line.
    await new Promise<void>((resolve) => requestLines.flush(() => resolve()));
  }, log);

  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const banner = startBanner({ address, config, deviceKey, demoNote });
  if (deviceKey.generated) log.info({ file: deviceKey.file }, keyNote(deviceKey));
  log.info(banner.fields, banner.message);
  if (process.stdout.isTTY) console.log(banner.human.join('\n'));
}
