import type { AppContext } from '../../context.js';
import { alertRowsByIds } from '../alert/alert.service.js';
import { isDelivered, postWebhook } from './webhook-send.js';
import { allowListFor } from './webhook.service.js';
import * as repo from './webhook.repository.js';

/**
 * The webhook outbox (ACCOUNTABILITY.md, Webhooks): every alert's delivery row, written in the alert's
 * transaction, is tried until a 2xx or 24 hours, each try logged. A job queue (pg-boss, graphile-worker) needs
 * PostgreSQL's own connection features and does not run on the embedded PGlite, so the outbox is a table here and
 * `for update skip locked` shares it among servers (docs/design.md).
 */

/** Waits after the n-th failed try; the last repeats until 24 hours have passed. */
export const RETRY_AFTER_MS = [5_000, 15_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** How long a claimed try is left alone by other servers (more than the 5 s the try itself may take). */
const LEASE_MS = 30_000;
/** Deliveries claimed, and sent side by side, at a time. */
const BATCH = 20;

/** When the delivery is tried next after its `tries`-th failure; null: 24 hours are up, give up. */
export function nextTryAfterFailure(tries: number, created: Date, now: Date): Date | null {
  const wait = RETRY_AFTER_MS[Math.min(tries, RETRY_AFTER_MS.length) - 1] ?? RETRY_AFTER_MS[0]!;
  const next = new Date(now.getTime() + wait);
  return next.getTime() - created.getTime() > GIVE_UP_AFTER_MS ? null : next;
}

/**
 * Tries every due delivery once (claimed so no other server sends it meanwhile); answers how many it tried. Claims
 * no further batch once `stopping()` says so (the server is shutting down).
 */
export async function deliverDue(ctx: AppContext, stopping: () => boolean = () => false): Promise<number> {
  let tried = 0;
  while (!stopping()) {
    const claimed = await repo.claimDue(ctx.db, ctx.now(), LEASE_MS, BATCH);
    if (claimed.length === 0) return tried;
    const hooks = new Map(
      (
        await repo.hooksByIds(
          ctx.db,
          claimed.map((d) => d.hook_id),
        )
      ).map((hook) => [hook.hook_id, hook]),
    );
    const alerts = new Map(
      (
        await alertRowsByIds(
          ctx,
          claimed.map((d) => d.alert_id),
        )
      ).map((row) => [row.alert_id, row]),
    );
    await Promise.all(
      claimed.map(async (delivery) => {
        const hook = hooks.get(delivery.hook_id);
        const alert = alerts.get(delivery.alert_id);
        // A hook deleted or disabled since: nothing more to send.
        if (!hook || !hook.enabled || !alert) return repo.settle(ctx.db, delivery, { nextTry: null });
        const sentTime = ctx.now();
        const outcome = await postWebhook(hook, alert, {
          allow: allowListFor(ctx),
          idempotencyKey: String(delivery.alert_id),
        });
        await ctx.db.transaction(async (tx) => {
          await repo.recordTry(tx, {
            hook_id: delivery.hook_id,
            alert_id: delivery.alert_id,
            try_no: delivery.tries,
            status: outcome.status,
            ms: outcome.ms,
            sent_time: sentTime,
            error: outcome.error,
          });
          const now = ctx.now();
          await repo.settle(
            tx,
            delivery,
            isDelivered(outcome.status)
              ? { delivered: now }
              : { nextTry: nextTryAfterFailure(delivery.tries, new Date(delivery.create_time), now) },
          );
        });
      }),
    );
    tried += claimed.length;
  }
  return tried;
}

/** How often the outbox is read without a wake-up (retries fall due on their own). */
const POLL_MS = 2_000;

/**
 * Delivers in the background: every 2 s, and at once when an alert is announced on the database (the first try
 * leaves within seconds of the alert). Failures are logged and tried again at the next turn. Answers a stop that
 * resolves once the turn under way has recorded its tries: a try sent while the server stops is logged before the
 * database closes (R14 found one lost: sent, answered, then the server's restart closed the pool under it).
 */
export async function startWebhookDeliveries(
  ctx: AppContext,
  onError: (error: unknown) => void,
  alertChannel: string,
): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  const turn = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDue(ctx, () => stopping)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          turn();
        }
      });
  };
  const timer = setInterval(turn, POLL_MS);
  timer.unref();
  const stop = await ctx.listen(alertChannel, turn);
  return async () => {
    stopping = true;
    clearInterval(timer);
    await stop();
    await running;
  };
}
