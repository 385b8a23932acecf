import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
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

/**
 * The server's work besides requests: rounds stored and frozen, the alerts' checks, webhooks and scheduled reports,
 * retention and (PGlite) the tables' statistics. Answers each part's stop. Of a server's workers, one runs it
 * (cluster/): the work is safe on several servers at once, but need not be done twice.
 */
export async function startBackground(
  ctx: AppContext,
  database: Pick<Database, 'kind'>,
  log: FastifyBaseLogger,
): Promise<(() => Promise<void>)[]> {
  return [
    every(ROUND_SWEEP_MS, 'round sweep', log, async () => {
      await sweepRounds(ctx);
      await raiseMissedRounds(ctx, 'day');
    }),
    every(ROUND_FREEZE_MS, 'round freeze', log, async () => {
      await freezeEndedRounds(ctx, ctx.db);
      await raiseMissedRounds(ctx, 'due');
    }),
    every(OFFLINE_CHECK_MS, 'offline check', log, () => raiseSilentDevices(ctx)),
    every(ROUND_FREEZE_MS, 'hazard deadlines', log, () => raiseOverdueHazards(ctx)),
    every(ROUND_FREEZE_MS, 'check-in check', log, () => raiseMissedCheckIns(ctx)),
    every(ROUND_FREEZE_MS, 'no-show check', log, () => raiseNoShows(ctx)),
    every(PHOTO_CLEAN_UP_MS, 'photo clean-up', log, () => removeUnattachedPhotos(ctx)),
    await startWebhookDeliveries(ctx, (error) => log.error({ err: error }, 'webhook delivery failed'), ALERT_CHANNEL),
    // Scheduled reports (定时报表): due periods recorded once, their deliveries tried like webhooks.
    startDigests(ctx, (error) => log.error({ err: error }, 'scheduled report failed')),
    // Expired sessions and logs older than LOG_RETENTION_DAYS, a minute after start and then daily.
    scheduleRetention(ctx, (error) => log.error({ err: error }, 'retention failed')),
    // PGlite has no autovacuum: the server keeps the statistics of its tables (PostgreSQL does it by itself).
    ...(database.kind === 'pglite'
      ? [
          every(UPKEEP_EVERY_MS, 'database upkeep', log, async () => {
            const table = await keepUpOneTable(ctx.db);
            if (table) log.debug({ table }, 'database upkeep: vacuumed and analysed');
          }),
        ]
      : []),
  ];
}
