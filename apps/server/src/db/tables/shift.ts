// Shifts and the duty roster (SHIFTS.md, 班次与排班): shifts per organisation, who is on duty when, and 上岗/下岗.
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
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
import { account, hold } from './organisation.js';

/** A shift (班次) of an organisation: a daily window in minutes after midnight (end below start: over midnight). */
export const shift = pgTable(
  'shift',
  {
    shift_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    shift_name: text().notNull(),
    start_minute: smallint().notNull(),
    end_minute: smallint().notNull(),
    /** Minutes after the start a 上岗 still counts as on time; nobody by then raises 未到岗. */
    grace_minutes: smallint().notNull().default(0),
    color: text().notNull().default('#1677FF'),
    create_time: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('shift_hold_name_live_idx')
      .on(t.hold_id, t.shift_name)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * The roster (排班表): one row per account and day on duty, with the shift's window as it was when the cell was
 * saved (later edits of the shift move only cells not begun), and the account's 上岗/下岗 once they happened.
 */
export const rosterDuty = pgTable(
  'roster_duty',
  {
    user_id: integer()
      .notNull()
      .references(() => account.user_id),
    duty_date: date({ mode: 'string' }).notNull(),
    shift_id: integer()
      .notNull()
      .references(() => shift.shift_id),
    window_start: timestamp({ withTimezone: true }).notNull(),
    window_end: timestamp({ withTimezone: true }).notNull(),
    grace_minutes: smallint().notNull().default(0),
    on_duty_time: timestamp({ withTimezone: true }),
    off_duty_time: timestamp({ withTimezone: true }),
    on_lat: doublePrecision(),
    on_lng: doublePrecision(),
    off_lat: doublePrecision(),
    off_lng: doublePrecision(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.duty_date] }),
    index('roster_duty_shift_day_idx').on(t.shift_id, t.duty_date),
    // The 未到岗 check reads only cells nobody has come to yet, by their start.
    index('roster_duty_waiting_idx')
      .on(t.window_start)
      .where(sql`${t.on_duty_time} is null`),
  ],
);
