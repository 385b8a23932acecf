import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { PunchRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { account, device, hold, patrolCard, punch } from '../../db/schema.js';
import { punchRowColumns } from '../../db/punch-row.js';
import { inIds, queryRows } from '../../db/sql.js';

/** A live device by its number, with its organisation (the punch's organisation). */
export async function findDeviceByNo(q: Queryable, deviceNo: string) {
  const [row] = await q
    .select({
      object_id: device.object_id,
      object_name: device.object_name,
      device_no: device.device_no,
      hold_id: device.hold_id,
      hold_name: hold.hold_name,
      path: hold.path,
      object_type: device.object_type,
      clock_offset_s: device.clock_offset_s,
    })
    .from(device)
    .innerJoin(hold, eq(hold.hold_id, device.hold_id))
    .where(and(sql`upper(${device.device_no}) = ${deviceNo}`, isNull(device.deleted_at)));
  return row;
}

/** Live points by card number (upper case). */
export async function cardsBySn(q: Queryable, sns: string[]) {
  if (sns.length === 0) return [];
  return q
    .select({
      patrol_id: patrolCard.patrol_id,
      patrol_sn: patrolCard.patrol_sn,
      patrol_name: patrolCard.patrol_name,
      location: patrolCard.location,
    })
    .from(patrolCard)
    .where(and(sql`upper(${patrolCard.patrol_sn}) = any(${sql.param(sns)}::text[])`, isNull(patrolCard.deleted_at)));
}

/** Live accounts by login name, only inside the organisation subtree `path` (DOMAIN.md, Imports). */
export async function accountsInSubtree(q: Queryable, names: string[], path: string) {
  if (names.length === 0) return [];
  return q
    .select({ user_id: account.user_id, user_name: account.user_name, true_name: account.true_name })
    .from(account)
    .innerJoin(hold, eq(hold.hold_id, account.hold_id))
    .where(
      and(
        sql`lower(${account.user_name}) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])`,
        isNull(account.deleted_at),
        sql`${hold.path} like ${`${path}%`}`,
      ),
    );
}

const knownPartitions = new Set<string>();

/**
 * Monthly partitions (UTC months) of the punch table for these instants, made before rows arrive, each in its
 * own statement outside the upload's transaction: two servers making the same one at once is harmless.
 */
export async function ensurePartitions(q: Queryable, instants: Date[]): Promise<void> {
  const months = new Set(instants.map((at) => at.toISOString().slice(0, 7)));
  for (const month of months) {
    if (knownPartitions.has(month)) continue;
    const [year, mon] = month.split('-').map(Number) as [number, number];
    const from = new Date(Date.UTC(year, mon - 1, 1)).toISOString();
    const to = new Date(Date.UTC(year, mon, 1)).toISOString();
    const name = `punch_${month.replace('-', '')}`;
    try {
      await q.execute(
        sql.raw(`create table if not exists ${name} partition of punch for values from ('${from}') to ('${to}')`),
      );
    } catch (error) {
      // Another server made it a moment ago (42P07), or rows of that month already sit in the default partition.
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '42P07' && code !== '23514') throw error;
    }
    knownPartitions.add(month);
  }
}

export interface PunchInsert {
  device_no: string;
  patrol_sn: string;
  punch_time: string;
  upload_time: string;
  hold_id: number;
  hold_name: string;
  object_id: number;
  object_name: string;
  patrol_id: number | null;
  patrol_name: string;
  location: string;
  user_id: number | null;
  user_name: string;
  true_name: string;
  road_id: number | null;
  road_name: string;
  /** The guard app's 事件上报 ('' and none from a reader). */
  note?: string;
  photo_ids?: number[];
}

/**
 * Stores punches in one statement (STACK.md trap 7), the rows as one JSON parameter (serialised natively, where
 * sixteen array parameters would be escaped element by element); a punch already stored with the same
 * (device_no, patrol_sn, punch_time) is skipped. Answers the keys actually stored.
 */
export async function insertPunches(q: Queryable, rows: PunchInsert[]) {
  if (rows.length === 0) return [];
  return queryRows<{ device_no: string; patrol_sn: string; punch_time: Date | string }>(
    q,
    sql`
    insert into punch (device_no, patrol_sn, punch_time, upload_time, hold_id, hold_name, object_id, object_name,
      patrol_id, patrol_name, location, user_id, user_name, true_name, road_id, road_name, note, photo_ids)
    select device_no, patrol_sn, punch_time, upload_time, hold_id, hold_name, object_id, object_name,
      patrol_id, patrol_name, location, user_id, user_name, true_name, road_id, road_name, coalesce(note, ''),
      coalesce(photo_ids, '{}')
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(device_no text, patrol_sn text,
      punch_time timestamptz, upload_time timestamptz, hold_id int, hold_name text, object_id int, object_name text,
      patrol_id int, patrol_name text, location text, user_id int, user_name text, true_name text, road_id int,
      road_name text, note text, photo_ids bigint[])
    on conflict do nothing
    returning device_no, patrol_sn, punch_time`,
  );
}

export async function touchDevice(
  q: Queryable,
  objectId: number,
  now: Date,
  lastRoadId: number | null,
  clockOffsetS: number | null,
): Promise<void> {
  await q
    .update(device)
    .set({
      last_upload_time: now,
      ...(lastRoadId !== null ? { last_road_id: lastRoadId } : {}),
      ...(clockOffsetS !== null ? { clock_offset_s: clockOffsetS } : {}),
    })
    .where(eq(device.object_id, objectId));
}

/** Punches of the organisations in [from, to), newest first, one page, with the exact count. */
export async function punchesBetween(
  q: Queryable,
  tz: string,
  holdIds: number[],
  from: Date,
  to: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: PunchRow[]; total: number }> {
  const where = and(inIds(punch.hold_id, holdIds), gte(punch.punch_time, from), lt(punch.punch_time, to));
  const [{ total } = { total: 0 }] = await q.select({ total: count() }).from(punch).where(where);
  const rows = await q
    .select(punchRowColumns(tz))
    .from(punch)
    .where(where)
    .orderBy(desc(punch.punch_time), desc(punch.punch_id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total };
}
