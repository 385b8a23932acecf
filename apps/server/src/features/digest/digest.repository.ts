import { sql } from 'drizzle-orm';
import type { DigestDelivery, DigestFrequency, DigestSection, WebhookFormat } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { digest, digestDelivery, digestSend, webhook } from '../../db/schema.js';
import { idArray, localTime, queryRows } from '../../db/sql.js';
import type { Period } from './digest-period.js';

/** A subscription as the services need it, with its organisation's name and path. */
export interface StoredDigest {
  digest_id: number;
  hold_id: number;
  hold_name: string;
  path: string;
  digest_name: string;
  include_children: boolean;
  frequency: DigestFrequency;
  weekday: number | null;
  time: string;
  sections: DigestSection[];
  emails: string[];
  hook_ids: number[];
  enabled: boolean;
  due_from: Date;
}

const SELECT = sql`select g.digest_id, g.hold_id, h.hold_name, h.path, g.digest_name, g.include_children, g.frequency,
    g.weekday::int as weekday, g.send_time as time, g.sections, g.emails, g.hook_ids, g.enabled, g.due_from
  from ${digest} g join hold h on h.hold_id = g.hold_id`;

function stored(row: StoredDigest): StoredDigest {
  return { ...row, hook_ids: row.hook_ids.map(Number), due_from: new Date(row.due_from) };
}

export async function digestsByIds(q: Queryable, ids: readonly number[]): Promise<StoredDigest[]> {
  const rows = await queryRows<StoredDigest>(
    q,
    sql`${SELECT} where g.deleted_at is null and g.digest_id = any(${idArray(ids)})`,
  );
  return rows.map(stored);
}

/** Live, enabled subscriptions (the scheduler's round). */
export async function enabledDigests(q: Queryable): Promise<StoredDigest[]> {
  const rows = await queryRows<StoredDigest>(q, sql`${SELECT} where g.deleted_at is null and g.enabled`);
  return rows.map(stored);
}

