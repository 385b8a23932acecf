import { sql } from 'drizzle-orm';
import type { WebhookFormat, WebhookRow, WebhookTry } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { hold, webhook, webhookDelivery, webhookTry } from '../../db/schema.js';
import { localTime, queryRows } from '../../db/sql.js';

/** A hook as the sender needs it, with its organisation's path (scope checks). */
export interface StoredHook {
  hook_id: number;
  hold_id: number;
  path: string;
  name: string;
  url: string;
  format: WebhookFormat;
  secret: string;
  kinds: number[];
  enabled: boolean;
}

export async function listHooks(
  q: Queryable,
  tz: string,
  holdIds: readonly number[],
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookRow[]; total: number }> {
  const where = sql`w.deleted_at is null and w.hold_id = any(${sql.param([...holdIds])}::int[])`;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from ${webhook} w where ${where}`,
  );
  const rows = await queryRows<WebhookRow & { kinds: number[] }>(
    q,
    sql`
    select w.hook_id, w.hold_id, h.hold_name, w.name, w.url, w.format, w.kinds, w.enabled,
      w.secret <> '' as has_secret, ${localTime(sql`w.create_time`, tz)} as create_time,
      coalesce(t.status::text, '') as last_status, coalesce(${localTime(sql`t.sent_time`, tz)}, '') as last_time
    from ${webhook} w
    join ${hold} h on h.hold_id = w.hold_id
    left join lateral (
      select status, sent_time from ${webhookTry} where hook_id = w.hook_id order by sent_time desc, try_id desc limit 1
    ) t on true
    where ${where}
    order by w.hook_id desc
    limit ${page.limit} offset ${page.offset}`,
  );
  return { rows: rows.map((row) => ({ ...row, kinds: row.kinds.map(Number) })), total: Number(total) };
}

/** Live hooks by id, with their organisation's path. */
export async function hooksByIds(q: Queryable, ids: readonly number[]): Promise<StoredHook[]> {
  const rows = await queryRows<StoredHook>(
    q,
    sql`
    select w.hook_id, w.hold_id, h.path, w.name, w.url, w.format, w.secret, w.kinds, w.enabled
    from ${webhook} w join ${hold} h on h.hold_id = w.hold_id
    where w.deleted_at is null and w.hook_id = any(${sql.param([...ids])}::int[])`,
  );
  return rows.map((row) => ({ ...row, kinds: row.kinds.map(Number) }));
}

export type HookFields = Omit<StoredHook, 'hook_id' | 'path'>;

export async function insertHook(q: Queryable, fields: HookFields): Promise<number> {
  const [row] = await q
    .insert(webhook)
    .values({ ...fields })
    .returning({ hook_id: webhook.hook_id });
  return row!.hook_id;
}

export async function updateHook(q: Queryable, hookId: number, fields: HookFields): Promise<void> {
  await q.execute(sql`
    update ${webhook} set hold_id = ${fields.hold_id}, name = ${fields.name}, url = ${fields.url},
      format = ${fields.format}, secret = ${fields.secret}, kinds = ${sql.param(fields.kinds)}::smallint[],
      enabled = ${fields.enabled}
    where hook_id = ${hookId}`);
}

/** Deleted hooks keep their history; their pending deliveries stop. */
export async function removeHooks(q: Queryable, ids: readonly number[], now: Date): Promise<void> {
  const list = sql.param([...ids]);
  await q.execute(sql`update ${webhook} set deleted_at = ${now} where hook_id = any(${list}::int[])`);
  await q.execute(sql`
    update ${webhookDelivery} set next_try_time = null
    where hook_id = any(${list}::int[]) and next_try_time is not null`);
}

export async function listTries(
  q: Queryable,
  tz: string,
  hookId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookTry[]; total: number }> {
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from ${webhookTry} where hook_id = ${hookId}`,
  );
  const rows = await queryRows<WebhookTry & { alert_id: number | string }>(
    q,
    sql`
    select alert_id, try_no, status, ms, ${localTime(sql`sent_time`, tz)} as sent_time, error
    from ${webhookTry} where hook_id = ${hookId}
    order by sent_time desc, try_id desc
    limit ${page.limit} offset ${page.offset}`,
  );
  return { rows: rows.map((row) => ({ ...row, alert_id: Number(row.alert_id) })), total: Number(total) };
}

export interface TryRecord {
  hook_id: number;
  alert_id: number;
  try_no: number;
  status: number;
  ms: number;
  sent_time: Date;
  error: string;
}

export async function recordTry(q: Queryable, record: TryRecord): Promise<void> {
  await q.insert(webhookTry).values(record);
}

/** A delivery claimed for one try: its hook, alert and the try's number. */
export interface ClaimedDelivery {
  hook_id: number;
  alert_id: number;
  tries: number;
  create_time: string;
}

/**
 * Claims due deliveries for one try each: their next try moves `leaseMs` ahead, so another server (or this one's
 * next round) leaves them alone while this one sends; a server that dies mid-send leaves them to be tried again
 * when the lease runs out (the receiver sees the same idempotency key again).
 */
export async function claimDue(q: Queryable, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedDelivery & { alert_id: number | string; create_time: string | Date }>(
    q,
    sql`
    update ${webhookDelivery} d
    set next_try_time = ${new Date(now.getTime() + leaseMs)}, tries = d.tries + 1
    from (
      select hook_id, alert_id from ${webhookDelivery}
      where next_try_time is not null and next_try_time <= ${now}
      order by next_try_time
      limit ${limit}
      for update skip locked
    ) due
    where d.hook_id = due.hook_id and d.alert_id = due.alert_id
    returning d.hook_id, d.alert_id, d.tries, d.create_time`,
  );
  return rows.map((row) => ({
    hook_id: row.hook_id,
    alert_id: Number(row.alert_id),
    tries: Number(row.tries),
    create_time: new Date(row.create_time).toISOString(),
  }));
}

/** After a try: delivered (no more tries), or the next try's time, or null to give up. */
export async function settle(
  q: Queryable,
  delivery: { hook_id: number; alert_id: number },
  outcome: { delivered: Date } | { nextTry: Date | null },
): Promise<void> {
  if ('delivered' in outcome) {
    await q.execute(sql`
      update ${webhookDelivery} set next_try_time = null, delivered_time = ${outcome.delivered}
      where hook_id = ${delivery.hook_id} and alert_id = ${delivery.alert_id}`);
  } else {
    await q.execute(sql`
      update ${webhookDelivery} set next_try_time = ${outcome.nextTry}
      where hook_id = ${delivery.hook_id} and alert_id = ${delivery.alert_id}`);
  }
}
