import { lookup } from 'node:dns/promises';
import {
  AlertKind,
  HoldType,
  LogType,
  WEBHOOK_FORMAT_TEXT,
  webhookMessages,
  type AlertRow,
  type Page,
  type WebhookRow,
  type WebhookTestResult,
  type WebhookFormat,
  type WebhookTry,
  type removeWebhooksInput,
  type saveWebhookInput,
  type webhookDeliveriesInput,
  type webhookListInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import { writeLog } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { pageWindow } from '../../db/sql.js';
import { localTimeText } from '../../domain/time.js';
import {
  allowListOf,
  checkWebhookUrl,
  isAllowedHost,
  isPublicAddress,
  type WebhookAllowList,
} from '../../domain/webhook-address.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { isDelivered, postWebhook, postWebhookBody } from './webhook-send.js';
import * as repo from './webhook.repository.js';

/** The hosts and ranges WEBHOOK_ALLOW_HOSTS lets hooks reach, parsed once per configuration. */
const allowLists = new WeakMap<object, WebhookAllowList>();
export function allowListFor(ctx: AppContext): WebhookAllowList {
  let allow = allowLists.get(ctx.config);
  if (!allow) {
    allow = allowListOf(ctx.config.webhookAllowHosts);
    allowLists.set(ctx.config, allow);
  }
  return allow;
}

/**
 * A hook's address as saved: https:// to a public address (checked after resolving the name), or a host the
 * operator allowed. Each try checks the resolved address again (the sender's lookup).
 */
async function checkAddress(ctx: AppContext, url: string): Promise<void> {
  const allow = allowListFor(ctx);
  const checked = checkWebhookUrl(url, allow);
  if (!checked.ok) throw invalid(checked.message);
  const host = checked.url.hostname.replace(/^\[|\]$/g, '');
  if (isAllowedHost(allow, host)) return;
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw invalid(webhookMessages.unresolvable);
  }
  const refused = addresses.some(
    ({ address, family }) =>
      !isPublicAddress(address, family) && !allow.ranges.check(address, family === 6 ? 'ipv6' : 'ipv4'),
  );
  if (addresses.length === 0 || refused) throw invalid(webhookMessages.privateAddress);
}

/** Only enterprise admins and the operator set hooks (department accounts see none of this screen). */
function assertMayManage(scope: Scope): void {
  if (scope.caller.holdType === HoldType.department) throw forbidden(webhookMessages.notPermitted);
}

/** The hooks named: each must exist (404) and lie in the caller's scope (403). */
async function hooksInScope(ctx: AppContext, scope: Scope, ids: readonly number[]): Promise<repo.StoredHook[]> {
  const unique = [...new Set(ids)];
  const hooks = await repo.hooksByIds(ctx.db, unique);
  if (hooks.length !== unique.length) throw notFound(webhookMessages.hookMissing);
  if (hooks.some((hook) => !scope.covers(hook.path))) throw notFound(webhookMessages.hookMissing);
  return hooks;
}

export async function listWebhooks(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof webhookListInput>,
): Promise<Page<WebhookRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  return repo.listHooks(ctx.db, ctx.config.tzName, holdIds, pageWindow(input));
}

export async function saveWebhook(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveWebhookInput>,
): Promise<{ hook_id: number }> {
  assertMayManage(scope);
  const owner = await scope.hold(input.holdId);
  const existing = input.hook_id ? (await hooksInScope(ctx, scope, [input.hook_id]))[0] : undefined;
  const secret = input.secret || existing?.secret || '';
  if (input.format === 'json' && !secret) throw invalid(webhookMessages.secretRequired);
  await checkAddress(ctx, input.url);
  const fields: repo.HookFields = {
    hold_id: owner.hold_id,
    name: input.name,
    url: input.url,
    format: input.format,
    secret,
    kinds: input.kinds,
    enabled: input.enabled,
  };
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const hookId = existing ? existing.hook_id : await repo.insertHook(tx, fields);
    if (existing) await repo.updateHook(tx, hookId, fields);
    await writeLog(tx, {
      type: existing ? LogType.update : LogType.create,
      actor: scope.actor,
      content: `${existing ? '修改' : '新增'}告警推送：${input.name}（ID ${hookId}，${WEBHOOK_FORMAT_TEXT[input.format]}，${
        input.enabled ? '启用' : '停用'
      }）`,
      at: now,
    });
    return { hook_id: hookId };
  });
}

export async function removeWebhooks(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof removeWebhooksInput>,
): Promise<void> {
  assertMayManage(scope);
  const hooks = await hooksInScope(ctx, scope, input.hook_ids);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.removeHooks(
      tx,
      hooks.map((hook) => hook.hook_id),
      now,
    );
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      content: `删除告警推送：${hooks.map((hook) => `${hook.name}（ID ${hook.hook_id}）`).join('、')}`,
      at: now,
    });
  });
}

/** What a test sends: an alert row that names itself a test (alert id 0). */
function testAlert(ctx: AppContext, scope: Scope, hook: repo.StoredHook): AlertRow {
  return {
    alert_id: 0,
    kind: AlertKind.missed,
    kind_name: '测试',
    state: 0,
    hold_id: hook.hold_id,
    hold_name: scope.caller.holdName,
    road_id: null,
    road_name: '',
    round_id: null,
    device_no: '',
    patrol_sn: '',
    detail: `这是一条来自巡检管理平台的测试消息（${hook.name}），收到即表示推送地址可用。`,
    raised_time: localTimeText(ctx.now(), ctx.config.tzName),
    handled_by: '',
    handled_time: '',
    note: '',
    true_name: '',
    lat: null,
    lng: null,
    accuracy: null,
    press_count: 1,
    responded_by: '',
    responded_time: '',
  };
}

/** 测试: sends one test message now and answers how the receiver took it (also kept as a try of alert 0). */
export async function testWebhook(
  ctx: AppContext,
  scope: Scope,
  input: { hook_id: number },
): Promise<WebhookTestResult> {
  assertMayManage(scope);
  const [hook] = await hooksInScope(ctx, scope, [input.hook_id]);
  const sentTime = ctx.now();
  const outcome = await postWebhook(hook!, testAlert(ctx, scope, hook!), {
    allow: allowListFor(ctx),
    idempotencyKey: `test-${hook!.hook_id}-${sentTime.getTime()}`,
  });
  await repo.recordTry(ctx.db, {
    hook_id: hook!.hook_id,
    alert_id: 0,
    try_no: 1,
    status: outcome.status,
    ms: outcome.ms,
    sent_time: sentTime,
    error: outcome.error,
  });
  return outcome;
}

export async function webhookDeliveries(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof webhookDeliveriesInput>,
): Promise<Page<WebhookTry>> {
  const [hook] = await hooksInScope(ctx, scope, [input.hook_id]);
  return repo.listTries(ctx.db, ctx.config.tzName, hook!.hook_id, pageWindow(input));
}

/**
 * Pushes a body already in the hook's format (a scheduled report's, DIGESTS.md) with the same address checks,
 * signature and idempotency key as an alert's; answers '' when delivered, else what went wrong.
 */
export async function pushToHook(
  ctx: AppContext,
  hook: { url: string; format: WebhookFormat; secret: string },
  body: string,
  idempotencyKey: string,
): Promise<string> {
  const outcome = await postWebhookBody(hook, body, { allow: allowListFor(ctx), idempotencyKey });
  if (isDelivered(outcome.status)) return '';
  return outcome.error || `推送地址答复 HTTP ${outcome.status}`;
}
