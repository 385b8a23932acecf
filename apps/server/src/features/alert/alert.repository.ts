import { sql, type SQL } from 'drizzle-orm';
import {
  ALERT_KIND_TEXT,
  AlertKind,
  AlertState,
  DEFAULT_OFFLINE_HOURS,
  SYSTEM_CLOSE_NOTE,
  SYSTEM_HANDLER,
  type AlertRow,
} from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import {
  account,
  alert,
  device,
  hold,
  patrolCard,
  patrolRound,
  road,
  task,
  webhook,
  webhookDelivery,
} from '../../db/schema.js';
import { localTime, queryRows } from '../../db/sql.js';

/** The channel an alert's id is NOTIFYed on when its transaction commits: every server's streams hear it. */
export const ALERT_CHANNEL = 'guard_tour_alert';

/** An alert to raise: `subject` makes it once (with its kind), whichever server raises it first. */
export interface NewAlert {
  kind: AlertKind;
  subject: string;
  hold_id: number;
  road_id?: number | null;
  round_id?: number | null;
  object_id?: number | null;
  device_no?: string;
  patrol_sn?: string;
  detail: string;
  /** SAFETY.md: the guard an alert is about, and his position then. */
  user_id?: number | null;
  lat?: number | null;
  lng?: number | null;
  accuracy?: number | null;
}

/**
 * Raises alerts: an insert that may find the row there already (then nothing happens), an outbox row for every
 * enabled webhook of the alert's organisation or an ancestor that wants its kind, and a NOTIFY of the new ids —
 * all in the caller's transaction, so the alert, its deliveries and its announcement commit together. Answers the
 * ids actually raised.
 */
export async function raise(q: Queryable, alerts: readonly NewAlert[], now: Date): Promise<number[]> {
  if (alerts.length === 0) return [];
  const batch = JSON.stringify(alerts);
  const rows = await queryRows<{ alert_id: number | string }>(
    q,
    sql`
    with raised as (
      insert into ${alert} (kind, subject, hold_id, road_id, round_id, object_id, device_no, patrol_sn, detail,
        raised_time, user_id, lat, lng, accuracy)
      select kind, subject, hold_id, road_id, round_id, object_id, coalesce(device_no, ''), coalesce(patrol_sn, ''),
        detail, ${now}, user_id, lat, lng, accuracy
      from jsonb_to_recordset(${batch}::jsonb) as a(kind smallint, subject text, hold_id int, road_id int,
        round_id bigint, object_id int, device_no text, patrol_sn text, detail text, user_id int,
        lat double precision, lng double precision, accuracy real)
      on conflict (kind, subject) do nothing
      returning alert_id, kind, hold_id
    ), outbox as (
      insert into ${webhookDelivery} (hook_id, alert_id, next_try_time)
      select w.hook_id, r.alert_id, ${now}
      from raised r
      join ${hold} ah on ah.hold_id = r.hold_id
      join ${webhook} w on w.enabled and w.deleted_at is null and r.kind = any(w.kinds)
      join ${hold} wh on wh.hold_id = w.hold_id and ah.path like wh.path || '%'
      returning 1
    )
    select alert_id from raised order by alert_id`,
  );
  const ids = rows.map((row) => Number(row.alert_id));
  if (ids.length > 0) await announce(q, ids);
  return ids;
}

/** NOTIFY payloads stay far below PostgreSQL's 8,000 bytes: ids in chunks. */
const IDS_PER_NOTIFY = 500;

export async function announce(q: Queryable, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
    await q.execute(sql`select pg_notify(${ALERT_CHANNEL}, ${ids.slice(i, i + IDS_PER_NOTIFY).join(',')})`);
  }
}

const kindName = sql<string>`case a.kind ${sql.raw(
  Object.entries(ALERT_KIND_TEXT)
    .map(([kind, text]) => `when ${Number(kind)} then '${text}'`)
    .join(' '),
)} else '' end`;

