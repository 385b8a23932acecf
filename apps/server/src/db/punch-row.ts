import { sql } from 'drizzle-orm';
import { ALERT_KIND_TEXT, AlertKind, CHECK_RESULT } from '@guard-tour/contract';
import { punch } from './schema.js';

/**
 * The columns of a punch row (API.md, List rows; `punchRow` of the contract), times in the deployment zone:
 * selected by the punch feature (the dashboard's punches) and the record lists and exports alike, so they live
 * here, owned by neither.
 */
export function punchRowColumns(tz: string) {
  const local = sql`(${punch.punch_time} at time zone ${tz})`;
  return {
    punch_id: punch.punch_id,
    create_time: sql<string>`to_char(${local}, 'YYYY-MM-DD HH24:MI:SS')`,
    create_date: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
    create_htime: sql<string>`to_char(${local}, 'HH24:MI:SS')`,
    weekly: sql<string>`(array['周一','周二','周三','周四','周五','周六','周日'])[extract(isodow from ${local})::int]`,
    patrol_name: punch.patrol_name,
    patrol_sn: punch.patrol_sn,
    location: punch.location,
    device_no: punch.device_no,
    object_name: punch.object_name,
    user_name: punch.user_name,
    true_name: punch.true_name,
    road_name: punch.road_name,
    hold_name: punch.hold_name,
    upload_time: sql<string>`to_char(${punch.upload_time} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`,
    flag: sql<string>`case ${punch.flag} ${sql.raw(
      [AlertKind.clock, AlertKind.proxy, AlertKind.position]
        .map((kind) => `when ${kind} then '${ALERT_KIND_TEXT[kind]}'`)
        .join(' '),
    )} else '' end`,
    note: punch.note,
    // bigint ids come back as text from node-postgres; an int array reads as numbers on both drivers.
    photo_ids: sql<number[]>`${punch.photo_ids}::int[]`,
    // SAFETY.md: where the phone was and how far from its point (null when unknown; 打卡数据 shows 无定位).
    lat: sql<number | null>`${punch.lat}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    lng: sql<number | null>`${punch.lng}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    distance_m: punch.distance_m,
    // 检查结果 (INSPECTION.md): '' when the point had no checklist, 未填写, 正常 or 异常 N 项.
    check_result: sql<string>`case when ${punch.check_result} is null then '' when ${punch.check_result} < 0 then '${sql.raw(
      CHECK_RESULT.unanswered,
    )}' when ${punch.check_result} = 0 then '${sql.raw(CHECK_RESULT.normal)}' else '异常 ' || ${punch.check_result} || ' 项' end`,
  };
}
