import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made: set by the database. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** When a row was soft-deleted; null while it lives (DOMAIN.md, Deletion). */
export const deletedAt = () => timestamp({ withTimezone: true });