/** Alert rows as lists, streams and webhooks carry them, with the organisation's path (for scope checks). */
export async function alertRows(
  q: Queryable,
  tz: string,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<(AlertRow & { path: string })[]> {
  const rows = await queryRows<
    AlertRow & { path: string; round_id: number | string | null; alert_id: number | string }
  >(
    q,
    sql`
    select a.alert_id, a.kind, ${kindName} as kind_name, a.state, a.hold_id, h.hold_name, h.path, a.road_id,
      coalesce(r.road_name, '') as road_name, a.round_id, a.device_no, a.patrol_sn, a.detail,
      ${localTime(sql`a.raised_time`, tz)} as raised_time, a.handled_by,
      coalesce(${localTime(sql`a.handled_time`, tz)}, '') as handled_time, a.note,
      coalesce(nullif(u.true_name, ''), u.user_name, '') as true_name, a.lat, a.lng, a.accuracy, a.press_count,
      a.responded_by, coalesce(${localTime(sql`a.responded_time`, tz)}, '') as responded_time
    from ${alert} a
    join ${hold} h on h.hold_id = a.hold_id
    left join ${road} r on r.road_id = a.road_id
    left join ${account} u on u.user_id = a.user_id
    where ${where}
    order by a.raised_time desc, a.alert_id desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  // bigint ids come back as text from node-postgres.
  return rows.map((row) => ({
    ...row,
    alert_id: Number(row.alert_id),
    round_id: row.round_id === null ? null : Number(row.round_id),
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    accuracy: row.accuracy === null ? null : Number(row.accuracy),
    press_count: Number(row.press_count),
  }));
}

export interface AlertFilter {
  holdIds: number[];
  kind?: number;
  state?: number;
  /** Instants bounding `raised_time`: [from, to). */
  from?: Date;
  to?: Date;
}

function filterSql(filter: AlertFilter): SQL {
  const parts = [sql`a.hold_id = any(${sql.param(filter.holdIds)}::int[])`];
  if (filter.kind !== undefined) parts.push(sql`a.kind = ${filter.kind}`);
  if (filter.state !== undefined) parts.push(sql`a.state = ${filter.state}`);
  if (filter.from) parts.push(sql`a.raised_time >= ${filter.from}`);
  if (filter.to) parts.push(sql`a.raised_time < ${filter.to}`);
  return sql.join(parts, sql` and `);
}

export async function listAlerts(
  q: Queryable,
  tz: string,
  filter: AlertFilter,
  page: { limit: number; offset: number },
) {
  const where = filterSql(filter);
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from ${alert} a where ${where}`,
  );
  return { rows: await alertRows(q, tz, where, page), total: Number(total) };
}

/** Unhandled alerts of the organisations under `path` (the bell). */
export async function countOpen(q: Queryable, path: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    q,
    sql`
    select count(*)::int as count from ${alert} a
    where a.state <> ${AlertState.handled}
      and a.hold_id in (select hold_id from ${hold} where path like ${path} || '%')`,
  );
  return Number(row?.count ?? 0);
}

/** The alerts named, with their organisation's path: the caller may handle only those in its scope. */
export async function alertsByIds(q: Queryable, ids: readonly number[]) {
  return queryRows<{ alert_id: number | string; state: number; path: string; kind: number }>(
    q,
    sql`
    select a.alert_id, a.state, a.kind, h.path from ${alert} a join ${hold} h on h.hold_id = a.hold_id
    where a.alert_id = any(${sql.param([...ids])}::bigint[])
    for update of a`,
  );
}

/** Marks unhandled alerts handled; one already handled stays as first handled. Answers the ids changed. */
export async function handle(q: Queryable, ids: readonly number[], by: string, note: string, now: Date) {
  const rows = await queryRows<{ alert_id: number | string }>(
    q,
    sql`
    update ${alert} set state = ${AlertState.handled}, handled_by = ${by}, handled_time = ${now}, note = ${note}
    where alert_id = any(${sql.param([...ids])}::bigint[]) and state <> ${AlertState.handled}
    returning alert_id`,
  );
  return rows.map((row) => Number(row.alert_id));
}

