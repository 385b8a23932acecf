import type { AppContext } from '../../context.js';
import { localTimeText } from '../../domain/time.js';
import { freshRounds } from '../round/round.service.js';
import { nextTryAfterFailure } from '../webhook/webhook-outbox.service.js';
import { pushToHook } from '../webhook/webhook.service.js';
import {
  alertsOf,
  coveredHolds,
  hazardsOf,
  missedRoundsOf,
  overviewOf,
  silentDevicesOf,
  sosOf,
  type DigestData,
} from './digest-data.js';
import { sendMail } from './digest-mail.js';
import { dueSends, type Period } from './digest-period.js';
import { hookBody, htmlOf, reportLink, subjectOf, textOf } from './digest-render.js';
import { attachmentName, workbookOf } from './digest-workbook.js';
import * as repo from './digest.repository.js';

/**
 * Sending scheduled reports (DIGESTS.md, Exactly once): a period is recorded once per subscription (the unique key
 * of `digest_send`), whichever server notices it is due first; its deliveries go through an outbox tried like the
 * webhook outbox (same back-off, same 24 hours, `for update skip locked` among servers). The alerts' outbox is keyed
 * by alert, so reports keep their own rows and reuse its sender, address checks, signature and retry schedule.
 */

/** How long a claimed try is left alone by other servers (an SMTP try may take 30 s). */
const LEASE_MS = 60_000;
const BATCH = 10;
/** How often the scheduler looks for due reports and tries due deliveries. */
export const DIGEST_TURN_MS = 15_000;

/** The numbers of one period of a subscription, read now from the stored rows. */
export async function readDigestData(ctx: AppContext, digest: repo.StoredDigest, period: Period): Promise<DigestData> {
  await freshRounds(ctx);
  const tz = ctx.config.tzName;
  const holds = await coveredHolds(ctx.db, digest.hold_id, digest.include_children);
  const missed = await missedRoundsOf(ctx.db, holds, period, tz);
  return {
    digest_id: digest.digest_id,
    digest_name: digest.digest_name,
    hold_id: digest.hold_id,
    hold_name: digest.hold_name,
    include_children: digest.include_children,
    frequency: digest.frequency,
    sections: digest.sections,
    period_start: period.start,
    period_end: period.end,
    read_time: localTimeText(ctx.now(), tz),
    overview: await overviewOf(ctx.db, holds, period, tz),
    missed_rounds: missed.lines,
    missed_total: missed.total,
    alerts: await alertsOf(ctx.db, holds, period, tz),
    sos: await sosOf(ctx.db, holds, period, tz),
    hazards: await hazardsOf(ctx.db, holds, period, tz, ctx.now()),
    devices: await silentDevicesOf(ctx.db, holds, ctx.now(), tz),
  };
}

/** Where a subscription's report goes: each address, and each of its hooks still there. */
async function recipientsOf(ctx: AppContext, digest: repo.StoredDigest): Promise<repo.NewDelivery[]> {
  // A hook switched off (告警推送's 启用) is left out of the reports too.
  const hooks = (await repo.hooksOf(ctx.db, digest.hook_ids)).filter((hook) => hook.enabled);
  return [
    ...digest.emails.map((address) => ({ channel: 'email' as const, recipient: address, hook_id: null })),
    ...hooks.map((hook) => ({
      channel: 'hook' as const,
      recipient: `${hook.name}（ID ${hook.hook_id}）`,
      hook_id: hook.hook_id,
    })),
  ];
}

/**
 * Records one period of a subscription with its deliveries, in one transaction: a scheduled period already recorded
 * (by another server, or before a restart) records nothing and answers null. Answers the deliveries handed on.
 */
export async function recordPeriod(
  ctx: AppContext,
  digest: repo.StoredDigest,
  period: Period,
  how: { manual: boolean; skipped: boolean },
): Promise<number[] | null> {
  const data = how.skipped ? null : await readDigestData(ctx, digest, period);
  const recipients = await recipientsOf(ctx, digest);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const sendId = await repo.insertSend(tx, { digest_id: digest.digest_id, period, ...how, data, now });
    if (sendId === null) return null;
    return repo.insertDeliveries(
      tx,
      { send_id: sendId, digest_id: digest.digest_id, skipped: how.skipped, now },
      recipients,
    );
  });
}

