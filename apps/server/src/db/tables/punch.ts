// Punches and the counts kept of them by triggers.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /** 0, or the AlertKind it raised: 3 时钟异常, 4 疑似代打 (the record lists' `flag`). */
    flag: smallint().notNull().default(0),
    /** The guard app's 事件上报: a note and up to 3 photos (GUARD-APP.md). */
    note: text().notNull().default(''),
    photo_ids: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** Where the phone was (SAFETY.md; null from a reader or a phone that gave none) and how far from its point. */
    lat: doublePrecision(),
    lng: doublePrecision(),
    accuracy: real(),
    distance_m: integer(),
    /** 检查结果 (INSPECTION.md): null when the point had no checklist, -1 未填写, 0 正常, N 异常 N 项. */
    check_result: smallint(),
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
    // 仅看异常标记: flagged punches are few; the lists read them newest first without scanning the period.
    index('punch_flagged_idx')
      .on(t.hold_id, t.punch_time, t.punch_id)
      .where(sql`${t.flag} <> 0`),
    // 事件记录 reads the punches with a note or photos, newest first: few among many.
    index('punch_event_idx')
      .on(t.hold_id, t.punch_time, t.punch_id)
      .where(sql`${t.note} <> '' or cardinality(${t.photo_ids}) > 0`),
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
 * The devices (number and name) punches carry, each pair once, kept by statement triggers on `punch` (migration
 * 0011): a keyword on 设备号/设备名称 first finds the few devices it names here, then their punches by the primary
 * key's device prefix, instead of reading a month of every organisation's punches. Only ever grows (a superset is
 * enough: the punches' own fields are matched again).
 */
export const punchDevice = pgTable(
  'punch_device',
  {
    device_no: text().notNull(),
    object_name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.device_no, t.object_name] })],
);

/** The accounts (id, login name and name) punches carry, like `punch_device`: 账号/姓名 keywords by `user_id`. */
export const punchPerson = pgTable(
  'punch_person',
  {
    user_id: integer().notNull(),
    user_name: text().notNull(),
    true_name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.user_name, t.true_name] })],
);