export async function listDigests(
  q: Queryable,
  holdIds: readonly number[],
  page: { limit: number; offset: number },
): Promise<{ rows: (StoredDigest & { last_sent: Date | null })[]; total: number }> {
  const where = sql`g.deleted_at is null and g.hold_id = any(${idArray(holdIds)})`;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from ${digest} g where ${where}`,
  );
  const rows = await queryRows<StoredDigest & { last_sent: Date | null }>(
    q,
    sql`select x.*, (select max(d.sent_time) from ${digestDelivery} d where d.digest_id = x.digest_id
        and d.status = 'sent') as last_sent
      from (${SELECT} where ${where} order by g.digest_id desc limit ${page.limit} offset ${page.offset}) x
      order by x.digest_id desc`,
  );
  return {
    rows: rows.map((row) => ({ ...stored(row), last_sent: row.last_sent ? new Date(row.last_sent) : null })),
    total: Number(total),
  };
}

export interface DigestFields {
  hold_id: number;
  digest_name: string;
  include_children: boolean;
  frequency: DigestFrequency;
  weekday: number | null;
  time: string;
  sections: DigestSection[];
  emails: string[];
  hook_ids: number[];
  enabled: boolean;
}

export async function insertDigest(q: Queryable, fields: DigestFields, dueFrom: Date): Promise<number> {
  const [row] = await q
    .insert(digest)
    .values({
      hold_id: fields.hold_id,
      digest_name: fields.digest_name,
      include_children: fields.include_children,
      frequency: fields.frequency,
      weekday: fields.weekday,
      send_time: fields.time,
      sections: fields.sections,
      emails: fields.emails,
      hook_ids: fields.hook_ids,
      enabled: fields.enabled,
      due_from: dueFrom,
    })
    .returning({ digest_id: digest.digest_id });
  return row!.digest_id;
}

export async function updateDigest(q: Queryable, digestId: number, fields: DigestFields, dueFrom: Date): Promise<void> {
  await q.execute(sql`
    update ${digest} set hold_id = ${fields.hold_id}, digest_name = ${fields.digest_name},
      include_children = ${fields.include_children}, frequency = ${fields.frequency}, weekday = ${fields.weekday},
      send_time = ${fields.time}, sections = ${sql.param(fields.sections)}::text[],
      emails = ${sql.param(fields.emails)}::text[], hook_ids = ${sql.param(fields.hook_ids)}::int[],
      enabled = ${fields.enabled}, due_from = ${dueFrom}
    where digest_id = ${digestId}`);
}

/** Deleted subscriptions keep their history; their pending deliveries stop. */
export async function removeDigests(q: Queryable, ids: readonly number[], now: Date): Promise<void> {
  await q.execute(sql`update ${digest} set deleted_at = ${now} where digest_id = any(${idArray(ids)})`);
  await q.execute(sql`
    update ${digestDelivery} set next_try_time = null, status = 'failed', error = '定时报表已删除'
    where digest_id = any(${idArray(ids)}) and next_try_time is not null`);
}

/** The newest scheduled period recorded (sent or skipped) of each subscription. */
export async function lastRecordedPeriods(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ digest_id: number; period_start: string }>(
    q,
    sql`select digest_id, to_char(max(period_start), 'YYYY-MM-DD') as period_start from ${digestSend}
      where digest_id = any(${idArray(ids)}) and not manual group by digest_id`,
  );
  return new Map(rows.map((row) => [row.digest_id, row.period_start]));
}

/**
 * Records a period once: the insert that finds the scheduled period already there answers null (another server,
 * or this one earlier, has it). Manual sends always insert.
 */
export async function insertSend(
  q: Queryable,
  values: { digest_id: number; period: Period; manual: boolean; skipped: boolean; data: unknown; now: Date },
): Promise<number | null> {
  const rows = await queryRows<{ send_id: number }>(
    q,
    sql`insert into ${digestSend} (digest_id, period_start, period_end, manual, skipped, data, create_time)
      values (${values.digest_id}, ${values.period.start}::date, ${values.period.end}::date, ${values.manual},
        ${values.skipped}, ${values.data === null ? null : JSON.stringify(values.data)}::jsonb, ${values.now})
      on conflict (digest_id, period_start) where not manual do nothing
      returning send_id::int as send_id`,
  );
  return rows[0]?.send_id ?? null;
}

export interface NewDelivery {
  channel: 'email' | 'hook';
  recipient: string;
  hook_id: number | null;
}

/** The send's deliveries: pending and due at once, or (a skipped period) settled as skipped. */
export async function insertDeliveries(
  q: Queryable,
  send: { send_id: number; digest_id: number; skipped: boolean; now: Date },
  deliveries: readonly NewDelivery[],
): Promise<number[]> {
  if (deliveries.length === 0) return [];
  const rows = await queryRows<{ delivery_id: number }>(
    q,
    sql`insert into ${digestDelivery} (send_id, digest_id, channel, recipient, hook_id, status, next_try_time, error,
        create_time)
      values ${sql.join(
        deliveries.map(
          (d) => sql`(${send.send_id}, ${send.digest_id}, ${d.channel}, ${d.recipient}, ${d.hook_id},
            ${send.skipped ? 'skipped' : 'pending'}, ${send.skipped ? null : send.now},
            ${send.skipped ? '超过发送时间 24 小时未能发送，已跳过' : ''}, ${send.now})`,
        ),
        sql`, `,
      )}
      on conflict do nothing
      returning delivery_id::int as delivery_id`,
  );
  return rows.map((row) => row.delivery_id);
}

/** A delivery claimed for one try, with what it needs to be sent. */
export interface ClaimedDelivery {
  delivery_id: number;
  send_id: number;
  digest_id: number;
  channel: 'email' | 'hook';
  recipient: string;
  hook_id: number | null;
  tries: number;
  create_time: Date;
  manual: boolean;
  period_start: string;
  data: unknown;
}

/**
 * Claims due deliveries (all due ones, or just `only`) for one try each: their next try moves `leaseMs` ahead so
 * no other server sends them meanwhile (`for update skip locked`, as the webhook outbox claims).
 */
export async function claimDue(
  q: Queryable,
  now: Date,
  leaseMs: number,
  limit: number,
  only?: readonly number[],
): Promise<ClaimedDelivery[]> {
  const pick = only ? sql`and delivery_id = any(${idArray(only)})` : sql``;
  const rows = await queryRows<ClaimedDelivery>(
    q,
    sql`
    with claimed as (
      update ${digestDelivery} d
      set next_try_time = ${new Date(now.getTime() + leaseMs)}, tries = d.tries + 1
      from (
        select delivery_id from ${digestDelivery}
        where next_try_time is not null and next_try_time <= ${now} ${pick}
        order by next_try_time
        limit ${limit}
        for update skip locked
      ) due
      where d.delivery_id = due.delivery_id
      returning d.delivery_id, d.send_id, d.digest_id, d.channel, d.recipient, d.hook_id, d.tries, d.create_time
    )
    select c.delivery_id::int as delivery_id, c.send_id::int as send_id, c.digest_id, c.channel, c.recipient,
      c.hook_id, c.tries::int as tries, c.create_time, s.manual, to_char(s.period_start, 'YYYY-MM-DD') as period_start,
      s.data
    from claimed c join ${digestSend} s on s.send_id = c.send_id`,
  );
  return rows.map((row) => ({
    ...row,
    create_time: new Date(row.create_time),
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data,
  }));
}

/** After a try: sent, or failed with the next try's time (null: 24 hours are up, no more tries). */
export async function settle(
  q: Queryable,
  deliveryId: number,
  outcome: { sent: Date } | { error: string; nextTry: Date | null; at: Date },
): Promise<void> {
  if ('sent' in outcome) {
    await q.execute(sql`
      update ${digestDelivery} set status = 'sent', next_try_time = null, error = '', sent_time = ${outcome.sent}
      where delivery_id = ${deliveryId}`);
  } else {
    await q.execute(sql`
      update ${digestDelivery} set status = 'failed', next_try_time = ${outcome.nextTry},
        error = ${outcome.error.slice(0, 500)}, sent_time = ${outcome.at}
      where delivery_id = ${deliveryId}`);
  }
}

export async function listDeliveries(
  q: Queryable,
  tz: string,
  digestId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DigestDelivery[]; total: number }> {
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from ${digestDelivery} where digest_id = ${digestId}`,
  );
  const rows = await queryRows<DigestDelivery>(
    q,
    sql`select to_char(s.period_start, 'YYYY-MM-DD') as period_start, to_char(s.period_end, 'YYYY-MM-DD') as period_end,
        d.channel, d.recipient, d.status, d.error,
        coalesce(${localTime(sql`coalesce(d.sent_time, d.create_time)`, tz)}, '') as sent_time, s.manual
      from ${digestDelivery} d join ${digestSend} s on s.send_id = d.send_id
      where d.digest_id = ${digestId}
      order by d.delivery_id desc
      limit ${page.limit} offset ${page.offset}`,
  );
  return { rows, total: Number(total) };
}

