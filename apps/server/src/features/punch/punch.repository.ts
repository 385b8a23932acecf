import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { account, device, hold, patrolCard, punch, road } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';

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

/**
 * Who and what a batch's punches name, in one round trip: live points by card number (upper case), and live
 * accounts by login name only inside the organisation subtree `path` (DOMAIN.md, Imports).
 */
export async function punchNames(q: Queryable, sns: string[], names: string[], path: string) {
  const [row] = await queryRows<{
    cards: { patrol_id: number; patrol_sn: string; lat: number | null; lng: number | null; radius: number }[];
    people: { user_id: number; user_name: string }[];
  }>(
    q,
    sql`
    select
      (select coalesce(json_agg(json_build_object('patrol_id', c.patrol_id, 'patrol_sn', c.patrol_sn,
          'lat', c.lat, 'lng', c.lng, 'radius', c.radius)), '[]')
        from ${patrolCard} c
        where upper(c.patrol_sn) = any(${sql.param(sns)}::text[]) and c.deleted_at is null) as cards,
      (select coalesce(json_agg(json_build_object('user_id', a.user_id, 'user_name', a.user_name)), '[]')
        from ${account} a join ${hold} h on h.hold_id = a.hold_id
        where lower(a.user_name) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])
          and a.deleted_at is null and h.path like ${`${path}%`}) as people`,
  );
  return { cards: row?.cards ?? [], people: row?.people ?? [] };
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

/** The terminal a batch comes from, as each of its punches copies it. */
export interface PunchSource {
  device_no: string;
  upload_time: Date;
  hold_id: number;
  hold_name: string;
  object_id: number;
  object_name: string;
}

/** One punch of a batch: its point, account and road by id (their names are copied as they are now). */
export interface PunchInsert {
  patrol_sn: string;
  /** ISO 8601. */
  punch_time: string;
  patrol_id: number | null;
  user_id: number | null;
  road_id: number | null;
  /** The guard app's 事件上报 ('' and none from a reader). */
  note?: string;
  photo_ids?: number[];
  /** SAFETY.md: the phone's position, its distance from the point, and 10 (位置异常) when too far. */
  lat?: number | null;
  lng?: number | null;
  accuracy?: number | null;
  distance_m?: number | null;
  flag?: number;
  /** INSPECTION.md: abnormal answers given (0 正常), null when none were (未填写 at a point with a checklist). */
  check_result?: number | null;
}

/**
 * Stores a terminal's punches in one statement (STACK.md trap 7): what they share as single parameters, the rows
 * as one JSON parameter (serialised natively, where array parameters would be escaped element by element), the
 * names of their points, accounts and roads copied by joining on the ids; a punch already stored with the same
 * (device_no, patrol_sn, punch_time) is skipped. Answers which rows were stored (by position in `rows`): all of
 * them in the common case, said in one number instead of a thousand rows read back.
 */
export async function insertPunches(q: Queryable, source: PunchSource, rows: PunchInsert[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const [answer] = await queryRows<{ stored: number; positions: number[] | null }>(
    q,
    sql`
    with x as materialized (
      select * from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as (patrol_sn text,
        punch_time timestamptz, patrol_id int, user_id int, road_id int, note text, photo_ids bigint[],
        lat double precision, lng double precision, accuracy real, distance_m int, flag smallint, check_result smallint))
        with ordinality as x(patrol_sn, punch_time, patrol_id, user_id, road_id, note, photo_ids, lat, lng, accuracy,
          distance_m, flag, check_result, position)
    ), stored as (
      insert into ${punch} (device_no, patrol_sn, punch_time, upload_time, hold_id, hold_name, object_id, object_name,
        patrol_id, patrol_name, location, user_id, user_name, true_name, road_id, road_name, note, photo_ids,
        lat, lng, accuracy, distance_m, flag, check_result)
      select ${source.device_no}, x.patrol_sn, x.punch_time, ${source.upload_time}, ${source.hold_id},
        ${source.hold_name}, ${source.object_id}, ${source.object_name}, x.patrol_id, coalesce(c.patrol_name, ''),
        coalesce(c.location, ''), x.user_id, coalesce(a.user_name, ''), coalesce(a.true_name, ''), x.road_id,
        coalesce(r.road_name, ''), coalesce(x.note, ''), coalesce(x.photo_ids, '{}'), x.lat, x.lng, x.accuracy,
        x.distance_m, coalesce(x.flag, 0),
        case when c.checklist_id is null then null else coalesce(x.check_result, -1) end
      from x
      left join ${patrolCard} c on c.patrol_id = x.patrol_id
      left join ${account} a on a.user_id = x.user_id
      left join ${road} r on r.road_id = x.road_id
      on conflict do nothing
      returning patrol_sn, punch_time
    )
    select count(*)::int as stored,
      case when count(*) < ${rows.length} then (
        select coalesce(array_agg(x.position - 1), '{}')
        from stored s join x on x.patrol_sn = s.patrol_sn and x.punch_time = s.punch_time
      ) end as positions
    from stored`,
  );
  if (!answer?.positions) return new Set(rows.keys());
  return new Set(answer.positions.map(Number));
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
