// Patrol roads, their points and walkers, tasks, and the rounds made from them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { createdAt, deletedAt } from './columns.js';
import { patrolCard } from './card.js';
import { device } from './device.js';
import { account, hold } from './organisation.js';

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
    /**
     * Several windows a day (SHIFTS.md): start, end, start, end … in minutes, sorted, only the last crossing
     * midnight; empty = the one window above. With slots, start_minute/end_minute are the first start and last end.
     */
    time_slots: smallint()
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** Minutes a punch may come before the window opens or after it closes and still check its point (0–120). */
    grace_minutes: smallint().notNull().default(0),
    /** Who walks it (SHIFTS.md): 'accounts' (road_account) or 'shift' (whoever is on duty in `shift_id`). */
    walker_mode: text().notNull().default('accounts'),
    shift_id: integer(),
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
    /** As the road's `time_slots`. */
    time_slots: smallint()
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    grace_minutes: smallint().notNull().default(0),
    /** As the road's. */
    walker_mode: text().notNull().default('accounts'),
    shift_id: integer(),
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
 * Stored rounds: one row per road or task per scheduled day and slot, holding its window, its expected points and
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
    /** Which slot of its day (1-based, in start order; 1 for a road or task with one window): part of its key. */
    slot_no: smallint().notNull().default(1),
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
    /** The road's or task's grace when the round was made: results never follow later edits. */
    grace_minutes: smallint().notNull().default(0),
    /** How many points were checked inside the window (正常), within the grace before it (早到) or after it (迟到). */
    on_time: smallint().notNull().default(0),
    early: smallint().notNull().default(0),
    late: smallint().notNull().default(0),
    /** The accounts whose punches checked points of this round (the report's 巡检人). */
    punched_users: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /**
     * The shift whose accounts on duty walk it (a road or task walked by shift), and those accounts as the roster had
     * them when it was made (a roster change before the window opens updates them): whom 漏检 is charged to.
     */
    shift_id: integer(),
    responsible_users: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** 2 finished or 3 abnormal, frozen at the window's end plus grace; null until then. */
    result: smallint(),
    create_time: createdAt(),
    /** How many points the round expects and has checked, kept by the database from the two arrays. */
    points_expected: integer()
      .notNull()
      .generatedAlwaysAs(sql`cardinality(expected_cards)`),
    points_checked: integer()
      .notNull()
      .generatedAlwaysAs(sql`cardinality(checked_cards)`),
  },
  (t) => [
    uniqueIndex('patrol_round_road_day_idx')
      .on(t.road_id, t.round_date, t.slot_no)
      .where(sql`${t.task_id} is null`),
    uniqueIndex('patrol_round_task_day_idx')
      .on(t.task_id, t.round_date, t.slot_no)
      .where(sql`${t.task_id} is not null`),
    index('patrol_round_window_idx').on(t.window_start, t.window_end),
    // The organisations' rounds of a span. Migration 0012 adds INCLUDE (road_id, result, on_time, early, late,
    // points_expected, points_checked), which drizzle cannot spell: 漏检报表 reads a year of the root scope (730k
    // rounds at 2,000 roads) from the index alone, 558 → 309 ms on PGlite at 1M.
    index('patrol_round_hold_day_idx').on(t.hold_id, t.round_date),
    // The upload matches punches against the rounds of their days only (a year holds ~730k rounds at 2,000 roads).
    index('patrol_round_day_idx').on(t.round_date),
    // The freeze looks only at rounds not frozen yet, every 30 s.
    index('patrol_round_unfrozen_idx')
      .on(t.window_end)
      .where(sql`${t.result} is null`),
    // The 漏检 alert check looks only at abnormal rounds of its lookback, every 30 s.
    index('patrol_round_abnormal_idx')
      .on(t.window_end)
      .where(sql`${t.result} = 3`),
  ],
);

/**
 * The checked points of a round: the first qualifying punch of each (by `punch_time`, however late it arrived) and
 * its account. A point of the round without a row here is pending, or missed once the round is frozen.
 */
export const roundPoint = pgTable(
  'round_point',
  {
    round_id: bigint({ mode: 'number' }).notNull(),
    patrol_id: integer().notNull(),
    punch_time: timestamp({ withTimezone: true }).notNull(),
    user_id: integer(),
  },
  (t) => [primaryKey({ columns: [t.round_id, t.patrol_id] })],
);

/**
 * 漏检报表's rollup of the frozen rounds (issue 31), at three levels (`kind`): 0 per account (0 = every round),
 * organisation, day, road and task (0 = the road's own rounds); 1 the same per month (`round_date` its first day);
 * 2 per account, organisation and day (`road_id`, `task_id` 0). The counts the report adds up. Kept exact by
 * statement triggers on `patrol_round` (migrations 0021, 0024): the freeze, a late upload that decides a frozen
 * round again, an edit or a deletion of a round each apply their change in the same statement; a key whose rounds
 * fall to 0 is removed. An account's rows count the rounds charged to it (the report's 巡检人: those on duty for a
 * round walked by shift, else those who punched it, else the road's accounts). Rounds not frozen yet are read from
 * `patrol_round`.
 */
export const roundDayCount = pgTable(
  'round_day_count',
  {
    kind: smallint().notNull().default(0),
    user_id: integer().notNull(),
    hold_id: integer().notNull(),
    round_date: date({ mode: 'string' }).notNull(),
    road_id: integer().notNull(),
    task_id: integer().notNull(),
    rounds: integer().notNull(),
    rounds_done: integer().notNull(),
    points_expected: integer().notNull(),
    on_time: integer().notNull(),
    early: integer().notNull(),
    late: integer().notNull(),
    missed: integer().notNull(),
    checked: integer().notNull(),
  },
  (t) => [
    // Migration 0024 adds INCLUDE (the counts), which drizzle cannot spell: a year is read from the index alone.
    uniqueIndex('round_day_count_key').on(t.kind, t.user_id, t.hold_id, t.round_date, t.road_id, t.task_id),
  ],
);
