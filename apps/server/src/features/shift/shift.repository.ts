import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { AlertKind } from '@guard-tour/contract';
import { account, alert, hold, patrolRound, road, rosterDuty, shift, task } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';

/** Queries of shifts and the roster (SHIFTS.md). */

export interface ShiftRecord {
  shift_id: number;
  hold_id: number;
  shift_name: string;
  start_minute: number;
  end_minute: number;
  grace_minutes: number;
  color: string;
  path: string;
  hold_name: string;
}

const shiftColumns = sql`s.shift_id, s.hold_id, s.shift_name, s.start_minute, s.end_minute, s.grace_minutes, s.color,
  h.path, h.hold_name`;

/** Live shifts of the organisations on `path` (itself and its ancestors) and, with `below`, of its subtree. */
export function shiftsFor(q: Queryable, path: string, below: boolean, callerPath: string): Promise<ShiftRecord[]> {
  return queryRows<ShiftRecord>(
    q,
    sql`
    select ${shiftColumns} from ${shift} s join ${hold} h on h.hold_id = s.hold_id
    where s.deleted_at is null and starts_with(h.path, ${callerPath})
      and (starts_with(${path}, h.path) ${below ? sql`or starts_with(h.path, ${path})` : sql``})
    order by length(h.path), s.start_minute, s.shift_id`,
  );
}

export function shiftsByIds(q: Queryable, ids: readonly number[]): Promise<ShiftRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<ShiftRecord>(
    q,
    sql`
    select ${shiftColumns} from ${shift} s join ${hold} h on h.hold_id = s.hold_id
    where s.deleted_at is null and s.shift_id = any(${sql.param([...ids])}::int[])`,
  );
}

export async function nameTaken(q: Queryable, holdId: number, name: string, exceptId: number): Promise<boolean> {
  const rows = await queryRows(
    q,
    sql`select 1 from ${shift} where hold_id = ${holdId} and shift_name = ${name} and deleted_at is null
      and shift_id <> ${exceptId}`,
  );
  return rows.length > 0;
}

/** Shifts named by a live road or task, or by the roster from `today` on: these cannot be removed. */
export async function shiftsInUse(q: Queryable, ids: readonly number[], today: string): Promise<number[]> {
  const rows = await queryRows<{ shift_id: number }>(
    q,
    sql`
    select shift_id from ${road} where deleted_at is null and walker_mode = 'shift'
      and shift_id = any(${sql.param([...ids])}::int[])
    union select shift_id from ${task} where deleted_at is null and walker_mode = 'shift'
      and shift_id = any(${sql.param([...ids])}::int[])
    union select shift_id from ${rosterDuty} where duty_date >= ${today}::date
      and shift_id = any(${sql.param([...ids])}::int[])`,
  );
  return rows.map((r) => r.shift_id);
}

/** Accounts (live) of an organisation's subtree, by name. */
export function accountsUnder(q: Queryable, path: string) {
  return queryRows<{ user_id: number; user_name: string; true_name: string; path: string }>(
    q,
    sql`
    select a.user_id, a.user_name, a.true_name, h.path from ${account} a join ${hold} h on h.hold_id = a.hold_id
    where a.deleted_at is null and starts_with(h.path, ${path})
    order by h.path, a.user_id`,
  );
}

/** Accounts by id with their organisation's path (deleted ones too: they are refused as outside). */
export function accountsByIds(q: Queryable, ids: readonly number[]) {
  return queryRows<{ user_id: number; true_name: string; user_name: string; path: string; deleted: boolean }>(
    q,
    sql`
    select a.user_id, a.true_name, a.user_name, h.path, a.deleted_at is not null as deleted
    from ${account} a join ${hold} h on h.hold_id = a.hold_id
    where a.user_id = any(${sql.param([...ids])}::int[])`,
  );
}

export interface DutyRecord {
  user_id: number;
  duty_date: string;
  shift_id: number;
  window_start: Date;
  window_end: Date;
  grace_minutes: number;
  on_duty_time: Date | null;
  off_duty_time: Date | null;
}

