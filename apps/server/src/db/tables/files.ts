// Uploaded spreadsheets and written exports.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { account } from './organisation.js';

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
