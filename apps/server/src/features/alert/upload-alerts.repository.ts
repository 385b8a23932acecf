import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { punch } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';

/** A stored punch of one device, by its key in the punch table (device, card, time). */
export interface DevicePunch {
  patrol_sn: string;
  /** ISO 8601. */
  punch_time: string;
}

/**
 * A device's punches in [from, to] stored by earlier uploads (not the one at `uploadTime`, whose punches the caller
 * has): the primary key's device prefix, in the months the span touches.
 */
export async function punchesAround(
  q: Queryable,
  deviceNo: string,
  span: { from: Date; to: Date },
  uploadTime: Date,
): Promise<DevicePunch[]> {
  const rows = await queryRows<{ patrol_sn: string; punch_time: string | Date }>(
    q,
    sql`
    select patrol_sn, punch_time from ${punch}
    where device_no = ${deviceNo} and punch_time >= ${span.from} and punch_time <= ${span.to}
      and upload_time <> ${uploadTime}`,
  );
  return rows.map((row) => ({ patrol_sn: row.patrol_sn, punch_time: new Date(row.punch_time).toISOString() }));
}

/** Marks punches with the alert kind they raised; a punch keeps the first flag it got. */
export async function flagPunches(q: Queryable, deviceNo: string, punches: DevicePunch[], flag: number) {
  if (punches.length === 0) return;
  await q.execute(sql`
    update ${punch} p set flag = ${flag}
    from jsonb_to_recordset(${JSON.stringify(punches)}::jsonb) as f(patrol_sn text, punch_time timestamptz)
    where p.device_no = ${deviceNo} and p.patrol_sn = f.patrol_sn and p.punch_time = f.punch_time and p.flag = 0`);
}