function readDuty(row: Record<string, unknown>): DutyRecord {
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    user_id: Number(row.user_id),
    duty_date: String(row.duty_date),
    shift_id: Number(row.shift_id),
    window_start: new Date(row.window_start as string),
    window_end: new Date(row.window_end as string),
    grace_minutes: Number(row.grace_minutes),
    on_duty_time: at(row.on_duty_time),
    off_duty_time: at(row.off_duty_time),
  };
}

const dutyColumns = sql`user_id, to_char(duty_date, 'YYYY-MM-DD') as duty_date, shift_id, window_start, window_end,
  grace_minutes, on_duty_time, off_duty_time`;

export async function dutiesOf(q: Queryable, userIds: readonly number[], from: string, to: string) {
  if (userIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    q,
    sql`select ${dutyColumns} from ${rosterDuty}
      where user_id = any(${sql.param([...userIds])}::int[]) and duty_date between ${from}::date and ${to}::date`,
  );
  return rows.map(readDuty);
}

export interface NewDuty {
  user_id: number;
  duty_date: string;
  shift_id: number;
  window_start: string;
  window_end: string;
  grace_minutes: number;
}

/** Sets cells: a new shift replaces the day's (its 上岗 kept only when the shift stays the same). */
export async function upsertDuties(q: Queryable, duties: readonly NewDuty[]): Promise<void> {
  if (duties.length === 0) return;
  await q.execute(sql`
    insert into ${rosterDuty} (user_id, duty_date, shift_id, window_start, window_end, grace_minutes)
    select user_id, duty_date, shift_id, window_start, window_end, grace_minutes
    from jsonb_to_recordset(${JSON.stringify(duties)}::jsonb) as d(user_id int, duty_date date, shift_id int,
      window_start timestamptz, window_end timestamptz, grace_minutes smallint)
    on conflict (user_id, duty_date) do update set
      shift_id = excluded.shift_id, window_start = excluded.window_start, window_end = excluded.window_end,
      grace_minutes = excluded.grace_minutes,
      on_duty_time = case when ${rosterDuty}.shift_id = excluded.shift_id then ${rosterDuty}.on_duty_time end,
      off_duty_time = case when ${rosterDuty}.shift_id = excluded.shift_id then ${rosterDuty}.off_duty_time end`);
}

export async function removeDuties(q: Queryable, cells: readonly { user_id: number; duty_date: string }[]) {
  if (cells.length === 0) return;
  await q.execute(sql`
    delete from ${rosterDuty} d using jsonb_to_recordset(${JSON.stringify(cells)}::jsonb) as c(user_id int, duty_date date)
    where d.user_id = c.user_id and d.duty_date = c.duty_date`);
}

/**
 * The rounds of roads and tasks walked by shift on these days whose window has not opened yet take the roster as it
 * is now as their responsible accounts (SHIFTS.md: a change before the window opens updates them; after, not).
 */
export async function refreshResponsible(q: Queryable, dates: readonly string[], now: Date): Promise<void> {
  if (dates.length === 0) return;
  await q.execute(sql`
    update ${patrolRound} r set responsible_users = s.users,
      walker_users = case when r.task_id is null then s.users else r.walker_users end
    from (select r2.round_id, coalesce((
      select array_agg(d.user_id order by d.user_id) from ${rosterDuty} d
      where d.shift_id = r2.shift_id and d.duty_date = r2.round_date), '{}') as users
      from ${patrolRound} r2
      where r2.shift_id is not null and r2.round_date = any(${sql.param([...dates])}::date[])
        and r2.window_start > ${now}) s
    where s.round_id = r.round_id
`);
}

