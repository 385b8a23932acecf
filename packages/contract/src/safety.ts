import { z } from 'zod';
import { flag, id } from './common.js';

/**
 * A guard alone at night (SAFETY.md and its pinned calls): SOS, check-ins (报平安) and where a punch was made.
 * Positions are WGS-84 degrees with an accuracy in metres, as the browser's geolocation gives them.
 */

/** Held this long, the guard app's SOS button sends (letting go earlier cancels). */
export const SOS_HOLD_MS = 3_000;
/** The longest the app waits for a position before sending without one. */
export const SOS_LOCATION_WAIT_MS = 5_000;
/** An SOS not yet delivered is tried again this often. */
export const SOS_RETRY_MS = 5_000;

/** A point's radius: 10–5,000 m, 50 unless set. */
export const MIN_RADIUS = 10;
export const MAX_RADIUS = 5_000;
export const DEFAULT_RADIUS = 50;
/** 从打卡学习: the median of the point's last 20 app punches at least this accurate; fewer than 5 → 409. */
export const LEARN_SAMPLES = 20;
export const LEARN_MIN_SAMPLES = 5;
export const LEARN_MAX_ACCURACY = 50;
/** The largest accuracy a phone may claim (a position worse than this is no position). */
export const MAX_ACCURACY = 100_000;

export const safetyMessages = {
  badLat: '纬度应为-90到90之间的数字',
  badLng: '经度应为-180到180之间的数字',
  badAccuracy: `定位精度应为0-${MAX_ACCURACY}米`,
  latLngPair: '经度和纬度须同时填写',
  badRadius: `半径应为${MIN_RADIUS}-${MAX_RADIUS}米`,
  badSosId: '求助编号格式不正确（8-64位字母、数字、-、_）',
  badTime: '时间格式不正确，应为 YYYY-MM-DD HH:mm:ss',
  fewSamples: '定位样本不足',
  sosMissing: '求助不存在或已删除',
} as const;

const latitude = z.coerce
  .number({ error: safetyMessages.badLat })
  .min(-90, safetyMessages.badLat)
  .max(90, safetyMessages.badLat);
const longitude = z.coerce
  .number({ error: safetyMessages.badLng })
  .min(-180, safetyMessages.badLng)
  .max(180, safetyMessages.badLng);

/** Absent (undefined) or null (none); '' reads as null. */
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

/** `lat`, `lng` and `accuracy` of a phone's report: all optional, in range, latitude and longitude together. */
export const positionFields = {
  lat: nullable(
    z.number({ error: safetyMessages.badLat }).min(-90, safetyMessages.badLat).max(90, safetyMessages.badLat),
  ),
  lng: nullable(
    z.number({ error: safetyMessages.badLng }).min(-180, safetyMessages.badLng).max(180, safetyMessages.badLng),
  ),
  accuracy: nullable(
    z
      .number({ error: safetyMessages.badAccuracy })
      .min(0, safetyMessages.badAccuracy)
      .max(MAX_ACCURACY, safetyMessages.badAccuracy),
  ),
};

/** Latitude and longitude come together, or neither. */
export function checkPosition(
  value: { lat?: number | null | undefined; lng?: number | null | undefined },
  issues: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
): void {
  if ((value.lat === null || value.lat === undefined) !== (value.lng === null || value.lng === undefined)) {
    issues.addIssue({ code: 'custom', message: safetyMessages.latLngPair, path: ['lng'] });
  }
}

const deviceNo = z.string({ error: '请提供设备IMEI/SN' }).trim().min(1, '请提供设备IMEI/SN').max(64);
const phoneTime = z.string({ error: safetyMessages.badTime }).trim().min(1, safetyMessages.badTime).max(40);

/** `Terminal/Sos`: `sos_id` is the phone's own, so a resend after a lost answer is the same SOS. */
export const sosInput = z
  .object({
    device_no: deviceNo,
    time: phoneTime,
    sos_id: z
      .string({ error: safetyMessages.badSosId })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, safetyMessages.badSosId),
    ...positionFields,
    silent: flag.optional().default(false),
  })
  .superRefine(checkPosition);
export type SosInput = z.input<typeof sosInput>;

/** The guard's view of his SOS: 0 未响应, 1 已响应, 2 已处理. */
export const SosState = { waiting: 0, responded: 1, handled: 2 } as const;
export type SosState = (typeof SosState)[keyof typeof SosState];

export const sosAnswer = z.object({ alert_id: z.number(), state: z.number() });
export type SosAnswer = z.infer<typeof sosAnswer>;

export const sosStateQuery = z.object({ alert_id: id });
export const sosStateAnswer = z.object({
  state: z.number(),
  /** The name of who pressed 已响应 ('' until then), and when (local `YYYY-MM-DD HH:mm:ss`, '' until then). */
  responded_by: z.string(),
  responded_time: z.string(),
});
export type SosStateAnswer = z.infer<typeof sosStateAnswer>;

/** `Terminal/CheckIn`: 我很安全. */
export const checkInInput = z
  .object({ device_no: deviceNo, time: phoneTime, ...positionFields })
  .superRefine(checkPosition);
export type CheckInInput = z.input<typeof checkInInput>;
export const checkInAnswer = z.object({
  /** When the next check-in is due (local `YYYY-MM-DD HH:mm:ss`); '' when check-ins are off. */
  next_due: z.string(),
});
export type CheckInAnswer = z.infer<typeof checkInAnswer>;

/** What the app needs to prompt 报平安: the organisation's setting (minutes, grace), and whether it is on. */
export const checkInPlan = z.object({
  enabled: z.boolean(),
  minutes: z.number(),
  grace: z.number(),
  /** Today's roster duty's start (its 上岗, else the shift's start; local time), '' when no roster applies. */
  duty_start: z.string(),
});
export type CheckInPlan = z.infer<typeof checkInPlan>;

/**
 * A point's position as 巡检点管理 saves it: latitude and longitude together (null clears them), a radius; a field
 * left out keeps what the point has (50 m for a new point's radius).
 */
export const cardPositionFields = {
  lat: nullable(latitude),
  lng: nullable(longitude),
  radius: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: safetyMessages.badRadius })
      .int(safetyMessages.badRadius)
      .min(MIN_RADIUS, safetyMessages.badRadius)
      .max(MAX_RADIUS, safetyMessages.badRadius)
      .optional(),
  ),
};

export const learnPositionInput = z.object({ patrol_id: id });
export const learnedPosition = z.object({ lat: z.number(), lng: z.number(), samples: z.number() });
export type LearnedPosition = z.infer<typeof learnedPosition>;

/** The flag of a punch made too far from its point. */
export const POSITION_FLAG = '位置异常';
/** What 打卡数据 shows for a punch that came without a position. */
export const NO_POSITION_TEXT = '无定位';
