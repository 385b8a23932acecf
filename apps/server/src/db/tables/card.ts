// Patrol points.
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt } from './columns.js';
import { hold } from './organisation.js';

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
    /** The point's checklist template (INSPECTION.md); null when none. */
    checklist_id: integer(),
    /** Where the point is (SAFETY.md): WGS-84 degrees, null until set; a punch farther than `radius` m is 位置异常. */
    lat: doublePrecision(),
    lng: doublePrecision(),
    radius: integer().notNull().default(50),
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
