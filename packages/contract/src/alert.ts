import { z } from 'zod';
import {
  flag,
  id,
  idList,
  includeChildren,
  internal,
  isCalendarDate,
  optionalHoldId,
  withoutNul,
  type CallerInput,
} from './common.js';
import { pagingSchema } from './envelope.js';

/**
 * Alerts (ACCOUNTABILITY.md, Alerts and the pinned calls): stored rows raised once per subject, handled by a
 * person, streamed to the console and pushed to webhooks.
 */

export const AlertKind = {
  missed: 1,
  offline: 2,
  clock: 3,
  proxy: 4,
  noShow: 5,
  inspection: 6,
  overdue: 7,
  /** SAFETY.md: 紧急求助, 未报平安, 位置异常. */
  sos: 8,
  checkIn: 9,
  position: 10,
} as const;
export type AlertKind = (typeof AlertKind)[keyof typeof AlertKind];
export const ALERT_KINDS: readonly AlertKind[] = [
  AlertKind.missed,
  AlertKind.offline,
  AlertKind.clock,
  AlertKind.proxy,
  AlertKind.noShow,
  AlertKind.inspection,
  AlertKind.overdue,
  AlertKind.sos,
  AlertKind.checkIn,
  AlertKind.position,
];

export const ALERT_KIND_TEXT: Readonly<Record<AlertKind, string>> = {
  [AlertKind.missed]: '漏检',
  [AlertKind.offline]: '终端离线',
  [AlertKind.clock]: '时钟异常',
  [AlertKind.proxy]: '疑似代打',
  [AlertKind.noShow]: '未到岗',
  [AlertKind.inspection]: '巡检异常',
  [AlertKind.overdue]: '整改超期',
  [AlertKind.sos]: '紧急求助',
  [AlertKind.checkIn]: '未报平安',
  [AlertKind.position]: '位置异常',
};

/** 0 未处理 → (紧急求助 only) 2 已响应 → 1 已处理. */
export const AlertState = { open: 0, handled: 1, responded: 2 } as const;
export type AlertState = (typeof AlertState)[keyof typeof AlertState];
export const ALERT_STATE_TEXT: Readonly<Record<AlertState, string>> = {
  [AlertState.open]: '未处理',
  [AlertState.handled]: '已处理',
  [AlertState.responded]: '已响应',
};

/** The flag a punch carries when it raised an alert (the record lists' `flag`): '' for none. */
export const PUNCH_FLAG_TEXT = {
  none: '',
  clock: ALERT_KIND_TEXT[AlertKind.clock],
  proxy: ALERT_KIND_TEXT[AlertKind.proxy],
  position: ALERT_KIND_TEXT[AlertKind.position],
};

/** Who handles an alert the system closes itself (a late upload completed its round). */
export const SYSTEM_HANDLER = '系统';
export const SYSTEM_CLOSE_NOTE = '补传后已完成';
/** The note of a 未报平安 a late check-in closes (SAFETY.md). */
export const CHECKIN_CLOSE_NOTE = '已补报平安';

/** Hours of silence before a bound terminal is 终端离线, per enterprise. */
export const DEFAULT_OFFLINE_HOURS = 24;
export const MAX_OFFLINE_HOURS = 720;
export const MAX_ALERT_NOTE = 200;
/** 报平安 (SAFETY.md): every 15–240 minutes, a grace of 0–30 (default 5). */
export const MIN_CHECKIN_MINUTES = 15;
export const MAX_CHECKIN_MINUTES = 240;
export const DEFAULT_CHECKIN_MINUTES = 60;
export const MAX_CHECKIN_GRACE = 30;
export const DEFAULT_CHECKIN_GRACE = 5;

export const alertMessages = {
  badKind: '告警类型不正确',
  badState: '处理状态不正确',
  badDate: '日期格式应为 YYYY-MM-DD',
  endBeforeStart: '结束日期不能早于开始日期',
  badIds: '请选择要处理的告警',
  noteTooLong: `处理说明不能超过 ${MAX_ALERT_NOTE} 个字`,
  badNote: '处理说明包含不允许的字符',
  badOfflineHours: `离线时长应为1-${MAX_OFFLINE_HOURS}小时`,
  notEnterprise: '只能为企业设置离线时长',
  alertMissing: '告警不存在或已删除',
  badCheckinMinutes: `报平安间隔应为${MIN_CHECKIN_MINUTES}-${MAX_CHECKIN_MINUTES}分钟`,
  badCheckinGrace: `报平安宽限应为0-${MAX_CHECKIN_GRACE}分钟`,
  notSos: '只有紧急求助告警需要响应',
  alreadyHandled: '该告警已处理',
} as const;

const optionalDay = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? undefined : value),
  z.string({ error: alertMessages.badDate }).trim().refine(isCalendarDate, alertMessages.badDate).optional(),
);

