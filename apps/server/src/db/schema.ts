import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp({ withTimezone: true });

/**
 * Organisations (spec: hold). `path` is the materialised subtree path `/1/5/12/`, so a subtree is one
 * index range scan (`path LIKE '/1/5/%'`), never a recursive walk.
 */
export const hold = pgTable(
  'hold',
  {
    hold_id: serial().primaryKey(),
    hold_name: text().notNull(),
    hold_type: smallint().notNull(),
    parent_hold_id: integer(),
    path: text().notNull(),
    contacts: text().notNull().default(''),
    phone: text().notNull().default(''),
    vip_end_time: date({ mode: 'string' }),
    remark: text().notNull().default(''),
    enter_user_name: text().notNull().default(''),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('hold_path_idx').using('btree', t.path.op('text_pattern_ops')),
    index('hold_parent_idx').on(t.parent_hold_id),
  ],
);

/** Accounts (spec: staff). `user_name` is a login: unique among live rows, without regard to case. */
export const account = pgTable(
  'account',
  {
    user_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    user_name: text().notNull(),
    true_name: text().notNull().default(''),
    password_hash: text().notNull(),
    /** Still the installation's default password: the console warns until it is changed. */
    default_password: boolean().notNull().default(false),
    /** The admin account created with its organisation (deleted with it). */
    hold_admin: boolean().notNull().default(false),
    remark: text().notNull().default(''),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('account_user_name_live_idx')
      .on(sql`lower(${t.user_name})`)
      .where(sql`${t.deleted_at} is null`),
    index('account_hold_idx').on(t.hold_id),
  ],
);

/** Login sessions: only the SHA-256 of the random token is kept. */
export const session = pgTable(
  'session',
  {
    session_id: bigserial({ mode: 'number' }).primaryKey(),
    token_hash: text().notNull(),
    user_id: integer()
      .notNull()
      .references(() => account.user_id),
    hold_id: integer().notNull(),
    remember: boolean().notNull().default(false),
    ip: text().notNull().default(''),
    create_time: createdAt(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('session_token_idx').on(t.token_hash), index('session_user_idx').on(t.user_id)],
);

/**
 * The operation and login log. Names are copied at write time so history never changes.
 * `outcome` tells login attempts apart (success, failure, locked, expired, logout); the lock-out counts failures.
 */
export const sysLog = pgTable(
  'sys_log',
  {
    log_id: bigserial({ mode: 'number' }).primaryKey(),
    log_type: smallint().notNull(),
    hold_id: integer().notNull(),
    hold_name: text().notNull().default(''),
    user_id: integer(),
    user_name: text().notNull().default(''),
    true_name: text().notNull().default(''),
    device_no: text().notNull().default(''),
    log_content: text().notNull().default(''),
    outcome: text(),
    ip: text().notNull().default(''),
    create_time: createdAt(),
  },
  (t) => [
    index('sys_log_hold_time_idx').on(t.hold_id, t.create_time.desc()),
    index('sys_log_login_attempt_idx')
      .on(sql`lower(${t.user_name})`, t.create_time)
      .where(sql`${t.log_type} = 1`),
  ],
);

/**
 * Patrol terminals. `device_no` is the IMEI/SN, stored in upper case and unique among live rows
 * (a deleted IMEI can be registered again). `last_upload_time` is set by the terminals' uploads.
 */
export const device = pgTable(
  'device',
  {
    object_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    device_no: text().notNull(),
    object_name: text().notNull().default(''),
    object_type: smallint().notNull().default(1),
    imei: text().notNull().default(''),
    sim: text().notNull().default(''),
    iccid: text().notNull().default(''),
    remark: text().notNull().default(''),
    create_time: createdAt(),
    deleted_at: deletedAt(),
    last_upload_time: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('device_no_live_idx')
      .on(sql`upper(${t.device_no})`)
      .where(sql`${t.deleted_at} is null`),
    index('device_hold_time_idx').on(t.hold_id, t.create_time.desc()),
  ],
);

/** Patrol points (spec: card). `patrol_sn` is the tag's number: upper case, unique among live rows. */
export const patrolCard = pgTable(
  'patrol_card',
  {
    patrol_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    patrol_sn: text().notNull(),
    patrol_name: text().notNull().default(''),
    location: text().notNull().default(''),
    remark: text().notNull().default(''),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('patrol_card_sn_live_idx')
      .on(sql`upper(${t.patrol_sn})`)
      .where(sql`${t.deleted_at} is null`),
    index('patrol_card_hold_time_idx').on(t.hold_id, t.create_time.desc()),
  ],
);

/**
 * Uploaded spreadsheets kept under `DATA_DIR/uploads/<file_name>`. `file_name` is opaque (128 random bits) and
 * bound to the account that uploaded it: an import names it and only that account may use it (QUALITY.md R10).
 */
export const upload = pgTable(
  'upload',
  {
    file_name: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => account.user_id),
    original_name: text().notNull().default(''),
    size: integer().notNull(),
    create_time: createdAt(),
  },
  (t) => [index('upload_time_idx').on(t.create_time)],
);
