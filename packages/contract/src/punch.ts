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
});

/** One record as a terminal sends it; each is checked on its own so one bad record refuses only itself. */
export const punchRecord = z.object({
  patrol_sn: z.string({ error: '缺少卡号 patrol_sn' }),
  punch_time: z.string({ error: '缺少打卡时间 punch_time' }),
  user_name: z.string().refine(withoutNul, '账号包含不允许的字符').nullish(),
});

export interface UploadPunchesResult {
  accepted: number;
  duplicates: number;
  rejected: { index: number; reason: string }[];
}

/** A punch as every record screen shows it (API.md, List rows); names are those at punch time. */
export interface PunchRow {
  punch_id: number;
  create_time: string;
  create_date: string;
  create_htime: string;
  weekly: string;
  patrol_name: string;
  patrol_sn: string;
  location: string;
  device_no: string;
  object_name: string;
  user_name: string;
  true_name: string;
  road_name: string;
  hold_name: string;
  upload_time: string;
}
