import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
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

/**
 * Patrol roads: a schedule (cycle, items, window) over ordered points, walked by bound accounts.
 * Cycle items are numbers (weekdays 1–7, month days 1–31); the window is minutes after midnight, null = open.
 */
export const road = pgTable(
  'road',
  {
    road_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    road_name: text().notNull(),
    cycle_repeat_type: smallint().notNull().default(1),
    cycle_items: smallint()
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    start_minute: smallint(),
    end_minute: smallint(),
    remark: text().notNull().default(''),
    closed_at: timestamp({ withTimezone: true }),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [index('road_hold_time_idx').on(t.hold_id, t.create_time.desc())],
);

/** A road's points, in walking order. */
export const roadCard = pgTable(
  'road_card',
  {
    road_id: integer()
      .notNull()
      .references(() => road.road_id),
    patrol_id: integer()
      .notNull()
      .references(() => patrolCard.patrol_id),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.road_id, t.patrol_id] }), index('road_card_patrol_idx').on(t.patrol_id)],
);

/** The accounts that walk a road (none: any account or device may). */
export const roadAccount = pgTable(
  'road_account',
  {
    road_id: integer()
      .notNull()
      .references(() => road.road_id),
    user_id: integer()
      .notNull()
      .references(() => account.user_id),
  },
  (t) => [primaryKey({ columns: [t.road_id, t.user_id] }), index('road_account_user_idx').on(t.user_id)],
);

/** A road assigned to one patrol terminal with its own cycle, window and expiry. */
export const task = pgTable(
  'task',
  {
    task_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    task_name: text().notNull(),
    road_id: integer()
      .notNull()
      .references(() => road.road_id),
    object_id: integer()
      .notNull()
      .references(() => device.object_id),
    cycle_repeat_mode: smallint().notNull().default(2),
    cycle_items: smallint()
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** A single task's day. */
    single_date: date({ mode: 'string' }),
    start_minute: smallint(),
    end_minute: smallint(),
    expire_date: date({ mode: 'string' }),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('task_hold_time_idx').on(t.hold_id, t.create_time.desc()),
    index('task_road_idx').on(t.road_id),
    index('task_device_idx').on(t.object_id),
  ],
);

/**
 * Stored rounds: one row per road or task per scheduled day, holding its window, its expected points and
 * walkers as they were that day, the points checked so far and, once the window has ended, the frozen result.
 */
export const patrolRound = pgTable(
  'patrol_round',
  {
    round_id: bigserial({ mode: 'number' }).primaryKey(),
    road_id: integer()
      .notNull()
      .references(() => road.road_id),
    task_id: integer().references(() => task.task_id),
    hold_id: integer().notNull(),
    round_date: date({ mode: 'string' }).notNull(),
    window_start: timestamp({ withTimezone: true }).notNull(),
    window_end: timestamp({ withTimezone: true }).notNull(),
    expected_cards: integer().array().notNull(),
    /** Road rounds: the bound accounts (empty = anyone). */
    walker_users: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Task rounds: the task's device. */
    walker_device: integer(),
    checked_cards: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** 2 finished or 3 abnormal, frozen when the window has ended; null while open. */
    result: smallint(),
    create_time: createdAt(),
  },
  (t) => [
    uniqueIndex('patrol_round_road_day_idx')
      .on(t.road_id, t.round_date)
      .where(sql`${t.task_id} is null`),
    uniqueIndex('patrol_round_task_day_idx')
      .on(t.task_id, t.round_date)
      .where(sql`${t.task_id} is not null`),
    index('patrol_round_window_idx').on(t.window_start, t.window_end),
    index('patrol_round_hold_day_idx').on(t.hold_id, t.round_date),
    // The upload matches punches against the rounds of their days only (a year holds ~730k rounds at 2,000 roads).
    index('patrol_round_day_idx').on(t.round_date),
  ],
);

/**
 * Punches, partitioned by month of `punch_time` (see the migration): the terminal's clock (`punch_time`, what
 * screens show) and the server's (`upload_time`), with every name copied as it was at upload time.
 * Idempotent on (device_no, patrol_sn, punch_time).
 */
