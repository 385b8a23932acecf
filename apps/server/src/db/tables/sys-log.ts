// The operation and login log.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The operation and login log. Names are copied at write time so history never changes.
 * `outcome` tells login attempts apart (success, failure, locked, expired, denied, logout); the lock-out counts failures.
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
