import { z } from 'zod';
import { withoutNul } from './common.js';

/** The terminals' upload (API.md, Device upload). */
export const MAX_UPLOAD_RECORDS = 1000;

export const uploadPunchesInput = z.object({
  device_no: z
    .string({ error: '请提供设备IMEI/SN' })
    .trim()
    .min(1, '请提供设备IMEI/SN')
    .max(64, '设备IMEI/SN格式不正确'),
  records: z
    .array(z.unknown(), { error: '请提供打卡记录列表 records' })
    .max(MAX_UPLOAD_RECORDS, `每次最多上传 ${MAX_UPLOAD_RECORDS} 条记录`),
  /**
   * Optional: the terminal's clock when it sent the batch (local time or ISO 8601). A clock that moved more than
   * 30 minutes from its earlier uploads raises 时钟异常.
   */
  device_time: z.string().max(40).nullish().catch(undefined),
});

/** One record as a terminal sends it; each is checked on its own so one bad record refuses only itself. */
export const punchRecord = z.object({
  patrol_sn: z.string({ error: '缺少卡号 patrol_sn' }),
  punch_time: z.string({ error: '缺少打卡时间 punch_time' }),
  user_name: z.string().refine(withoutNul, '账号包含不允许的字符').nullish(),
});

/** The upload's answer: punches stored, punches already stored (or sent twice), and the records refused. */
export const uploadPunchesResult = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  /** A refused record: its index in `records` and why. */
  rejected: z.array(z.object({ index: z.number(), reason: z.string() })),
});
export type UploadPunchesResult = z.infer<typeof uploadPunchesResult>;

/**
 * A punch as every record screen shows it (API.md, List rows); names are those at punch time, '' when none. A
 * plain object of primitives: the record lists are the hottest calls.
 */
export const punchRow = z.object({
  punch_id: z.number(),
  create_time: z.string(),
  create_date: z.string(),
  create_htime: z.string(),
  weekly: z.string(),
  patrol_name: z.string(),
  patrol_sn: z.string(),
  location: z.string(),
  device_no: z.string(),
  object_name: z.string(),
  user_name: z.string(),
  true_name: z.string(),
  road_name: z.string(),
  hold_name: z.string(),
  upload_time: z.string(),
  /** '' or the alert it raised: 疑似代打 or 时钟异常 (ACCOUNTABILITY.md, Alerts). */
  flag: z.string(),
  /** The guard's 事件上报 note ('' when none) and photos (GUARD-APP.md). */
  note: z.string(),
  photo_ids: z.array(z.number()),
  /** Where the phone was and how far from its point (SAFETY.md): null when unknown (打卡数据 shows 无定位). */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  distance_m: z.number().nullable(),
  /** 检查结果 (INSPECTION.md): '' (no template), 正常, 异常 N 项 or 未填写. */
  check_result: z.string(),
});
export type PunchRow = z.infer<typeof punchRow>;