const optionalCode = <T extends readonly number[]>(codes: T, message: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? undefined : value),
    z.coerce
      .number({ error: message })
      .refine((code) => codes.includes(code), message)
      .optional(),
  );

/** `Alert/List`: newest first, scoped by the organisation tree. */
export const alertListInput = internal(
  pagingSchema
    .extend({
      hold_id: optionalHoldId,
      include_children: includeChildren,
      kind: optionalCode(ALERT_KINDS, alertMessages.badKind),
      state: optionalCode([AlertState.open, AlertState.handled, AlertState.responded], alertMessages.badState),
      start_date: optionalDay,
      end_date: optionalDay,
    })
    .superRefine((value, issues) => {
      if (value.start_date && value.end_date && value.end_date < value.start_date) {
        issues.addIssue({ code: 'custom', message: alertMessages.endBeforeStart, path: ['end_date'] });
      }
    }),
);
export type AlertListInput = CallerInput<typeof alertListInput>;

/** One alert as lists, the stream and webhooks carry it. Times are local `YYYY-MM-DD HH:mm:ss`. */
export const alertRow = z.object({
  alert_id: z.number(),
  kind: z.number(),
  kind_name: z.string(),
  state: z.number(),
  hold_id: z.number(),
  hold_name: z.string(),
  road_id: z.number().nullable(),
  road_name: z.string(),
  round_id: z.number().nullable(),
  device_no: z.string(),
  patrol_sn: z.string(),
  detail: z.string(),
  raised_time: z.string(),
  handled_by: z.string(),
  /** '' while unhandled. */
  handled_time: z.string(),
  note: z.string(),
  /**
   * SAFETY.md: the guard's account and his position (紧急求助, 未报平安, 位置异常; null when unknown; never sent to
   * webhooks), how many presses an SOS gathered, and who pressed 已响应 and when ('' until then).
   */
  true_name: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy: z.number().nullable(),
  press_count: z.number(),
  responded_by: z.string(),
  responded_time: z.string(),
});
export type AlertRow = z.infer<typeof alertRow>;

export const unhandledCount = z.object({ count: z.number() });

/** `Alert/Handle`: a note, then 已处理 with who and when; an alert already handled stays as first handled. */
export const handleAlertsInput = z.object({
  alert_ids: idList(alertMessages.badIds),
  note: z
    .string({ error: alertMessages.badNote })
    .trim()
    .max(MAX_ALERT_NOTE, alertMessages.noteTooLong)
    .refine(withoutNul, alertMessages.badNote)
    .nullish()
    .transform((value) => value ?? ''),
});
export type HandleAlertsInput = z.input<typeof handleAlertsInput>;

/** The alert settings of an enterprise: how long a bound terminal may stay silent. */
export const alertSettingsQuery = internal(z.object({ hold_id: optionalHoldId }));
export const alertSettings = z.object({
  hold_id: z.number(),
  hold_name: z.string(),
  offline_hours: z.number(),
  /** 报平安 (SAFETY.md, Check-ins). */
  checkin_enabled: z.boolean(),
  checkin_minutes: z.number(),
  checkin_grace: z.number(),
});
export type AlertSettings = z.infer<typeof alertSettings>;

export const saveAlertSettingsInput = internal(
  z.object({
    hold_id: optionalHoldId,
    offline_hours: z.coerce
      .number({ error: alertMessages.badOfflineHours })
      .int(alertMessages.badOfflineHours)
      .min(1, alertMessages.badOfflineHours)
      .max(MAX_OFFLINE_HOURS, alertMessages.badOfflineHours),
    /** Absent: kept as they are (older clients save only the offline hours). */
    checkin_enabled: flag.optional(),
    checkin_minutes: z.coerce
      .number({ error: alertMessages.badCheckinMinutes })
      .int(alertMessages.badCheckinMinutes)
      .min(MIN_CHECKIN_MINUTES, alertMessages.badCheckinMinutes)
      .max(MAX_CHECKIN_MINUTES, alertMessages.badCheckinMinutes)
      .optional(),
    checkin_grace: z.coerce
      .number({ error: alertMessages.badCheckinGrace })
      .int(alertMessages.badCheckinGrace)
      .min(0, alertMessages.badCheckinGrace)
      .max(MAX_CHECKIN_GRACE, alertMessages.badCheckinGrace)
      .optional(),
  }),
);
export type SaveAlertSettingsInput = CallerInput<typeof saveAlertSettingsInput>;

/** The stream's event name and the longest silence between two of its messages (a `:` comment keeps it open). */
export const ALERT_EVENT = 'alert';
export const ALERT_STREAM_PING_MS = 15_000;

/** `Alert/Respond`: 已响应 on an open 紧急求助 (SAFETY.md); anything else is refused. */
export const respondAlertInput = z.object({ alert_id: id });
export type RespondAlertInput = z.input<typeof respondAlertInput>;
