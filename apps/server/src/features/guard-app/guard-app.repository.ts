import { sql } from 'drizzle-orm';
import type { AppRound, EventRow } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import {
  device,
  hold,
  patrolCard,
  patrolRound,
  photo,
  punch,
  road,
  roundPoint,
  session,
  task,
} from '../../db/schema.js';
import { localTime, queryRows } from '../../db/sql.js';

/** A live device by IMEI/SN (upper case) with its type and organisation path, or undefined. */
export async function deviceByNo(q: Queryable, deviceNo: string) {
  const [row] = await queryRows<{ object_id: number; device_no: string; object_type: number; path: string }>(
    q,
    sql`
    select d.object_id, d.device_no, d.object_type, h.path from ${device} d join ${hold} h on h.hold_id = d.hold_id
    where upper(d.device_no) = ${deviceNo} and d.deleted_at is null`,
  );
  return row;
}

/**
 * Today's rounds the account walks: of roads bound to it, or open to anyone (no accounts bound) in its subtree, and
 * of tasks bound to its phone (`phoneId`); each with its points in walking order and when each was first checked,
 * a task's under the task's name. In window order.
 */
export async function roundsOfWalker(
  q: Queryable,
  tz: string,
  walker: { userId: number; holdPath: string; phoneId: number | null },
  day: string,
): Promise<AppRound[]> {
  const rows = await queryRows<AppRound & { round_id: number | string }>(
    q,
    sql`
    select r.round_id, r.road_id, coalesce(t.task_name, rd.road_name) as road_name, r.slot_no::int as slot_no,
      ${localTime(sql`r.window_start`, tz)} as window_start,
      ${localTime(sql`r.window_end`, tz)} as window_end, r.grace_minutes,
      coalesce((
        select json_agg(json_build_object(
          'patrol_id', c.patrol_id, 'patrol_name', c.patrol_name, 'patrol_sn', c.patrol_sn, 'location', c.location,
          'checked_time', ${localTime(sql`rp.punch_time`, tz)}) order by e.position)
        from unnest(r.expected_cards) with ordinality e(patrol_id, position)
        join ${patrolCard} c on c.patrol_id = e.patrol_id
        left join ${roundPoint} rp on rp.round_id = r.round_id and rp.patrol_id = e.patrol_id
      ), '[]'::json) as points
    from ${patrolRound} r
    join ${road} rd on rd.road_id = r.road_id
    join ${hold} h on h.hold_id = r.hold_id
    left join ${task} t on t.task_id = r.task_id
    where r.round_date = ${day}::date
      and (r.task_id is null and (${walker.userId} = any(r.walker_users)
          or (cardinality(r.walker_users) = 0 and h.path like ${walker.holdPath} || '%'))
        or r.task_id is not null and r.walker_device = ${walker.phoneId ?? 0})
    order by r.window_start, r.slot_no, r.round_id`,
  );
  return rows.map((row) => ({ ...row, round_id: Number(row.round_id) }));
}

/** Binds a session to the phone it registered (ROLES.md): the session look-up then checks that phone every time. */
export async function bindSession(q: Queryable, sessionId: number, deviceId: number): Promise<void> {
  await q.execute(sql`update ${session} set device_id = ${deviceId} where session_id = ${sessionId}`);
}

export async function insertPhoto(
  q: Queryable,
  values: { hold_id: number; user_id: number; stored_name: string; mime: string; bytes: number; create_time: Date },
): Promise<number> {
  const [row] = await q.insert(photo).values(values).returning({ photo_id: photo.photo_id });
  return Number(row!.photo_id);
}

/**
 * Photos by id with the path of the organisation whose accounts may see them (the punch's, else the uploader's),
 * and the key of the punch each is attached to (`punch_key` `<device_no>|<patrol_sn>|<epoch ms>`, null while free).
 */
export async function photosByIds(q: Queryable, ids: readonly number[]) {
  const rows = await queryRows<{
    photo_id: number | string;
    user_id: number;
    stored_name: string;
    mime: string;
    punch_key: string | null;
    path: string;
  }>(
    q,
    sql`
    select p.photo_id, p.user_id, p.stored_name, p.mime, h.path,
      case when p.punch_time is null then null
        else p.device_no || '|' || p.patrol_sn || '|' || (extract(epoch from p.punch_time) * 1000)::bigint end
        as punch_key
    from ${photo} p join ${hold} h on h.hold_id = coalesce(p.punch_hold_id, p.hold_id)
    where p.photo_id = any(${sql.param([...ids])}::bigint[])`,
  );
  return rows.map((row) => ({ ...row, photo_id: Number(row.photo_id) }));
}

/**
 * Links photos to the punch they came with (its key and organisation): from then on they are seen as it is. Only
 * a free photo is linked; answers how many were, so that a photo taken by a concurrent batch (or deleted by the
 * clean-up meanwhile) is noticed in the transaction.
 */
export async function linkPhotos(
  q: Queryable,
  links: { photo_id: number; device_no: string; patrol_sn: string; punch_time: string; hold_id: number }[],
): Promise<number> {
  if (links.length === 0) return 0;
  const rows = await queryRows<{ photo_id: string | number }>(
    q,
    sql`
    update ${photo} p set device_no = l.device_no, patrol_sn = l.patrol_sn, punch_time = l.punch_time,
      punch_hold_id = l.hold_id
    from jsonb_to_recordset(${JSON.stringify(links)}::jsonb)
      as l(photo_id bigint, device_no text, patrol_sn text, punch_time timestamptz, hold_id int)
    where p.photo_id = l.photo_id and p.punch_time is null
    returning p.photo_id`,
  );
  return rows.length;
}

/** Deletes up to `limit` photos attached to no punch and uploaded before `before`; answers their file names. */
export async function deleteUnattachedPhotos(q: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ stored_name: string }>(
    q,
    sql`
    delete from ${photo} where photo_id in (
      select photo_id from ${photo} where punch_time is null and create_time < ${before}
      order by photo_id limit ${limit})
    returning stored_name`,
  );
  return rows.map((row) => row.stored_name);
}

/** 事件记录: punches with a note or photos (the partial index `punch_event_idx`), newest first. */
export async function listEvents(
  q: Queryable,
  tz: string,
  filter: { holdIds: number[]; from: Date; to: Date },
  page: { limit: number; offset: number },
): Promise<{ rows: EventRow[]; total: number }> {
  const where = sql`p.hold_id = any(${sql.param(filter.holdIds)}::int[]) and p.punch_time >= ${filter.from}
    and p.punch_time < ${filter.to} and (p.note <> '' or cardinality(p.photo_ids) > 0)`;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from ${punch} p where ${where}`,
  );
  const rows = await queryRows<EventRow>(
    q,
    sql`
    select ${localTime(sql`p.punch_time`, tz)} as punch_time, p.patrol_name, p.patrol_sn, p.user_name, p.true_name,
      p.device_no, p.note, p.photo_ids::int[] as photo_ids, p.hold_name
    from ${punch} p where ${where}
    order by p.punch_time desc, p.punch_id desc
    limit ${page.limit} offset ${page.offset}`,
  );
  return { rows, total: Number(total) };
}
