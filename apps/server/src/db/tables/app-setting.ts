// Facts about this installation.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Small facts about this installation (for example how far the demo's punches reach). */
export const appSetting = pgTable('app_setting', {
  key: text().primaryKey(),
  value: text().notNull(),
  update_time: createdAt(),
});
