import { z } from 'zod';
import {
  id,
  includeChildren,
  internal,
  isCalendarDate,
  optionalHoldId,
  withoutNul,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';
import { answersInput, pointChecklist } from './inspection.js';
import { punchRecord, uploadPunchesInput } from './punch.js';
import { positionFields } from './safety.js';

/**
 * The guard app (GUARD-APP.md and its pinned calls): a phone registered as a terminal, today's rounds of the
 * account, punches with notes and photos, and the console's 事件记录.
 */

/** A phone's terminal type in 设备管理 (a hardware reader is 1). */
export const PHONE_OBJECT_TYPE = 2;
/** A phone's IMEI/SN: this prefix and the app's own id, upper-cased. */
export const APP_DEVICE_PREFIX = 'APP-';
export const MAX_EVENT_NOTE = 500;
export const MAX_PHOTOS_PER_PUNCH = 3;
/** What a photo may weigh as uploaded (the app shrinks them to ≤ 500 kB first). */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

export const guardAppMessages = {
  badAppId: '手机标识格式不正确（16-28位字母、数字、-、_）',
  appElsewhere: '该手机已登记在其他组织，请联系管理员',
  notAppDevice: '该设备不是本组织登记的巡检手机，请重新登录',
  badNote: '事件说明包含不允许的字符',
  noteTooLong: `事件说明不能超过 ${MAX_EVENT_NOTE} 个字`,
  badPhotos: `每个巡检点最多上传 ${MAX_PHOTOS_PER_PUNCH} 张照片`,
  photoMissing: '照片不存在或已删除',
  photoTooLarge: '照片不能超过2M',
  photoNotImage: '只能上传 JPEG、PNG 或 WebP 图片',
  photoRequired: '请选择要上传的照片',
  /** A session that has not registered its phone names one (AppPunches, AppRounds with device_no). */
  registerFirst: '请先登记本手机',
  photoNotYours: '只能使用本账号上传的照片',
  photoUsed: '照片已用于其他打卡记录，不能重复使用',
  badDate: '日期格式应为 YYYY-MM-DD',
  endBeforeStart: '结束日期不能早于开始日期',
} as const;

export const registerAppInput = z.object({
  app_id: z
    .string({ error: guardAppMessages.badAppId })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,28}$/, guardAppMessages.badAppId),
});
export type RegisterAppInput = z.input<typeof registerAppInput>;
export const registeredApp = z.object({ object_id: z.number(), device_no: z.string() });
export type RegisteredApp = z.infer<typeof registeredApp>;

/** `AppRounds`' query: the phone asking, whose tasks (任务管理 binds a task to a terminal) join its rounds. */
export const appRoundsQuery = z.object({
  device_no: z.string().trim().max(64).optional().catch(undefined),
});

export const appRoundPoint = z.object({
  patrol_id: z.number(),
  patrol_name: z.string(),
  patrol_sn: z.string(),
  location: z.string(),
  /** Local `YYYY-MM-DD HH:mm:ss` of the first qualifying punch; null until checked. */
  checked_time: z.string().nullable(),
  /** The point's checklist (INSPECTION.md), null when it has none. */
  checklist: pointChecklist.nullable(),
});
export type AppRoundPoint = z.infer<typeof appRoundPoint>;

/** One of today's rounds the caller walks, its points in walking order. Times are local `YYYY-MM-DD HH:mm:ss`. */
export const appRound = z.object({
  round_id: z.number(),
  road_id: z.number(),
  road_name: z.string(),
  /** The slot of its day (1-based): a road walked in several slots a day is listed once per slot. */
  slot_no: z.number(),
  window_start: z.string(),
  window_end: z.string(),
  grace_minutes: z.number(),
  points: z.array(appRoundPoint),
});
export type AppRound = z.infer<typeof appRound>;

/** A record of the app: a terminal record with the guard's note and photos (事件上报). */
export const appPunchRecord = punchRecord.extend({
  note: z
    .string({ error: guardAppMessages.badNote })
    .max(MAX_EVENT_NOTE, guardAppMessages.noteTooLong)
    .refine(withoutNul, guardAppMessages.badNote)
    .nullish(),
  photo_ids: z
    .array(id, { error: guardAppMessages.badPhotos })
    .max(MAX_PHOTOS_PER_PUNCH, guardAppMessages.badPhotos)
    .nullish(),
  /** The point's checklist answered (INSPECTION.md); each answer is checked against its item by the server. */
  answers: answersInput.nullish(),
  /** Where the phone was (SAFETY.md): latitude and longitude together, or neither. */
  ...positionFields,
});
export type AppPunchRecord = z.input<typeof appPunchRecord>;

/** The phone's batch: the terminals' own upload body (its records read with `appPunchRecord`). */
export const appPunchesInput = uploadPunchesInput.pick({ device_no: true, records: true });
export type AppPunchesInput = z.input<typeof appPunchesInput>;

export const uploadedPhoto = z.object({ photo_id: z.number() });
export const photoQuery = z.object({ photo_id: id });

const day = z.string({ error: guardAppMessages.badDate }).trim().refine(isCalendarDate, guardAppMessages.badDate);

export const eventListInput = internal(
  pagingSchema
    .extend({
      hold_id: optionalHoldId,
      include_children: includeChildren,
      start_date: day,
      end_date: day,
    })
    .superRefine((value, issues) => {
      if (value.end_date < value.start_date) {
        issues.addIssue({ code: 'custom', message: guardAppMessages.endBeforeStart, path: ['end_date'] });
      }
    }),
);
export type EventListInput = CallerInput<typeof eventListInput>;

/** One 事件上报: a punch with a note or photos, newest first. */
export const eventRow = z.object({
  punch_time: z.string(),
  patrol_name: z.string(),
  patrol_sn: z.string(),
  user_name: z.string(),
  true_name: z.string(),
  device_no: z.string(),
  note: z.string(),
  photo_ids: z.array(z.number()),
  hold_name: z.string(),
});
export type EventRow = z.infer<typeof eventRow>;
