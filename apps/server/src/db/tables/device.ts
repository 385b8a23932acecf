// Patrol terminals.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt } from './columns.js';
import { hold } from './organisation.js';

/**
 * Patrol terminals. `device_no` is the IMEI/SN, stored in upper case and unique among live rows
 * (a deleted IMEI can be registered again). `last_upload_time` is set by the terminals' uploads.
 */
export const device = pgTable(
  'device',
  {
    object_id: serial().primaryKey(),
    hold_id: integer()
      .notNull()
      .references(() => hold.hold_id),
    device_no: text().notNull(),
    object_name: text().notNull().default(''),
    object_type: smallint().notNull().default(1),
    imei: text().notNull().default(''),
    sim: text().notNull().default(''),
    iccid: text().notNull().default(''),
    remark: text().notNull().default(''),
    create_time: createdAt(),
    deleted_at: deletedAt(),
    last_upload_time: timestamp({ withTimezone: true }),
    /** The road its newest upload checked: a terminal walking a road in force is watched for silence. */
    last_road_id: integer(),
    /** Its clock's offset from the server's at its last upload that said (`device_time`), in seconds. */
    clock_offset_s: integer(),
  },
  (t) => [
    uniqueIndex('device_no_live_idx')
      .on(sql`upper(${t.device_no})`)
      .where(sql`${t.deleted_at} is null`),
    index('device_hold_time_idx').on(t.hold_id, t.create_time.desc()),
  ],
);

/** What a new device is made of, whether typed on the screen or read from an import. */
export type NewDevice = Required<
  Pick<typeof device.$inferInsert, 'device_no' | 'object_name' | 'object_type' | 'imei' | 'sim' | 'iccid' | 'remark'>
>;