/** A hook a report goes to, as the webhook sender needs it, with its organisation's path (the save's checks). */
export interface DigestHook {
  hook_id: number;
  hold_id: number;
  hold_name: string;
  path: string;
  name: string;
  url: string;
  format: WebhookFormat;
  secret: string;
  enabled: boolean;
}

/** Live hooks (告警推送) by id. */
export async function hooksOf(q: Queryable, ids: readonly number[]): Promise<DigestHook[]> {
  if (ids.length === 0) return [];
  return queryRows<DigestHook>(
    q,
    sql`select w.hook_id, w.hold_id, h.hold_name, h.path, w.name, w.url, w.format, w.secret, w.enabled
      from ${webhook} w join hold h on h.hold_id = w.hold_id
      where w.deleted_at is null and w.hook_id = any(${idArray(ids)}) order by w.hook_id`,
  );
}

/** Live hooks of the organisations on a path (the organisation and those above it). */
export async function hooksOnPath(q: Queryable, path: string): Promise<DigestHook[]> {
  return queryRows<DigestHook>(
    q,
    sql`select w.hook_id, w.hold_id, h.hold_name, h.path, w.name, w.url, w.format, w.secret, w.enabled
      from ${webhook} w join hold h on h.hold_id = w.hold_id
      where w.deleted_at is null and starts_with(${path}, h.path) order by h.path, w.hook_id`,
  );
}
