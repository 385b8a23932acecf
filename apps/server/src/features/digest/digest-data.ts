import { sql } from 'drizzle-orm';
import {
  ALERT_KIND_TEXT,
  ALERT_KINDS,
  AlertKind,
  HazardState,
  type DigestFrequency,
  type DigestSection,
} from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { idArray, localTime, queryRows } from '../../db/sql.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import type { Period } from './digest-period.js';

/**
 * The numbers of one period (DIGESTS.md, Sections), read from the stored rounds, alerts and devices: the same rows
 * 漏检报表 reads, so a report sent at 06:00 and the screen opened at noon agree. Kept with the send as JSON (a retry,
 * and 发送记录, keep what was sent).
 */
export interface DigestData {
  digest_id: number;
  digest_name: string;
  hold_id: number;
  hold_name: string;
  include_children: boolean;
  frequency: DigestFrequency;
  sections: DigestSection[];
  period_start: string;
  period_end: string;
  /** When the numbers were read, local text. */
  read_time: string;
  overview: DigestOverview;
  missed_rounds: MissedRoundLine[];
  /** Incomplete rounds in all (the list above is cut at MAX_MISSED_LINES). */
  missed_total: number;
  alerts: { kind: number; kind_name: string; raised: number; handled: number }[];
  /** 紧急求助 (SAFETY.md) of the period, listed one by one; absent from sends stored before it was read. */
  sos?: SosLine[];
  /** Hazards (INSPECTION.md) of the period; null in sends stored before they were read. */
  hazards: DigestHazards | null;
  devices: SilentDevice[];
}

/** Hazards found and closed in the period, and those still open (and past their deadline) when it was read. */
export interface DigestHazards {
  found: number;
  closed: number;
  open: number;
  overdue: number;
}

export interface SosLine {
  raised_time: string;
  hold_name: string;
  /** Who pressed it (the guard's name, else the phone). */
  who: string;
  /** 待响应, 已响应（name）or 已处理. */
  state: string;
}

export interface DigestOverview {
  rounds_expected: number;
  rounds_done: number;
  points_expected: number;
  on_time: number;
  early: number;
  late: number;
  missed: number;
  /** Checked ÷ expected × 100 to one decimal; null when nothing was expected (无巡检任务). */
  rate: number | null;
  people_active: number;
  devices_active: number;
}

export interface MissedRoundLine {
  round_date: string;
  road_name: string;
  task_name: string;
  window: string;
  walkers: string;
  missed_count: number;
  missed_points: string;
}

export interface SilentDevice {
  device_no: string;
  object_name: string;
  hold_name: string;
  last_upload_time: string;
  silent_hours: number;
}

/** Rounds listed one by one at most (the attachment and the e-mail; the robots show the first 10). */
export const MAX_MISSED_LINES = 1000;
const DEFAULT_OFFLINE_HOURS = 24;

/** The organisations a subscription covers: its own, and with include_children everything below (deleted too). */
export async function coveredHolds(q: Queryable, holdId: number, includeChildren: boolean): Promise<number[]> {
  const rows = await queryRows<{ hold_id: number }>(
    q,
    includeChildren
      ? sql`select h.hold_id from hold h join hold root on root.hold_id = ${holdId}::int
          where starts_with(h.path, root.path)`
      : sql`select hold_id from hold where hold_id = ${holdId}::int`,
  );
  return rows.map((row) => row.hold_id);
}

