// A guard alone at night (SAFETY.md): the presses of SOS and the check-ins (报平安).
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Every SOS press by the phone's own id: a resend after a lost answer finds its press here and answers the same
 * alert; a new press while the account's SOS is open is a new row pointing at that alert.
 */
export const sosPress = pgTable(
  'sos_press',
  {
    user_id: integer().notNull(),
    sos_id: text().notNull(),
    alert_id: bigint({ mode: 'number' }).notNull(),
    device_no: text().notNull(),
    /** The phone's clock at the press, and where it was (null when the browser gave nothing). */
    press_time: timestamp({ withTimezone: true }).notNull(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    accuracy: real(),
    create_time: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.sos_id] })],
);

/** 我很安全: one row per check-in, kept with the account (its position is personal data, shown only in scope). */
export const checkIn = pgTable(
  'check_in',
  {
    checkin_id: bigserial({ mode: 'number' }).primaryKey(),
    user_id: integer().notNull(),
    hold_id: integer().notNull(),
    device_no: text().notNull(),
    /** The phone's clock when the guard tapped (the interval is measured on it) and the server's on arrival. */
    checkin_time: timestamp({ withTimezone: true }).notNull(),
    upload_time: timestamp({ withTimezone: true }).notNull(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    accuracy: real(),
  },
  (t) => [index('check_in_user_time_idx').on(t.user_id, t.checkin_time)],
);
