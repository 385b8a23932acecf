// Scheduled reports (DIGESTS.md, 定时报表): subscriptions, the periods sent, and their deliveries (the outbox).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt } from './columns.js';
import { hold } from './organisation.js';

/** A subscription: what is summed up (an organisation, with its subtree or not), how often, and where it goes. */
export const digest = pgTable(
  'digest',
  {
    digest_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    digest_name: text().notNull(),
    include_children: boolean().notNull().default(true),
    /** daily, weekly or monthly. */
    frequency: text().notNull(),
    /** 1 Monday … 7 Sunday for a weekly report, else null. */
    weekday: smallint(),
    /** `HH:mm` in TZ_NAME. */
    send_time: text().notNull(),
    sections: text().array().notNull(),
    emails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hook_ids: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    enabled: boolean().notNull().default(true),
    /**
     * Due moments before this instant are not this subscription's: set when it is made, and again when its schedule
     * changes or it is switched on, so a report is never sent (or skipped) for a time it was not scheduled for.
     */
    due_from: timestamp({ withTimezone: true }).notNull(),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [index('digest_hold_idx').on(t.hold_id)],
);

/**
 * A period of a subscription, sent (or skipped) once: the unique index on (digest, period) of the scheduled sends
 * makes sending an insert that may find the row already there, whichever server gets there first. Manual sends
 * (立即发送) are rows of their own. `data` keeps the numbers as they were sent (发送记录 keeps what was sent; a
 * retry sends the same).
 */
export const digestSend = pgTable(
  'digest_send',
  {
    send_id: bigserial({ mode: 'number' }).primaryKey(),
    digest_id: integer().notNull(),
    period_start: date({ mode: 'string' }).notNull(),
    period_end: date({ mode: 'string' }).notNull(),
    manual: boolean().notNull().default(false),
    skipped: boolean().notNull().default(false),
    data: jsonb(),
    create_time: createdAt(),
  },
  (t) => [
    uniqueIndex('digest_send_period_idx')
      .on(t.digest_id, t.period_start)
      .where(sql`not ${t.manual}`),
    index('digest_send_digest_idx').on(t.digest_id, t.create_time.desc()),
  ],
);

/**
 * The outbox: one row per send and recipient (an address, or a hook), tried until it is delivered or 24 hours have
 * passed (as webhook deliveries are); `next_try_time` null once settled.
 */
export const digestDelivery = pgTable(
  'digest_delivery',
  {
    delivery_id: bigserial({ mode: 'number' }).primaryKey(),
    send_id: bigint({ mode: 'number' }).notNull(),
    digest_id: integer().notNull(),
    /** email or hook. */
    channel: text().notNull(),
    /** The address, or the hook's name as it was. */
    recipient: text().notNull(),
    hook_id: integer(),
    /** pending, sent, failed or skipped. */
    status: text().notNull().default('pending'),
    tries: smallint().notNull().default(0),
    next_try_time: timestamp({ withTimezone: true }),
    error: text().notNull().default(''),
    sent_time: timestamp({ withTimezone: true }),
    create_time: createdAt(),
  },
  (t) => [
    uniqueIndex('digest_delivery_recipient_idx').on(t.send_id, t.channel, t.recipient),
    index('digest_delivery_due_idx')
      .on(t.next_try_time)
      .where(sql`${t.next_try_time} is not null`),
    index('digest_delivery_digest_idx').on(t.digest_id, t.delivery_id.desc()),
  ],
);
