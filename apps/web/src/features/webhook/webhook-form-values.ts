import {
  ALERT_KINDS,
  WEBHOOK_FORMATS,
  webhookMessages,
  withoutNul,
  type SaveWebhookInput,
  type WebhookFormat,
  type WebhookRow,
} from '@guard-tour/contract';

/** The 新增 / 编辑 dialog's fields. */
export interface WebhookFormValues {
  name: string;
  url: string;
  format: WebhookFormat;
  /** On an edit, empty keeps the stored secret. */
  secret: string;
  kinds: number[];
  enabled: boolean;
}

/** A new hook: a 企业微信 robot told of every kind, enabled. */
export function newWebhookValues(): WebhookFormValues {
  return { name: '', url: '', format: 'wecom', secret: '', kinds: [...ALERT_KINDS], enabled: true };
}

/** A row → the dialog's fields; the secret is never sent to the console, so it starts empty. */
export function webhookValuesOf(row: WebhookRow): WebhookFormValues {
  return {
    name: row.name ?? '',
    url: row.url ?? '',
    format: row.format,
    secret: '',
    kinds: [...(row.kinds ?? [])],
    enabled: row.enabled !== false,
  };
}

/** http(s) with a host; whether it is public (and https) is the server's to say: it knows the allowed hosts. */
function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The first thing that stops a save, in the contract's words, or null. `hasSecret`: the hook being edited has a
 * secret stored already (so a generic JSON hook may leave the field empty).
 */
export function webhookFormError(values: WebhookFormValues, hasSecret = false): string | null {
  const name = (values.name ?? '').trim();
  const url = (values.url ?? '').trim();
  const secret = (values.secret ?? '').trim();
  if (![name, url, secret].every(withoutNul)) return webhookMessages.badText;
  if (!name) return webhookMessages.nameRequired;
  if (name.length > 50) return webhookMessages.nameTooLong;
  if (!url) return webhookMessages.urlRequired;
  if (url.length > 500) return webhookMessages.urlTooLong;
  if (!isWebUrl(url)) return webhookMessages.badUrl;
  if (!WEBHOOK_FORMATS.includes(values.format)) return webhookMessages.badFormat;
  if (!values.kinds?.some((kind) => (ALERT_KINDS as readonly number[]).includes(kind))) return webhookMessages.badKinds;
  if (secret.length > 200) return webhookMessages.secretTooLong;
  if (values.format === 'json' && !secret && !hasSecret) return webhookMessages.secretRequired;
  return null;
}

/** The dialog's fields → `Webhook/Save`'s body (hook 0 = new, in the organisation given). */
export function toSaveWebhookInput(
  values: WebhookFormValues,
  hookId: number,
  holdId: number | undefined,
): SaveWebhookInput {
  return {
    hook_id: hookId,
    holdId,
    name: values.name.trim(),
    url: values.url.trim(),
    format: values.format,
    secret: (values.secret ?? '').trim(),
    kinds: [...new Set(values.kinds)].sort((a, b) => a - b),
    enabled: values.enabled !== false,
  };
}

/** 启用 switched in the list: the row as it is, with the other state; the stored secret stays. */
export function toggledInput(row: WebhookRow, enabled: boolean): SaveWebhookInput {
  return { ...toSaveWebhookInput(webhookValuesOf(row), row.hook_id, row.hold_id), enabled };
}