/** Which open 漏检 alerts `closeCompleted` looks at: those of some rounds, or those raised since a moment. */
export type ClosingScope = { roundIds: readonly number[] } | { raisedSince: Date };

/**
 * Closes the open 漏检 alerts of rounds a later upload completed (result 2): state 已处理 by 系统, note
 * 补传后已完成; with `only`, just the alerts of the upload's rounds (its transaction) or those raised lately (an
 * alert raised while an upload completed its round), else every one (the day's check).
 */
export async function closeCompleted(q: Queryable, now: Date, only?: ClosingScope): Promise<void> {
  if (only && 'roundIds' in only && only.roundIds.length === 0) return;
  const narrowed = !only
    ? sql``
    : 'roundIds' in only
      ? sql`and a.round_id = any(${sql.param([...only.roundIds])}::bigint[])`
      : sql`and a.raised_time >= ${only.raisedSince}`;
  await q.execute(sql`
    update ${alert} a set state = ${AlertState.handled}, handled_by = ${SYSTEM_HANDLER}, handled_time = ${now},
      note = ${SYSTEM_CLOSE_NOTE}
    from ${patrolRound} r
    where a.kind = ${AlertKind.missed} and a.state = ${AlertState.open} and r.round_id = a.round_id
      and r.result = 2 ${narrowed}`);
}

/** How many missed points a 漏检 alert names before it says 等 N 个. */
const NAMED_POINTS = 10;

/**
 * Frozen abnormal rounds of the last day without their 漏检 alert yet, with the points they missed: whoever froze
 * them (the freeze timer, a reader's refresh, a restart), the next check raises their alert.
 */
export async function missedRoundsToAlert(q: Queryable, since: Date, tz: string) {
  return queryRows<{
    round_id: number | string;
    hold_id: number;
    road_id: number;
    subject_name: string;
    round_date: string;
    window_text: string;
    missed: string[];
    responsible: string[];
  }>(
    q,
    sql`
    select r.round_id, r.hold_id, r.road_id, coalesce(t.task_name, rd.road_name) as subject_name,
      to_char(r.round_date, 'YYYY-MM-DD') as round_date,
      to_char(r.window_start at time zone ${tz}, 'HH24:MI') || '-' || to_char(r.window_end at time zone ${tz}, 'HH24:MI')
        as window_text,
      array(
        select c.patrol_name || '（' || c.patrol_sn || '）'
        from unnest(r.expected_cards) with ordinality e(patrol_id, position)
        join ${patrolCard} c on c.patrol_id = e.patrol_id
        where not e.patrol_id = any(r.checked_cards)
        order by e.position
      ) as missed,
      array(
        select coalesce(nullif(a.true_name, ''), a.user_name)
        from unnest(case when r.shift_id is not null then r.responsible_users else '{}'::int[] end)
          with ordinality x(user_id, n)
        join ${account} a on a.user_id = x.user_id
        order by x.n
      ) as responsible
    from ${patrolRound} r
    join ${road} rd on rd.road_id = r.road_id
    left join ${task} t on t.task_id = r.task_id
    where r.result = 3 and r.window_end >= ${since}
      and not exists (select 1 from ${alert} a where a.round_id = r.round_id and a.kind = ${AlertKind.missed})
    order by r.round_id`,
  );
}

/** The detail of a 漏检 alert: the road or task, its day and window, and the points missed. */
export function missedDetail(row: {
  subject_name: string;
  round_date: string;
  window_text: string;
  missed: string[];
  responsible?: string[];
}) {
  const named = row.missed.slice(0, NAMED_POINTS).join('、');
  const more = row.missed.length > NAMED_POINTS ? ` 等 ${row.missed.length} 个` : '';
  // A round walked by shift names those on duty (SHIFTS.md).
  const duty = row.responsible?.length ? `（责任人：${row.responsible.join('、')}）` : '';
  return `${row.subject_name} ${row.round_date} ${row.window_text} 漏检 ${row.missed.length} 个巡检点：${named}${more}${duty}`;
}

