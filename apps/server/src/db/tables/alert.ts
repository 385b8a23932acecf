// Alerts and their webhook deliveries (ACCOUNTABILITY.md, Alerts and Webhooks).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt } from './columns.js';
import { hold } from './organisation.js';

/**
 * Alerts: raised once per kind and `subject` (the unique index makes raising an insert that may find the row
 * there, whichever server gets there first), handled by a person (or closed by the system), never deleted.
 */
export const alert = pgTable(
  'alert',
  {
    alert_id: bigserial({ mode: 'number' }).primaryKey(),
    /** AlertKind: 1 漏检, 2 终端离线, 3 时钟异常, 4 疑似代打. */
    kind: smallint().notNull(),
    /** What the alert is about, once: `round:<id>`, `device:<id>:<silent since>`, `clock:<id>:<day>`, … */
    subject: text().notNull(),
    hold_id: integer().notNull(),
    road_id: integer(),
    round_id: bigint({ mode: 'number' }),
    object_id: integer(),
    device_no: text().notNull().default(''),
    patrol_sn: text().notNull().default(''),
    detail: text().notNull(),
    raised_time: timestamp({ withTimezone: true }).notNull(),
    /** AlertState: 0 未处理, 1 已处理. */
    state: smallint().notNull().default(0),
    handled_by: text().notNull().default(''),
    handled_time: timestamp({ withTimezone: true }),
    note: text().notNull().default(''),
    /** SAFETY.md: the guard (紧急求助, 未报平安, 位置异常) and his position then; never sent to webhooks. */
    user_id: integer(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    accuracy: real(),
    /** 紧急求助: presses gathered (a second press while open adds to it), and who pressed 已响应 and when. */
    press_count: smallint().notNull().default(1),
    responded_by: text().notNull().default(''),
    responded_time: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_kind_subject_idx').on(t.kind, t.subject),
    index('alert_hold_time_idx').on(t.hold_id, t.raised_time.desc()),
    index('alert_open_idx')
      .on(t.hold_id)
      .where(sql`${t.state} = 0`),
    index('alert_user_open_idx')
      .on(t.user_id, t.kind)
      .where(sql`${t.user_id} is not null and ${t.state} <> 1`),
    index('alert_round_idx')
      .on(t.round_id)
      .where(sql`${t.round_id} is not null`),
  ],
);

/** Webhooks of an organisation: where its alerts (of the chosen kinds) are pushed. */
export const webhook = pgTable(
  'webhook',
  {
    hook_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    name: text().notNull(),
    url: text().notNull(),
    /** wecom, dingtalk or json. */
    format: text().notNull(),
    /** The HMAC key of json deliveries, DingTalk's 加签 key; never sent to the console. */
    secret: text().notNull().default(''),
    kinds: smallint()
      .array()
      .notNull()
      .default(sql`'{1,2,3,4}'::smallint[]`),
    enabled: boolean().notNull().default(true),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [index('webhook_hold_idx').on(t.hold_id)],
);

/**
 * The outbox: one row per alert and hook, written in the alert's transaction, tried until a 2xx or 24 hours;
 * `next_try_time` null once delivered or given up.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    hook_id: integer().notNull(),
    alert_id: bigint({ mode: 'number' }).notNull(),
    tries: smallint().notNull().default(0),
    next_try_time: timestamp({ withTimezone: true }),
    delivered_time: timestamp({ withTimezone: true }),
    create_time: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.hook_id, t.alert_id] }),
    index('webhook_delivery_due_idx')
      .on(t.next_try_time)
      .where(sql`${t.next_try_time} is not null`),
  ],
);

/** Every try of a delivery (and every test: alert 0), with the receiver's status and the milliseconds it took. */
export const webhookTry = pgTable(
  'webhook_try',
  {
    try_id: bigserial({ mode: 'number' }).primaryKey(),
    hook_id: integer().notNull(),
    alert_id: bigint({ mode: 'number' }).notNull(),
    try_no: smallint().notNull(),
    /** The HTTP status; 0 when nothing answered. */
    status: smallint().notNull(),
    ms: integer().notNull(),
    sent_time: timestamp({ withTimezone: true }).notNull(),
    error: text().notNull().default(''),
  },
  (t) => [index('webhook_try_hook_time_idx').on(t.hook_id, t.sent_time.desc())],
);