export const punch = pgTable(
  'punch',
  {
    punch_id: bigserial({ mode: 'number' }).notNull(),
    device_no: text().notNull(),
    patrol_sn: text().notNull(),
    punch_time: timestamp({ withTimezone: true }).notNull(),
    upload_time: timestamp({ withTimezone: true }).notNull(),
    hold_id: integer().notNull(),
    hold_name: text().notNull().default(''),
    object_id: integer(),
    object_name: text().notNull().default(''),
    patrol_id: integer(),
    patrol_name: text().notNull().default(''),
    location: text().notNull().default(''),
    user_id: integer(),
    user_name: text().notNull().default(''),
    true_name: text().notNull().default(''),
    road_id: integer(),
    road_name: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.device_no, t.patrol_sn, t.punch_time] }),
    // Record lists and exports read newest first (punch_time desc, punch_id desc): these indexes, scanned
    // backwards, give exactly that order (an index on `punch_time DESC NULLS LAST` cannot), for one organisation
    // and for many, so a page or an export batch stops after its rows instead of sorting the whole period.
    index('punch_hold_time_id_idx').on(t.hold_id, t.punch_time, t.punch_id),
    index('punch_time_id_idx').on(t.punch_time, t.punch_id),
    index('punch_card_time_idx').on(t.patrol_sn, t.punch_time.desc()),
    index('punch_user_time_idx').on(t.user_id, t.punch_time.desc()),
  ],
);

/**
 * The exact number of punches per organisation and 15-minute bucket of `punch_time` (UTC, from 2000-01-01),
 * kept by statement triggers on `punch` (see the migration), so a record list's `total` sums a few hundred rows
 * instead of counting a month of punches. Every time zone's midnight falls on a 15-minute boundary, so a list's
 * span (local days) is whole buckets; keyword filters still count the punches themselves.
 */
export const punchCount = pgTable(
  'punch_count',
  {
    hold_id: integer().notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hold_id, t.bucket] })],
);

/**
 * The exact number of punches per local day (in the zone of `card_day_zone`), card number and organisation, kept
 * by statement triggers on `punch` like `punch_count` (see migration 0007), so 巡检点统计 without keywords pages
 * and counts its (day, card) rows from this table instead of aggregating a month of punches. A row whose count
 * falls to 0 is removed, so every row stands for punches. The key's index runs newest day first, then by card:
 * the statistics' own order (`DESC NULLS FIRST` is what `order by day desc` means, so the index serves it).
 */
export const cardDayCount = pgTable(
  'card_day_count',
  {
    day: date({ mode: 'string' }).notNull(),
    patrol_sn: text().notNull(),
    hold_id: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [
    uniqueIndex('card_day_count_key').on(t.day.desc().nullsFirst(), t.patrol_sn, t.hold_id),
    // One organisation's (a department's) days, without walking every organisation's cards of the period.
    index('card_day_count_hold_idx').on(t.hold_id, t.day.desc().nullsFirst(), t.patrol_sn),
  ],
);

/**
 * The one time zone `card_day_count` is built in (its triggers read it). Start-up rebuilds the counts when the
 * configured zone differs (db/card-days.ts).
 */
export const cardDayZone = pgTable(
  'card_day_zone',
  {
    one: boolean().primaryKey().default(true),
    tz: text().notNull(),
  },
  (t) => [check('card_day_zone_one', sql`${t.one}`)],
);

/**
 * Export files under `DATA_DIR/exports/<file_name>`: the name is the download capability (128 random bits),
 * valid until `expires_at`, recorded with the account that made it.
 */
export const exportFile = pgTable(
  'export_file',
  {
    file_name: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => account.user_id),
    hold_id: integer().notNull(),
    /** The screen's Chinese name, used in the download's Content-Disposition. */
    title: text().notNull(),
    row_count: integer().notNull(),
    create_time: createdAt(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('export_file_expires_idx').on(t.expires_at)],
);

/** Small facts about this installation (for example how far the demo's punches reach). */
export const appSetting = pgTable('app_setting', {
  key: text().primaryKey(),
  value: text().notNull(),
  update_time: createdAt(),
});