/** The overview: the same sums as 漏检报表 over the period's stored rounds, and who and what punched. */
export async function overviewOf(q: Queryable, holds: readonly number[], period: Period, tz: string) {
  const [rounds] = await queryRows<
    Omit<DigestOverview, 'people_active' | 'devices_active' | 'rate'> & { checked: number }
  >(
    q,
    sql`select count(*)::int as rounds_expected,
        (count(*) filter (where r.result = 2))::int as rounds_done,
        coalesce(sum(r.points_expected), 0)::int as points_expected,
        coalesce(sum(r.on_time), 0)::int as on_time,
        coalesce(sum(r.early), 0)::int as early,
        coalesce(sum(r.late), 0)::int as late,
        coalesce(sum(r.points_expected - r.points_checked) filter (where r.result is not null), 0)::int as missed,
        coalesce(sum(r.points_checked), 0)::int as checked
      from patrol_round r
      where r.hold_id = any(${idArray(holds)}) and r.round_date between ${period.start}::date and ${period.end}::date`,
  );
  const from = zonedInstant(period.start, 0, tz);
  const to = zonedInstant(addDays(period.end, 1), 0, tz);
  const [active] = await queryRows<{ people: number; devices: number }>(
    q,
    sql`select count(distinct p.user_id)::int as people, count(distinct upper(p.device_no))::int as devices
      from punch p
      where p.hold_id = any(${idArray(holds)}) and p.punch_time >= ${from} and p.punch_time < ${to}`,
  );
  const r = rounds!;
  return {
    rounds_expected: r.rounds_expected,
    rounds_done: r.rounds_done,
    points_expected: r.points_expected,
    on_time: r.on_time,
    early: r.early,
    late: r.late,
    missed: r.missed,
    rate: r.points_expected > 0 ? Math.round((1000 * r.checked) / r.points_expected) / 10 : null,
    people_active: active?.people ?? 0,
    devices_active: active?.devices ?? 0,
  } satisfies DigestOverview;
}

/** Each incomplete round of the period (frozen with a point not checked), oldest first, with its missed points. */
export async function missedRoundsOf(q: Queryable, holds: readonly number[], period: Period, tz: string) {
  const where = sql`r.hold_id = any(${idArray(holds)}) and r.round_date between ${period.start}::date
    and ${period.end}::date and r.result is not null and r.points_expected > r.points_checked`;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    q,
    sql`select count(*)::int as total from patrol_round r where ${where}`,
  );
  const walkers = sql`(case when cardinality(r.punched_users) > 0 then r.punched_users else r.walker_users end)`;
  const lines = await queryRows<MissedRoundLine>(
    q,
    sql`select to_char(r.round_date, 'YYYY-MM-DD') as round_date, coalesce(rd.road_name, '') as road_name,
        coalesce(tk.task_name, '') as task_name,
        substr(${localTime(sql`r.window_start`, tz)}, 12, 5) || '-' ||
          substr(${localTime(sql`(r.window_end - interval '1 minute')`, tz)}, 12, 5) as window,
        coalesce(case when cardinality(${walkers}) > 0 then
            (select string_agg(coalesce(nullif(a.true_name, ''), a.user_name), '、' order by w.n)
             from unnest(${walkers}) with ordinality w(user_id, n) join account a on a.user_id = w.user_id)
          else (select d.object_name from device d where d.object_id = r.walker_device) end, '') as walkers,
        (r.points_expected - r.points_checked)::int as missed_count,
        coalesce((select string_agg(coalesce(nullif(pc.patrol_name, ''), pc.patrol_sn), '、' order by e.n)
           from unnest(r.expected_cards) with ordinality e(patrol_id, n)
           left join patrol_card pc on pc.patrol_id = e.patrol_id
           where not (e.patrol_id = any(r.checked_cards))), '') as missed_points
      from patrol_round r
      left join road rd on rd.road_id = r.road_id
      left join task tk on tk.task_id = r.task_id
      where ${where}
      order by r.round_date, r.window_start, r.round_id
      limit ${MAX_MISSED_LINES}`,
  );
  return { lines, total: Number(total) };
}

/** Alerts raised in the period by kind, and how many of them are handled. */
export async function alertsOf(q: Queryable, holds: readonly number[], period: Period, tz: string) {
  const from = zonedInstant(period.start, 0, tz);
  const to = zonedInstant(addDays(period.end, 1), 0, tz);
  const rows = await queryRows<{ kind: number; raised: number; handled: number }>(
    q,
    sql`select kind::int as kind, count(*)::int as raised, (count(*) filter (where state = 1))::int as handled
      from alert where hold_id = any(${idArray(holds)}) and raised_time >= ${from} and raised_time < ${to}
      group by kind`,
  );
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return ALERT_KINDS.map((kind) => ({
    kind,
    kind_name: ALERT_KIND_TEXT[kind as AlertKind],
    raised: byKind.get(kind)?.raised ?? 0,
    handled: byKind.get(kind)?.handled ?? 0,
  }));
}

