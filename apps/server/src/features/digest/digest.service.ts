import {
  DIGEST_FREQUENCY_TEXT,
  LogType,
  digestMessages,
  type DigestDelivery,
  type DigestOptions,
  type DigestPreview,
  type DigestRow,
  type Page,
  type digestDeliveriesInput,
  type digestListInput,
  type removeDigestsInput,
  type saveDigestInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import { writeLog } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { pageWindow } from '../../db/sql.js';
import { localTimeText } from '../../domain/time.js';
import { invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { mailReady } from './digest-mail.js';
import { deliverDigests, readDigestData, recordPeriod } from './digest-outbox.service.js';
import { lastCompletePeriod, nextDue } from './digest-period.js';
import { htmlOf, reportLink, subjectOf } from './digest-render.js';
import * as repo from './digest.repository.js';

/** 定时报表's calls (DIGESTS.md): subscriptions within the caller's scope, preview, send now, and the history. */

/** The subscriptions named: each must exist and lie in the caller's scope (404 otherwise, as if absent). */
async function digestsInScope(ctx: AppContext, scope: Scope, ids: readonly number[]): Promise<repo.StoredDigest[]> {
  const unique = [...new Set(ids)];
  const digests = await repo.digestsByIds(ctx.db, unique);
  if (digests.length !== unique.length || digests.some((d) => !scope.covers(d.path))) {
    throw notFound(digestMessages.digestMissing);
  }
  return digests;
}

function rowOf(ctx: AppContext, digest: repo.StoredDigest & { last_sent: Date | null }): DigestRow {
  const tz = ctx.config.tzName;
  return {
    digest_id: digest.digest_id,
    digest_name: digest.digest_name,
    hold_id: digest.hold_id,
    hold_name: digest.hold_name,
    include_children: digest.include_children,
    frequency: digest.frequency,
    weekday: digest.weekday,
    time: digest.time,
    sections: digest.sections,
    emails: digest.emails,
    hook_ids: digest.hook_ids,
    enabled: digest.enabled,
    last_sent_time: digest.last_sent ? localTimeText(digest.last_sent, tz) : '',
    next_due_time: digest.enabled ? localTimeText(nextDue(digest, tz, ctx.now()), tz) : '',
  };
}

export async function listDigests(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof digestListInput>,
): Promise<Page<DigestRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const page = await repo.listDigests(ctx.db, holdIds, pageWindow(input));
  return { total: page.total, rows: page.rows.map((row) => rowOf(ctx, row)) };
}

/** The hooks a subscription of an organisation may use: those of it and above it that the caller can see. */
async function hooksFor(ctx: AppContext, scope: Scope, path: string): Promise<repo.DigestHook[]> {
  return (await repo.hooksOnPath(ctx.db, path)).filter((hook) => scope.covers(hook.path));
}

export async function digestOptions(ctx: AppContext, scope: Scope, holdId: number | undefined): Promise<DigestOptions> {
  const owner = await scope.hold(holdId);
  const hooks = await hooksFor(ctx, scope, owner.path);
  return {
    mail_ready: mailReady(ctx.config),
    hooks: hooks.map((hook) => ({
      hook_id: hook.hook_id,
      name: hook.name,
      format: hook.format,
      hold_name: hook.hold_name,
    })),
  };
}

const sameSchedule = (a: repo.StoredDigest, b: repo.DigestFields) =>
  a.frequency === b.frequency && a.weekday === b.weekday && a.time === b.time && a.enabled === b.enabled;

export async function saveDigest(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveDigestInput>,
): Promise<{ digest_id: number }> {
  const owner = await scope.hold(input.holdId);
  const existing = input.digest_id ? (await digestsInScope(ctx, scope, [input.digest_id]))[0] : undefined;
  if (input.emails.length > 0 && !mailReady(ctx.config)) throw invalid(digestMessages.noSmtp);
  const allowed = new Set((await hooksFor(ctx, scope, owner.path)).map((hook) => hook.hook_id));
  if (input.hook_ids.some((hookId) => !allowed.has(hookId))) throw notFound(digestMessages.hookMissing);
  const fields: repo.DigestFields = {
    hold_id: owner.hold_id,
    digest_name: input.digest_name,
    include_children: input.includeChildren,
    frequency: input.frequency,
    weekday: input.weekday,
    time: input.time,
    sections: input.sections,
    emails: input.emails,
    hook_ids: input.hook_ids,
    enabled: input.enabled,
  };
  const now = ctx.now();
  // A new schedule starts now: due moments before it are not this subscription's (nothing is sent, or skipped, late).
  const dueFrom = existing && sameSchedule(existing, fields) ? existing.due_from : now;
  return ctx.db.transaction(async (tx) => {
    const digestId = existing ? existing.digest_id : await repo.insertDigest(tx, fields, dueFrom);
    if (existing) await repo.updateDigest(tx, digestId, fields, dueFrom);
    await writeLog(tx, {
      type: existing ? LogType.update : LogType.create,
      actor: scope.actor,
      content: `${existing ? '修改' : '新增'}定时报表：${input.digest_name}（ID ${digestId}，${
        DIGEST_FREQUENCY_TEXT[input.frequency]
      } ${input.time}，${input.enabled ? '启用' : '停用'}）`,
      at: now,
    });
    return { digest_id: digestId };
  });
}

export async function removeDigests(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof removeDigestsInput>,
): Promise<void> {
  const digests = await digestsInScope(ctx, scope, input.digest_ids);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.removeDigests(
      tx,
      digests.map((d) => d.digest_id),
      now,
    );
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      content: `删除定时报表：${digests.map((d) => `${d.digest_name}（ID ${d.digest_id}）`).join('、')}`,
      at: now,
    });
  });
}

/** 预览: the e-mail of the last complete period, read now; nothing is sent or stored. */
export async function previewDigest(ctx: AppContext, scope: Scope, digestId: number): Promise<DigestPreview> {
  const [digest] = await digestsInScope(ctx, scope, [digestId]);
  const period = lastCompletePeriod(digest!, ctx.config.tzName, ctx.now());
  const data = await readDigestData(ctx, digest!, period);
  return {
    subject: subjectOf(data),
    html: htmlOf(data, reportLink(ctx.config.publicUrl, data)),
    period_start: period.start,
    period_end: period.end,
  };
}

/** 立即发送: the last complete period, as a manual send, its first tries made before the answer. */
export async function sendDigestNow(ctx: AppContext, scope: Scope, digestId: number): Promise<{ sent: number }> {
  const [digest] = await digestsInScope(ctx, scope, [digestId]);
  if (digest!.emails.length > 0 && !mailReady(ctx.config)) throw invalid(digestMessages.noSmtp);
  const period = lastCompletePeriod(digest!, ctx.config.tzName, ctx.now());
  const deliveries = (await recordPeriod(ctx, digest!, period, { manual: true, skipped: false })) ?? [];
  if (deliveries.length === 0) throw invalid(digestMessages.noChannel);
  await writeLog(ctx.db, {
    type: LogType.update,
    actor: scope.actor,
    content: `立即发送定时报表：${digest!.digest_name}（ID ${digest!.digest_id}，${period.start} 至 ${period.end}）`,
    at: ctx.now(),
  });
  await deliverDigests(ctx, deliveries);
  return { sent: deliveries.length };
}

export async function digestDeliveries(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof digestDeliveriesInput>,
): Promise<Page<DigestDelivery>> {
  const [digest] = await digestsInScope(ctx, scope, [input.digest_id]);
  return repo.listDeliveries(ctx.db, ctx.config.tzName, digest!.digest_id, pageWindow(input));
}
