import { z } from 'zod';
import { ALERT_KINDS } from './alert.js';
import {
  id,
  idList,
  includeChildren,
  internal,
  optionalHoldId,
  saveId,
  withoutNul,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';

/** Webhooks (ACCOUNTABILITY.md, Webhooks): 企业微信 and 钉钉 group robots, and a generic signed JSON. */

export const WEBHOOK_FORMATS = ['wecom', 'dingtalk', 'json'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_TEXT: Readonly<Record<WebhookFormat, string>> = {
  wecom: '企业微信群机器人',
  dingtalk: '钉钉群机器人',
  json: '通用 JSON（签名）',
};

/** Headers of a generic JSON delivery. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const SIGNATURE_HEADER = 'X-GuardTour-Signature';

export const webhookMessages = {
  nameRequired: '请输入名称',
  nameTooLong: '名称不能超过 50 个字符',
  urlRequired: '请输入推送地址',
  urlTooLong: '推送地址不能超过 500 个字符',
  badUrl: '推送地址必须是 https:// 开头的公网地址',
  privateAddress: '推送地址不能指向内网或本机地址',
  unresolvable: '推送地址的域名无法解析',
  badFormat: '请选择推送格式',
  badKinds: '请至少选择一种告警类型',
  secretTooLong: '密钥不能超过 200 个字符',
  secretRequired: '通用 JSON 推送需要设置签名密钥',
  badText: '包含不允许的字符',
  hookMissing: '推送配置不存在或已删除',
  badIds: '请选择推送配置',
  notPermitted: '只有企业管理员可以设置告警推送',
} as const;

export const webhookListInput = internal(
  pagingSchema.extend({ hold_id: optionalHoldId, include_children: includeChildren }),
);
export type WebhookListInput = CallerInput<typeof webhookListInput>;

/** A hook as lists show it: never its secret, only whether one is set. */
export const webhookRow = z.object({
  hook_id: z.number(),
  hold_id: z.number(),
  hold_name: z.string(),
  name: z.string(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  kinds: z.array(z.number()),
  enabled: z.boolean(),
  has_secret: z.boolean(),
  create_time: z.string(),
  /** The last try: its HTTP status (0 without an answer), '' when none yet. */
  last_status: z.string(),
  last_time: z.string(),
});
export type WebhookRow = z.infer<typeof webhookRow>;

const trimmed = (max: number, tooLong: string) =>
  z.string({ error: webhookMessages.badText }).trim().max(max, tooLong).refine(withoutNul, webhookMessages.badText);

/** `Webhook/Save`: `hook_id` 0 adds one; an empty `secret` on an edit keeps the one stored. */
export const saveWebhookInput = internal(
  z.object({
    hook_id: saveId,
    hold_id: optionalHoldId,
    name: trimmed(50, webhookMessages.nameTooLong).min(1, webhookMessages.nameRequired),
    url: trimmed(500, webhookMessages.urlTooLong).min(1, webhookMessages.urlRequired),
    format: z.enum(WEBHOOK_FORMATS, { error: webhookMessages.badFormat }),
    secret: trimmed(200, webhookMessages.secretTooLong)
      .nullish()
      .transform((value) => value ?? ''),
    kinds: z
      .array(
        z.coerce.number().refine((kind) => (ALERT_KINDS as readonly number[]).includes(kind)),
        {
          error: webhookMessages.badKinds,
        },
      )
      .min(1, webhookMessages.badKinds)
      .max(ALERT_KINDS.length, webhookMessages.badKinds)
      .transform((kinds) => [...new Set(kinds)].sort()),
    enabled: z.boolean().optional().default(true),
  }),
);
export type SaveWebhookInput = CallerInput<typeof saveWebhookInput>;
export const savedWebhook = z.object({ hook_id: z.number() });

export const removeWebhooksInput = z.object({ hook_ids: idList(webhookMessages.badIds) });
export const testWebhookInput = z.object({ hook_id: id });

/** One delivery try (a test too): HTTP status (0 without an answer), milliseconds, and the error if any. */
export const webhookTry = z.object({
  alert_id: z.number(),
  try_no: z.number(),
  status: z.number(),
  ms: z.number(),
  sent_time: z.string(),
  error: z.string(),
});
export type WebhookTry = z.infer<typeof webhookTry>;

export const webhookDeliveriesInput = internal(pagingSchema.extend({ hook_id: id }));
export const webhookTestResult = webhookTry.pick({ status: true, ms: true, error: true });
export type WebhookTestResult = z.infer<typeof webhookTestResult>;