/** The period's hazards, read as 隐患管理 reads them: found and closed in it, open and overdue at `now`. */
export async function hazardsOf(q: Queryable, holds: readonly number[], period: Period, tz: string, now: Date) {
  const from = zonedInstant(period.start, 0, tz);
  const to = zonedInstant(addDays(period.end, 1), 0, tz);
  const [row] = await queryRows<DigestHazards>(
    q,
    sql`select (count(*) filter (where found_time >= ${from} and found_time < ${to}))::int as found,
        (count(*) filter (where state = ${HazardState.closed} and closed_time >= ${from} and closed_time < ${to}))::int
          as closed,
        (count(*) filter (where state in (${HazardState.pending}, ${HazardState.fixing}, ${HazardState.review})))::int
          as open,
        (count(*) filter (where state in (${HazardState.pending}, ${HazardState.fixing}, ${HazardState.review})
          and deadline < ${now}::timestamptz))::int as overdue
      from hazard where hold_id = any(${idArray(holds)})`,
  );
  return row ?? { found: 0, closed: 0, open: 0, overdue: 0 };
}

/** Each 紧急求助 raised in the period, oldest first. */
export async function sosOf(q: Queryable, holds: readonly number[], period: Period, tz: string) {
  const from = zonedInstant(period.start, 0, tz);
  const to = zonedInstant(addDays(period.end, 1), 0, tz);
  return queryRows<SosLine>(
    q,
    sql`select ${localTime(sql`a.raised_time`, tz)} as raised_time, coalesce(h.hold_name, '') as hold_name,
        coalesce(nullif(ac.true_name, ''), ac.user_name, a.device_no) as who,
        case when a.state = 1 then '已处理'
             when a.responded_by <> '' then '已响应（' || a.responded_by || '）'
             else '待响应' end as state
      from alert a
      left join hold h on h.hold_id = a.hold_id
      left join account ac on ac.user_id = a.user_id
      where a.kind = ${AlertKind.sos} and a.hold_id = any(${idArray(holds)})
        and a.raised_time >= ${from} and a.raised_time < ${to}
      order by a.raised_time, a.alert_id
      limit ${MAX_MISSED_LINES}`,
  );
}

/**
 * Live terminals bound to a road or task in force (as 终端离线 watches them) silent longer than their enterprise's
 * `offline_hours` at `now`.
 */
export async function silentDevicesOf(q: Queryable, holds: readonly number[], now: Date, tz: string) {
  return queryRows<SilentDevice>(
    q,
    sql`select s.device_no, s.object_name, s.hold_name,
        coalesce(${localTime(sql`s.last_upload_time`, tz)}, '') as last_upload_time,
        floor(extract(epoch from (${now}::timestamptz - s.silent_since)) / 3600)::int as silent_hours
      from (
        select d.device_no, d.object_name, h.hold_name, d.last_upload_time,
          coalesce(d.last_upload_time, d.create_time) as silent_since,
          coalesce(e.offline_hours, ${DEFAULT_OFFLINE_HOURS}) as hours
        from device d
        join hold h on h.hold_id = d.hold_id
        left join hold e on e.hold_id = nullif(split_part(h.path, '/', 3), '')::int
        where d.deleted_at is null and d.hold_id = any(${idArray(holds)})
          and (exists (select 1 from task t join road r on r.road_id = t.road_id
                where t.object_id = d.object_id and t.deleted_at is null and r.deleted_at is null
                  and r.closed_at is null)
            or exists (select 1 from road r where r.road_id = d.last_road_id and r.deleted_at is null
                and r.closed_at is null))
      ) s
      where s.silent_since < ${now}::timestamptz - make_interval(hours => s.hours)
      order by s.silent_since, s.device_no
      limit 500`,
  );
}
