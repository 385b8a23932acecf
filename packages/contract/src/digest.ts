import { z } from 'zod';
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
import { WEBHOOK_FORMATS } from './webhook.js';

/** Scheduled reports (DIGESTS.md, 定时报表): daily, weekly or monthly summaries by e-mail and group robot. */

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_FREQUENCY_TEXT: Readonly<Record<DigestFrequency, string>> = {
  daily: '每天',
  weekly: '每周',
  monthly: '每月',
};

export const DIGEST_SECTIONS = ['overview', 'missed', 'alerts', 'hazards', 'devices'] as const;
export type DigestSection = (typeof DIGEST_SECTIONS)[number];
export const DIGEST_SECTION_TEXT: Readonly<Record<DigestSection, string>> = {
  overview: '概览',
  missed: '漏检明细',
  alerts: '告警',
  hazards: '隐患',
  devices: '设备',
};

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAY_TEXT: Readonly<Record<number, string>> = {
  1: '周一',
  2: '周二',
  3: '周三',
  4: '周四',
  5: '周五',
  6: '周六',
  7: '周日',
};

export const MAX_DIGEST_EMAILS = 20;

export const digestMessages = {
  nameRequired: '请输入名称',
  nameTooLong: '名称不能超过 50 个字符',
  badText: '包含不允许的字符',
  badFrequency: '请选择发送频率',
  badWeekday: '请选择每周发送的星期（1-7）',
  badTime: '发送时间格式应为 HH:mm',
  noSection: '请至少选择一项报表内容',
  unknownSection: (section: string) => `未知的报表内容：${section}`,
  badEmail: (address: string) => `邮箱格式不正确：${address}`,
  tooManyEmails: `邮箱最多 ${MAX_DIGEST_EMAILS} 个`,
  noChannel: '请至少选择一个发送方式',
  noSmtp: '未配置邮件服务器（SMTP_URL）',
  digestMissing: '定时报表不存在或已删除',
  hookMissing: '推送配置不存在或已删除',
  badIds: '请选择定时报表',
} as const;

/** A mailbox as people type it: no spaces, quotes or angle brackets, a dotted domain; at most 254 characters. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export function isEmailAddress(address: string): boolean {
  return address.length <= 254 && EMAIL.test(address);
}

/** `HH:mm`, 00:00–23:59. */
export const DIGEST_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const digestListInput = internal(
  pagingSchema.extend({ hold_id: optionalHoldId, include_children: includeChildren }),
);

export const digestRow = z.object({
  digest_id: z.number(),
  digest_name: z.string(),
  hold_id: z.number(),
  hold_name: z.string(),
  include_children: z.boolean(),
  frequency: z.enum(DIGEST_FREQUENCIES),
  /** 1–7 (Monday–Sunday) for a weekly report, null otherwise. */
  weekday: z.number().nullable(),
  time: z.string(),
  sections: z.array(z.enum(DIGEST_SECTIONS)),
  emails: z.array(z.string()),
  hook_ids: z.array(z.number()),
  enabled: z.boolean(),
  /** `YYYY-MM-DD HH:mm:ss` local, '' when nothing was sent yet. */
  last_sent_time: z.string(),
  /** The next scheduled send, '' when disabled. */
  next_due_time: z.string(),
});
export type DigestRow = z.infer<typeof digestRow>;

const sectionList = z
  .array(z.string({ error: digestMessages.noSection }), { error: digestMessages.noSection })
  .superRefine((sections, ctx) => {
    const unknown = sections.find((s) => !(DIGEST_SECTIONS as readonly string[]).includes(s));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: digestMessages.unknownSection(unknown) });
    if (sections.length === 0) ctx.addIssue({ code: 'custom', message: digestMessages.noSection });
  })
  .transform((sections) => DIGEST_SECTIONS.filter((s) => sections.includes(s)));

const emailList = z
  .array(z.string({ error: digestMessages.badEmail('') }), { error: digestMessages.badEmail('') })
  .transform((list) => list.map((address) => address.trim()).filter(Boolean))
  .superRefine((list, ctx) => {
    const bad = list.find((address) => !isEmailAddress(address));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: digestMessages.badEmail(bad.slice(0, 60)) });
    else if (new Set(list.map((a) => a.toLowerCase())).size > MAX_DIGEST_EMAILS) {
      ctx.addIssue({ code: 'custom', message: digestMessages.tooManyEmails });
    }
  })
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((address) => !seen.has(address.toLowerCase()) && seen.add(address.toLowerCase()));
  });

