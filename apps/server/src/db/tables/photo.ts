// Photos of the guard app's 事件上报 (GUARD-APP.md).
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * A photo a guard took at a point: stored under `DATA_DIR/uploads/photos/<stored_name>`, uploaded by an account of
 * `hold_id`, and once sent with a punch, that punch's key (device, card, time): it is shown to the accounts whose
 * scope covers the punch's organisation (or, before that, the uploader's).
 */
export const photo = pgTable(
  'photo',
  {
    photo_id: bigserial({ mode: 'number' }).primaryKey(),
    hold_id: integer().notNull(),
    user_id: integer().notNull(),
    stored_name: text().notNull(),
    mime: text().notNull(),
    bytes: integer().notNull(),
    device_no: text(),
    patrol_sn: text(),
    punch_time: timestamp({ withTimezone: true }),
    /** The punch's organisation once it is sent with one. */
    punch_hold_id: integer(),
    create_time: createdAt(),
  },
  (t) => [index('photo_user_idx').on(t.user_id)],
);