/** The scheduler's turn: every period due now and not recorded yet, sent (or skipped when over 24 h late). */
export async function recordDuePeriods(ctx: AppContext): Promise<number> {
  const digests = await repo.enabledDigests(ctx.db);
  if (digests.length === 0) return 0;
  const recorded = await repo.lastRecordedPeriods(
    ctx.db,
    digests.map((d) => d.digest_id),
  );
  let count = 0;
  const now = ctx.now();
  for (const digest of digests) {
    const due = dueSends(digest, ctx.config.tzName, now, digest.due_from, recorded.get(digest.digest_id) ?? null);
    for (const send of due) {
      const handed = await recordPeriod(ctx, digest, send.period, { manual: false, skipped: send.action === 'skip' });
      if (handed !== null) count += 1;
    }
  }
  return count;
}

/** The Idempotency-Key of a hook delivery: `<subscription_id>:<period_start>`; a manual send's carries its own. */
export function idempotencyKey(
  delivery: Pick<repo.ClaimedDelivery, 'digest_id' | 'period_start' | 'manual' | 'send_id'>,
) {
  const key = `${delivery.digest_id}:${delivery.period_start}`;
  return delivery.manual ? `${key}:manual-${delivery.send_id}` : key;
}

/** One try of one delivery: '' when delivered, else the error. */
async function tryDelivery(ctx: AppContext, delivery: repo.ClaimedDelivery): Promise<string> {
  const data = delivery.data as DigestData;
  const link = reportLink(ctx.config.publicUrl, data);
  if (delivery.channel === 'email') {
    return sendMail(ctx.config, {
      to: delivery.recipient,
      subject: subjectOf(data),
      html: htmlOf(data, link),
      text: textOf(data, link),
      attachment: { filename: attachmentName(data), content: await workbookOf(data) },
    });
  }
  const [hook] = await repo.hooksOf(ctx.db, delivery.hook_id === null ? [] : [delivery.hook_id]);
  if (!hook) return '推送配置不存在或已删除';
  return pushToHook(ctx, hook, hookBody(hook.format, data, link), idempotencyKey(delivery));
}

/**
 * Tries every due delivery once (or only those of `only`: 立即发送's first try, awaited); answers how many it
 * tried. A failure waits as a webhook's does and is given up 24 hours after the send.
 */
export async function deliverDigests(
  ctx: AppContext,
  only?: readonly number[],
  stopping: () => boolean = () => false,
): Promise<number> {
  let tried = 0;
  while (!stopping()) {
    const claimed = await repo.claimDue(ctx.db, ctx.now(), LEASE_MS, BATCH, only);
    if (claimed.length === 0) return tried;
    await Promise.all(
      claimed.map(async (delivery) => {
        const at = ctx.now();
        let error: string;
        try {
          error = await tryDelivery(ctx, delivery);
        } catch (failure) {
          error = `发送失败：${failure instanceof Error ? failure.message : String(failure)}`.slice(0, 300);
        }
        const now = ctx.now();
        await repo.settle(
          ctx.db,
          delivery.delivery_id,
          error === ''
            ? { sent: now }
            : { error, at, nextTry: nextTryAfterFailure(delivery.tries, delivery.create_time, now) },
        );
      }),
    );
    tried += claimed.length;
  }
  return tried;
}

/**
 * The background work of every server: every 15 s, due periods recorded and due deliveries tried. Answers a stop
 * that resolves once the turn under way has recorded its tries.
 */
export function startDigests(ctx: AppContext, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopping = false;
  const timer = setInterval(() => {
    if (running || stopping) return;
    running = (async () => {
      await recordDuePeriods(ctx);
      await deliverDigests(ctx, undefined, () => stopping);
    })()
      .catch(onError)
      .finally(() => (running = null));
  }, DIGEST_TURN_MS);
  timer.unref();
  return async () => {
    stopping = true;
    clearInterval(timer);
    await running;
  };
}