/** `Digest/Save`: `digest_id` 0 adds one. */
export const saveDigestInput = internal(
  z
    .object({
      digest_id: saveId,
      hold_id: optionalHoldId,
      digest_name: z
        .string({ error: digestMessages.nameRequired })
        .trim()
        .min(1, digestMessages.nameRequired)
        .max(50, digestMessages.nameTooLong)
        .refine(withoutNul, digestMessages.badText),
      include_children: includeChildren,
      frequency: z.enum(DIGEST_FREQUENCIES, { error: digestMessages.badFrequency }),
      weekday: z.coerce
        .number({ error: digestMessages.badWeekday })
        .int(digestMessages.badWeekday)
        .min(1, digestMessages.badWeekday)
        .max(7, digestMessages.badWeekday)
        .nullish(),
      time: z.string({ error: digestMessages.badTime }).trim().regex(DIGEST_TIME, digestMessages.badTime),
      sections: sectionList.optional().default([...DIGEST_SECTIONS]),
      emails: emailList.optional().default([]),
      hook_ids: z
        .array(id, { error: digestMessages.hookMissing })
        .max(20, digestMessages.hookMissing)
        .optional()
        .default([])
        .transform((ids) => [...new Set(ids)]),
      enabled: z.boolean().optional().default(true),
    })
    .superRefine((input, ctx) => {
      if (input.frequency === 'weekly' && !input.weekday) {
        ctx.addIssue({ code: 'custom', path: ['weekday'], message: digestMessages.badWeekday });
      }
      if (input.emails.length === 0 && input.hook_ids.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['emails'], message: digestMessages.noChannel });
      }
    })
    .transform((input) => ({ ...input, weekday: input.frequency === 'weekly' ? (input.weekday ?? 1) : null })),
);
export type SaveDigestInput = CallerInput<typeof saveDigestInput>;
export const savedDigest = z.object({ digest_id: z.number() });

export const removeDigestsInput = z.object({ digest_ids: idList(digestMessages.badIds) });
export const digestIdInput = z.object({ digest_id: id });

/** 预览: the e-mail of the last complete period, as it would be sent. */
export const digestPreview = z.object({
  subject: z.string(),
  html: z.string(),
  period_start: z.string(),
  period_end: z.string(),
});
export type DigestPreview = z.infer<typeof digestPreview>;

export const digestSent = z.object({ sent: z.number() });

export const DIGEST_CHANNELS = ['email', 'hook'] as const;
/** `pending`: handed to the outbox, not tried yet (a scheduled send between two turns of the outbox). */
export const DIGEST_DELIVERY_STATUSES = ['sent', 'failed', 'skipped', 'pending'] as const;
export type DigestDeliveryStatus = (typeof DIGEST_DELIVERY_STATUSES)[number];
export const DIGEST_STATUS_TEXT: Readonly<Record<DigestDeliveryStatus, string>> = {
  sent: '已发送',
  failed: '失败',
  skipped: '已跳过',
  pending: '待发送',
};

export const digestDeliveriesInput = internal(pagingSchema.extend({ digest_id: id }));
export const digestDelivery = z.object({
  period_start: z.string(),
  period_end: z.string(),
  channel: z.enum(DIGEST_CHANNELS),
  recipient: z.string(),
  status: z.enum(DIGEST_DELIVERY_STATUSES),
  error: z.string(),
  sent_time: z.string(),
  manual: z.boolean(),
});
export type DigestDelivery = z.infer<typeof digestDelivery>;

/** What the dialog offers for an organisation: whether e-mail can be sent at all, and the hooks to pick. */
export const digestOptionsInput = internal(z.object({ hold_id: optionalHoldId }));
export const digestOptions = z.object({
  mail_ready: z.boolean(),
  hooks: z.array(
    z.object({ hook_id: z.number(), name: z.string(), format: z.enum(WEBHOOK_FORMATS), hold_name: z.string() }),
  ),
});
export type DigestOptions = z.infer<typeof digestOptions>;