/** The accounts on duty in these shifts on these days (what a round made now records as responsible). */
export function onDuty(q: Queryable, shiftIds: readonly number[], dates: readonly string[]) {
  if (shiftIds.length === 0 || dates.length === 0) return Promise.resolve([]);
  return queryRows<{ shift_id: number; duty_date: string; user_ids: number[] }>(
    q,
    sql`
    select shift_id, to_char(duty_date, 'YYYY-MM-DD') as duty_date, array_agg(user_id order by user_id) as user_ids
    from ${rosterDuty}
    where shift_id = any(${sql.param([...shiftIds])}::int[]) and duty_date = any(${sql.param([...dates])}::date[])
    group by shift_id, duty_date`,
  );
}

/** Cells of shifts not begun yet follow an edit of their shift's window and grace. */
export async function moveFutureDuties(
  q: Queryable,
  shiftId: number,
  now: Date,
  tz: string,
  startMinute: number,
  endMinute: number,
  grace: number,
): Promise<void> {
  await q.execute(sql`
    update ${rosterDuty} set grace_minutes = ${grace},
      window_start = (duty_date + make_interval(mins => ${startMinute}))::timestamp at time zone ${tz},
      window_end = (duty_date + make_interval(days => ${endMinute <= startMinute ? 1 : 0}, mins => ${endMinute}))::timestamp
        at time zone ${tz}
    where shift_id = ${shiftId} and window_start > ${now} and on_duty_time is null`);
}

/**
 * Shifts of the last half day that nobody came to by their start plus grace and that have no 未到岗 alert yet:
 * each with its day, window and the accounts that were due.
 */
export function noShows(q: Queryable, now: Date, since: Date, tz: string) {
  return queryRows<{
    shift_id: number;
    duty_date: string;
    hold_id: number;
    shift_name: string;
    window_text: string;
    names: string[];
  }>(
    q,
    sql`
    select d.shift_id, to_char(d.duty_date, 'YYYY-MM-DD') as duty_date, s.hold_id, s.shift_name,
      to_char(min(d.window_start) at time zone ${tz}, 'HH24:MI') || '-' ||
        to_char(max(d.window_end) at time zone ${tz}, 'HH24:MI') as window_text,
      array_agg(coalesce(nullif(a.true_name, ''), a.user_name) order by a.user_id) as names
    from ${rosterDuty} d
    join ${shift} s on s.shift_id = d.shift_id
    join ${account} a on a.user_id = d.user_id
    where d.window_start + make_interval(mins => d.grace_minutes) <= ${now}
      and d.window_start + make_interval(mins => d.grace_minutes) > ${since}
    group by d.shift_id, d.duty_date, s.hold_id, s.shift_name
    having bool_and(d.on_duty_time is null or d.on_duty_time > d.window_start + make_interval(mins => d.grace_minutes))
      and not exists (select 1 from ${alert} al where al.kind = ${AlertKind.noShow}
        and al.subject = 'shift:' || d.shift_id || ':' || to_char(d.duty_date, 'YYYY-MM-DD'))`,
  );
}

/**
 * The month grid's cells of these accounts, each ready to answer: the times as local text and the attendance decided
 * in the query (the same rule as `attendanceOf`), so a month of 500 accounts is read without a Date per cell.
 */
export function monthCells(q: Queryable, userIds: readonly number[], from: string, to: string, now: Date, tz: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  const due = sql`d.window_start + make_interval(mins => d.grace_minutes)`;
  return queryRows<{
    user_id: number;
    date: string;
    shift_id: number;
    on_duty_time: string;
    off_duty_time: string;
    attendance: number;
  }>(
    q,
    sql`
    select d.user_id, to_char(d.duty_date, 'YYYY-MM-DD') as date, d.shift_id,
      coalesce(to_char(d.on_duty_time at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS'), '') as on_duty_time,
      coalesce(to_char(d.off_duty_time at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS'), '') as off_duty_time,
      case
        when d.on_duty_time is not null then
          case when d.on_duty_time <= ${due} then 1 when d.on_duty_time <= d.window_end then 2 else 3 end
        when ${now}::timestamptz > d.window_end then 3
        else 0 end::int as attendance
    from ${rosterDuty} d
    where d.user_id = any(${sql.param([...userIds])}::int[]) and d.duty_date between ${from}::date and ${to}::date`,
  );
}