/**
 * Live terminals bound to a road or task in force (named by a live task of an open road, or whose newest upload
 * checked an open road) that have been silent longer than their enterprise's `offline_hours`, and are not
 * alerted for this silent spell yet. A terminal that never uploaded is silent since it was registered.
 */
export async function silentDevices(q: Queryable, now: Date, today: string) {
  return queryRows<{
    object_id: number;
    hold_id: number;
    device_no: string;
    object_name: string;
    road_id: number | null;
    silent_since: string;
    hours: number;
    spell: string;
  }>(
    q,
    sql`
    select * from (
      select d.object_id, d.hold_id, d.device_no, d.object_name,
        coalesce(d.last_road_id, (select t.road_id from ${task} t where t.object_id = d.object_id
          and t.deleted_at is null order by t.task_id limit 1)) as road_id,
        coalesce(d.last_upload_time, d.create_time) as silent_since,
        coalesce(e.offline_hours, ${DEFAULT_OFFLINE_HOURS}) as hours,
        extract(epoch from coalesce(d.last_upload_time, d.create_time))::bigint::text as spell
      from ${device} d
      join ${hold} h on h.hold_id = d.hold_id
      left join ${hold} e on e.hold_id = nullif(split_part(h.path, '/', 3), '')::int
      where d.deleted_at is null
        and (
          exists (select 1 from ${task} t join ${road} r on r.road_id = t.road_id
            where t.object_id = d.object_id and t.deleted_at is null and r.deleted_at is null and r.closed_at is null
              and (t.expire_date is null or t.expire_date >= ${today}::date))
          or exists (select 1 from ${road} r where r.road_id = d.last_road_id
            and r.deleted_at is null and r.closed_at is null)
        )
    ) s
    where s.silent_since < ${now}::timestamptz - make_interval(hours => s.hours)
      and not exists (select 1 from ${alert} a where a.kind = ${AlertKind.offline}
        and a.subject = 'device:' || s.object_id || ':' || s.spell)`,
  );
}

/** An enterprise's alert settings (`offline_hours`, null: the default). */
export async function enterpriseSettings(q: Queryable, holdId: number) {
  const [row] = await queryRows<{
    hold_id: number;
    hold_name: string;
    hold_type: number;
    offline_hours: number | null;
    checkin_enabled: boolean;
    checkin_minutes: number | null;
    checkin_grace: number | null;
  }>(
    q,
    sql`select hold_id, hold_name, hold_type, offline_hours, checkin_enabled, checkin_minutes, checkin_grace
      from ${hold} where hold_id = ${holdId}`,
  );
  return row;
}

export async function saveOfflineHours(q: Queryable, holdId: number, hours: number): Promise<void> {
  await q.execute(sql`update ${hold} set offline_hours = ${hours} where hold_id = ${holdId}`);
}

/** 报平安's setting of an enterprise. */
export async function saveCheckInSettings(
  q: Queryable,
  holdId: number,
  value: { enabled: boolean; minutes: number; grace: number },
): Promise<void> {
  await q.execute(sql`update ${hold} set checkin_enabled = ${value.enabled}, checkin_minutes = ${value.minutes},
    checkin_grace = ${value.grace} where hold_id = ${holdId}`);
}

/** 已响应 on an open 紧急求助: who and when. */
export async function respond(q: Queryable, alertId: number, by: string, now: Date): Promise<void> {
  await q.execute(sql`update ${alert} set state = ${AlertState.responded}, responded_by = ${by}, responded_time = ${now}
    where alert_id = ${alertId} and state = ${AlertState.open}`);
}
