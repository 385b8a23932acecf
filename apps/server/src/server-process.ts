import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { startBackground } from './background.js';
import { keyNote } from './banner.js';
import type { Conversation } from './cluster/conversation.js';
import type { Started } from './cluster/primary.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { prepareDatabase } from './db/startup.js';
import { resolveDeviceKey } from './security/device-key.js';
import { fillDemo, topUpDemoPunches } from './demo/demo.js';
import { loggerOptions } from './logging.js';
import { closeOnSignals, shutDown } from './shutdown.js';
import { sweepRounds } from './features/round/round.service.js';
import { raiseMissedRounds } from './features/alert/alert.service.js';

export interface ServerPart {
  /** Migrates and seeds, fills or tops up the demo, and brings today's rounds up to date before serving. */
  prepares: boolean;
  /** Runs the background work (one process of a server does). */
  background: boolean;
  /** In a worker of a server: the primary, which keeps the limits and metrics' sum for all workers. */
  primary?: Conversation;
}

/**
 * The process that serves requests: the whole server, or one worker of several (cluster/). Opens its own pool,
 * prepares the database when it is its part, builds the app, starts the background work when it is its part, stops
 * cleanly on SIGTERM, and listens; answers what the start line says.
 */
export async function runServer(config: Config, now: () => Date, log: Logger, part: ServerPart): Promise<Started> {
  const database = await openDatabase(config);
  const deviceKey = resolveDeviceKey(config);
  const ctx: AppContext = { db: database.db, config, now, deviceKey: deviceKey.key, listen: database.listen };
  const demoNote = part.prepares ? await prepare(ctx, database, log) : '';
  if (deviceKey.generated) log.info({ file: deviceKey.file }, keyNote(deviceKey));
  const port = await serveRequests(ctx, database, log, part);
  return { port, demoNote, deviceKey: { generated: deviceKey.generated, file: deviceKey.file } };
}

/** Migrations, the first admin, the demo (new, or topped up to today) and today's rounds; answers the demo's note. */
async function prepare(ctx: AppContext, database: Database, log: Logger): Promise<string> {
  const { created } = await prepareDatabase(database, ctx.config, ctx.now());
  let demoNote = '';
  if (created && ctx.config.demo) {
    log.info('正在生成演示数据（60 天的巡检记录）…');
    demoNote = `，已生成 ${(await fillDemo(ctx)).punches} 条打卡记录`;
  } else if (ctx.config.demo) {
    const added = await topUpDemoPunches(ctx);
    if (added !== null) demoNote = `，本次补充 ${added} 条打卡记录`;
  }
  await sweepRounds(ctx);
  await raiseMissedRounds(ctx, 'day');
  return demoNote;
}

/**
 * Builds the app, starts the background work when this process runs it, stops cleanly on SIGTERM, and listens;
 * answers the port.
 */
async function serveRequests(
  ctx: AppContext,
  database: Database,
  log: Logger,
  { background: runsBackground, primary }: ServerPart,
): Promise<number> {
  // The request lines leave on libuv's threads: written synchronously, each line was a system call on the main
  // thread, a fifth of a request's time on this kind of virtual machine (issue 36, P13). Lines that come while one
  // write is out go together in the next, at most 4 KiB at a time: a pipe takes a write that size whole, so the
  // lines of a server's workers on one stdout never cut into each other.
  const requestLines = pino.destination({ dest: 1, sync: false, maxWrite: 4096 });
  const app = await buildApp(ctx, { logger: { ...loggerOptions(), stream: requestLines }, primary });
  const background = runsBackground ? await startBackground(ctx, database, app.log) : [];
  closeOnSignals(async () => {
    await shutDown({ app, background, closeDatabase: () => database.close(), log: app.log });
    // Every request line out before the last lifecycle line.
    await new Promise<void>((resolve) => requestLines.flush(() => resolve()));
  }, log);

  await app.listen({ port: ctx.config.port, host: ctx.config.host });
  const bound = app.server.address();
  return bound && typeof bound === 'object' ? bound.port : ctx.config.port;
}
