import { createHmac } from 'node:crypto';
import { signDelivery } from '../../domain/webhook-signature.js';
import { JSON_TYPE } from '../../http/envelope.js';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  webhookMessages,
  type AlertRow,
  type WebhookFormat,
} from '@guard-tour/contract';
import {
  WEBHOOK_PRIVATE_CODE,
  checkWebhookUrl,
  webhookLookup,
  type WebhookAllowList,
} from '../../domain/webhook-address.js';

/**
 * One delivery try of an alert to a hook (ACCOUNTABILITY.md, Webhooks): the body in the hook's format, one POST
 * with a fresh connection whose address is checked when it resolves, no redirects, a hard time limit. The outbox
 * decides about retries; this only reports what happened, and never throws.
 */

export interface WebhookTarget {
  url: string;
  format: WebhookFormat;
  secret: string;
}

export interface WebhookSendOptions {
  allow: WebhookAllowList;
  /** For the whole try: connecting, sending and reading the answer. */
  timeoutMs?: number;
  /** The alert id: a retry carries the same key, so the receiver can drop the duplicate. */
  idempotencyKey: string;
}

/** What a try logs: the HTTP status (0 without an answer), milliseconds, and a short Chinese error. */
export interface WebhookOutcome {
  status: number;
  ms: number;
  error: string;
}

export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Receivers answer with a few bytes; more is read no further. */
const MAX_ANSWER_BYTES = 64 * 1024;
const UNRESOLVABLE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA']);

/** The alert as a group robot shows it: a title line, then what a guard supervisor needs to act on it. */
export function alertText(alert: AlertRow): string {
  const lines = [`【巡检告警】${alert.kind_name}`, `组织：${alert.hold_name}`];
  if (alert.road_name) lines.push(`路线：${alert.road_name}`);
  if (alert.device_no) lines.push(`设备：${alert.device_no}`);
  if (alert.patrol_sn) lines.push(`卡号：${alert.patrol_sn}`);
  if (alert.detail) lines.push(alert.detail);
  lines.push(`时间：${alert.raised_time}`);
  return lines.join('\n');
}

/** 企业微信 and 钉钉 robots both take a `text` message; the generic hook gets the alert row itself. */
export function webhookBody(format: WebhookFormat, alert: AlertRow): string {
  if (format === 'json') return JSON.stringify(alert);
  return JSON.stringify({ msgtype: 'text', text: { content: alertText(alert) } });
}

/** 钉钉 "加签": `timestamp` and `sign` = base64 HMAC-SHA256 of `timestamp\nsecret` keyed by the secret. */
export function dingTalkSignedUrl(url: URL, secret: string, now = Date.now()): URL {
  const signed = new URL(url);
  const sign = createHmac('sha256', secret).update(`${now}\n${secret}`, 'utf8').digest('base64');
  signed.searchParams.set('timestamp', String(now));
  signed.searchParams.set('sign', sign);
  return signed;
}

/** A delivered try: any 2xx. A redirect is not followed, so it counts as not delivered. */
export function isDelivered(status: number): boolean {
  return status >= 200 && status <= 299;
}

function failureText(error: NodeJS.ErrnoException): string {
  if (error.code === WEBHOOK_PRIVATE_CODE) return webhookMessages.privateAddress;
  if (error.code && UNRESOLVABLE_CODES.has(error.code)) return webhookMessages.unresolvable;
  return `连接失败：${(error.code ?? error.message).slice(0, 100)}`;
}

/** POSTs one alert to one hook and reports the outcome; never throws. */
export function postWebhook(
  target: WebhookTarget,
  alert: AlertRow,
  options: WebhookSendOptions,
): Promise<WebhookOutcome> {
  return postWebhookBody(target, webhookBody(target.format, alert), options);
}

/**
 * POSTs a body already in the hook's format (an alert's, or a scheduled report's) with the idempotency key, the
 * signature of a generic hook and 钉钉's 加签; reports the outcome and never throws.
 */
export async function postWebhookBody(
  target: WebhookTarget,
  body: string,
  options: WebhookSendOptions,
): Promise<WebhookOutcome> {
  const started = performance.now();
  const outcome = (status: number, error: string): WebhookOutcome => ({
    status,
    ms: Math.round(performance.now() - started),
    error,
  });
  const checked = checkWebhookUrl(target.url, options.allow);
  if (!checked.ok) return outcome(0, checked.message);

  const url =
    target.format === 'dingtalk' && target.secret ? dingTalkSignedUrl(checked.url, target.secret) : checked.url;
  const headers: Record<string, string | number> = {
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(body),
    'user-agent': 'guard-tour-webhook',
    [IDEMPOTENCY_HEADER]: options.idempotencyKey,
  };
  if (target.format === 'json' && target.secret) {
    headers[SIGNATURE_HEADER] = signDelivery(body, target.secret, Math.floor(Date.now() / 1000));
  }
  try {
    const [status, error] = await sendOnce(url, headers, body, options);
    return outcome(status, error);
  } catch (error) {
    // A header Node refuses (a key with a line break) throws before anything is sent.
    return outcome(0, failureText(error as NodeJS.ErrnoException));
  }
}

function sendOnce(
  url: URL,
  headers: Record<string, string | number>,
  body: string,
  options: WebhookSendOptions,
): Promise<[status: number, error: string]> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  // agent: false — a fresh connection per try, so every try resolves, and is checked, anew.
  const req = send(url, { method: 'POST', headers, agent: false, lookup: webhookLookup(options.allow) });
  return new Promise((resolve) => {
    const finish = (status: number, error: string) => {
      clearTimeout(timer);
      req.destroy();
      resolve([status, error]);
    };
    const timer = setTimeout(() => finish(0, `超时（${timeoutMs / 1000} 秒）`), timeoutMs);
    req.on('error', (error) => finish(0, failureText(error)));
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= MAX_ANSWER_BYTES) finish(status, '');
      });
      res.on('end', () => finish(status, ''));
      // Cut off mid-answer: the receiver still answered with this status.
      res.on('error', () => finish(status, ''));
      res.on('close', () => finish(status, ''));
    });
    req.end(body);
  });
}
