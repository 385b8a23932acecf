import { sql } from 'drizzle-orm';
import { AlertKind, AlertState, CHECKIN_CLOSE_NOTE, LEARN_MAX_ACCURACY, SYSTEM_HANDLER } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { account, alert, checkIn, hold, patrolCard, punch, rosterDuty, sosPress } from '../../db/schema.js';
import { localTime, queryRows } from '../../db/sql.js';

/** The enterprise of an organisation path `/1/5/7/` is its second element (none for the operator). */
const enterpriseOf = (path: ReturnType<typeof sql>) => sql`nullif(split_part(${path}, '/', 3), '')::int`;

/** 报平安's setting for the enterprise above an organisation (off when it has none). */
export async function checkInSetting(q: Queryable, holdId: number) {
  const [row] = await queryRows<{ enabled: boolean; minutes: number | null; grace: number | null }>(
    q,
    sql`select coalesce(e.checkin_enabled, false) as enabled, e.checkin_minutes as minutes, e.checkin_grace as grace
      from ${hold} h left join ${hold} e on e.hold_id = ${enterpriseOf(sql`h.path`)}
      where h.hold_id = ${holdId}`,
  );
  return row ?? { enabled: false, minutes: null, grace: null };
}

/** One account's SOS presses go one at a time (two servers, two presses): a lock held to the end of the transaction. */
export async function lockSos(q: Queryable, userId: number): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(${AlertKind.sos}, ${userId})`);
}

export async function pressById(q: Queryable, userId: number, sosId: string) {
  const [row] = await queryRows<{ alert_id: number | string; state: number }>(
    q,
    sql`select p.alert_id, a.state from ${sosPress} p join ${alert} a on a.alert_id = p.alert_id
      where p.user_id = ${userId} and p.sos_id = ${sosId}`,
  );
  return row && { alert_id: Number(row.alert_id), state: row.state };
}

/** The account's 紧急求助 not yet 已处理, if any. */
export async function openSos(q: Queryable, userId: number) {
  const [row] = await queryRows<{ alert_id: number | string; state: number }>(
    q,
    sql`select alert_id, state from ${alert}
      where user_id = ${userId} and kind = ${AlertKind.sos} and state <> ${AlertState.handled}
      order by alert_id desc limit 1`,
  );
  return row && { alert_id: Number(row.alert_id), state: row.state };
}

export interface Press {
  user_id: number;
  sos_id: string;
  alert_id: number;
  device_no: string;
  press_time: Date;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
}

export async function insertPress(q: Queryable, press: Press): Promise<void> {
  await q.insert(sosPress).values(press).onConflictDoNothing();
}

/** A second press on an open SOS: one more, and its position the latest when it has one. */
export async function addPress(q: Queryable, alertId: number, press: Pick<Press, 'lat' | 'lng' | 'accuracy'>) {
  await q.execute(sql`update ${alert} set press_count = press_count + 1,
      lat = coalesce(${press.lat}::double precision, lat), lng = coalesce(${press.lng}::double precision, lng),
      accuracy = case when ${press.lat}::double precision is null then accuracy else ${press.accuracy}::real end
    where alert_id = ${alertId}`);
}

/**
 * The last punch of a phone (the banner's 最后打卡), or of an account. An account's is read through its own index
 * (user, time). A phone's has none of its own: asked as "newest first, limit 1", PostgreSQL walks the whole
 * table's time index backwards looking for the phone, which on 10M punches took 5 s for a phone with few or no
 * punches (every SOS waited for it). The phone's punches are fenced off first by the punch key's device prefix
 * (one index probe a partition: 4–20 ms on the 10M set), then the newest of them taken.
 */
export async function lastPunch(q: Queryable, tz: string, by: { deviceNo: string } | { userId: number }) {
  const query =
    'deviceNo' in by
      ? sql`with mine as materialized (
          select p.patrol_name, p.patrol_sn, p.punch_time from ${punch} p where p.device_no = ${by.deviceNo})
        select patrol_name, patrol_sn, ${localTime(sql`punch_time`, tz)} as punch_time
        from mine order by mine.punch_time desc limit 1`
      : sql`select p.patrol_name, p.patrol_sn, ${localTime(sql`p.punch_time`, tz)} as punch_time
        from ${punch} p where p.user_id = ${by.userId} order by p.punch_time desc limit 1`;
  const [row] = await queryRows<{ patrol_name: string; patrol_sn: string; punch_time: string }>(q, query);
  return row;
}

/** A 紧急求助 of an account, as its guard sees it. */
export async function sosOf(q: Queryable, tz: string, alertId: number, userId: number) {
  const [row] = await queryRows<{ state: number; responded_by: string; responded_time: string }>(
    q,
    sql`select state, responded_by, coalesce(${localTime(sql`responded_time`, tz)}, '') as responded_time
      from ${alert} where alert_id = ${alertId} and kind = ${AlertKind.sos} and user_id = ${userId}`,
  );
  return row;
}

export async function insertCheckIn(
  q: Queryable,
  row: {
    user_id: number;
    hold_id: number;
    device_no: string;
    checkin_time: Date;
    upload_time: Date;
    lat: number | null;
    lng: number | null;
    accuracy: number | null;
  },
): Promise<void> {
  await q.insert(checkIn).values(row);
}

/** A check-in closes the account's open 未报平安 (已处理 by 系统, 已补报平安); answers their ids. */
export async function closeMissedCheckIns(q: Queryable, userId: number, now: Date): Promise<number[]> {
  const rows = await queryRows<{ alert_id: number | string }>(
    q,
    sql`update ${alert} set state = ${AlertState.handled}, handled_by = ${SYSTEM_HANDLER}, handled_time = ${now},
        note = ${CHECKIN_CLOSE_NOTE}
      where user_id = ${userId} and kind = ${AlertKind.checkIn} and state = ${AlertState.open}
      returning alert_id`,
  );
  return rows.map((row) => Number(row.alert_id));
}

/**
 * The accounts of enterprises with 报平安 on that punched in [from, to): their first and last punch there, the last
 * punch's point, their setting, and where they were last seen (their newest punch or check-in with a position).
 */
export async function accountsOnDuty(q: Queryable, tz: string, day: string, from: Date, to: Date) {
  return queryRows<{
    user_id: number;
    hold_id: number;
    name: string;
    minutes: number | null;
    grace: number | null;
    first_punch: Date | string;
    last_punch: Date | string;
    last_point: string;
    last_text: string;
  }>(
    q,
    sql`
    select a.user_id, a.hold_id, coalesce(nullif(a.true_name, ''), a.user_name) as name,
      e.checkin_minutes as minutes, e.checkin_grace as grace, f.first_punch, l.punch_time as last_punch,
      l.patrol_name as last_point, ${localTime(sql`l.punch_time`, tz)} as last_text
    from ${account} a
    join ${hold} h on h.hold_id = a.hold_id
    join ${hold} e on e.hold_id = ${enterpriseOf(sql`h.path`)} and e.checkin_enabled
    cross join lateral (select min(p.punch_time) as first_punch from ${punch} p
      where p.user_id = a.user_id and p.punch_time >= ${from} and p.punch_time < ${to}) f
    cross join lateral (select p.punch_time, p.patrol_name from ${punch} p
      where p.user_id = a.user_id and p.punch_time >= ${from} and p.punch_time < ${to}
      order by p.punch_time desc limit 1) l
    where a.deleted_at is null and f.first_punch is not null
      and not exists (select 1 from ${rosterDuty} rd where rd.user_id = a.user_id and rd.duty_date = ${day}::date)`,
  );
}

/**
 * The accounts of enterprises with 报平安 on that the roster (SHIFTS.md) puts on duty on `day`: on duty from their
 * 上岗 (the shift's start until they tap it) to their 下岗 (the shift's end until they tap it), with their last
 * punch of the duty and their setting.
 */
export async function accountsOnRoster(q: Queryable, tz: string, day: string) {
  return queryRows<{
    user_id: number;
    hold_id: number;
    name: string;
    minutes: number | null;
    grace: number | null;
    duty_start: Date | string;
    duty_end: Date | string;
    last_point: string | null;
    last_text: string | null;
  }>(
    q,
    sql`
    select a.user_id, a.hold_id, coalesce(nullif(a.true_name, ''), a.user_name) as name,
      e.checkin_minutes as minutes, e.checkin_grace as grace,
      coalesce(rd.on_duty_time, rd.window_start) as duty_start, coalesce(rd.off_duty_time, rd.window_end) as duty_end,
      l.patrol_name as last_point, ${localTime(sql`l.punch_time`, tz)} as last_text
    from ${rosterDuty} rd
    join ${account} a on a.user_id = rd.user_id
    join ${hold} h on h.hold_id = a.hold_id
    join ${hold} e on e.hold_id = ${enterpriseOf(sql`h.path`)} and e.checkin_enabled
    left join lateral (select p.punch_time, p.patrol_name from ${punch} p
      where p.user_id = a.user_id and p.punch_time >= rd.window_start and p.punch_time < rd.window_end
      order by p.punch_time desc limit 1) l on true
    where rd.duty_date = ${day}::date and a.deleted_at is null`,
  );
}

/** When the account's roster duty of today began (its 上岗, else the shift's start), if it has one. */
export async function rosterDutyStart(q: Queryable, userId: number, day: string) {
  const [row] = await queryRows<{ duty_start: Date | string }>(
    q,
    sql`select coalesce(on_duty_time, window_start) as duty_start from ${rosterDuty}
      where user_id = ${userId} and duty_date = ${day}::date`,
  );
  return row ? new Date(row.duty_start) : null;
}

/** Check-ins of these accounts from `from` on, oldest first. */
export async function checkInsSince(q: Queryable, userIds: number[], from: Date) {
  if (userIds.length === 0) return [];
  return queryRows<{ user_id: number; checkin_time: Date | string; lat: number | null; lng: number | null }>(
    q,
    sql`select user_id, checkin_time, lat, lng from ${checkIn}
      where user_id = any(${sql.param(userIds)}::int[]) and checkin_time >= ${from}
      order by user_id, checkin_time`,
  );
}

/**
 * 从打卡学习: the positions of a point's last 20 app punches with an accuracy of 50 m or better. Read through the
 * card's own index (card number, time): by the point's id alone, PostgreSQL walked the whole table's time index
 * backwards for a point with few app punches (seconds on the 10M set), as it did for an SOS's last punch.
 */
export async function positionSamples(q: Queryable, patrolId: number, limit: number) {
  const rows = await queryRows<{ lat: number; lng: number }>(
    q,
    sql`select p.lat, p.lng from ${punch} p
      where p.patrol_sn = (select upper(c.patrol_sn) from ${patrolCard} c where c.patrol_id = ${patrolId})
        and p.patrol_id = ${patrolId} and p.lat is not null and p.lng is not null
        and p.accuracy is not null and p.accuracy <= ${LEARN_MAX_ACCURACY}
      order by p.punch_time desc limit ${limit}`,
  );
  return rows.map((row) => ({ lat: Number(row.lat), lng: Number(row.lng) }));
}

/** A live point with its organisation's path (scope check). */
export async function cardWithPath(q: Queryable, patrolId: number) {
  const [row] = await queryRows<{ patrol_id: number; path: string }>(
    q,
    sql`select c.patrol_id, h.path from ${patrolCard} c join ${hold} h on h.hold_id = c.hold_id
      where c.patrol_id = ${patrolId} and c.deleted_at is null`,
  );
  return row;
}
