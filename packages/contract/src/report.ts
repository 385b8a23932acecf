import { z } from 'zod';
import { id, idNumber, includeChildren, internal, isCalendarDate, optionalHoldId, type CallerInput } from './common.js';
import { pagingSchema } from './envelope.js';
import { responsibleAccount } from './shift.js';

/**
 * Point results, the missed-round report and its rounds (ACCOUNTABILITY.md, Tolerance, Reports and the pinned
 * calls). Dates are `YYYY-MM-DD` and times `YYYY-MM-DD HH:mm:ss` in the deployment time zone.
 */

/** The result of one expected point of a round. */
export const PointResult = { pending: 0, onTime: 1, early: 2, late: 3, missed: 4 } as const;
export type PointResult = (typeof PointResult)[keyof typeof PointResult];

export const POINT_RESULT_TEXT: Readonly<Record<PointResult, string>> = {
  [PointResult.pending]: '待检',
  [PointResult.onTime]: '正常',
  [PointResult.early]: '早到',
  [PointResult.late]: '迟到',
  [PointResult.missed]: '漏检',
};

/** The most minutes a punch may come before a window opens or after it closes and still check its point. */
export const MAX_GRACE_MINUTES = 120;

export const reportMessages = {
  badGrace: '宽限时间应为0-120分钟',
  badDate: '日期格式应为 YYYY-MM-DD',
  endBeforeStart: '结束日期不能早于开始日期',
  spanTooLong: '日期范围不能超过366天',
  badGroupBy: '分组方式不正确',
  badGroupKey: '分组不正确',
  roundMissing: '巡检轮次不存在',
} as const;

/** `grace_minutes` of a road or task: 0–120, absent means 0. */
export const graceMinutes = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? 0 : value),
  z.coerce
    .number({ error: reportMessages.badGrace })
    .int(reportMessages.badGrace)
    .min(0, reportMessages.badGrace)
    .max(MAX_GRACE_MINUTES, reportMessages.badGrace),
);

export const roundPointsQuery = z.object({ round_id: id });

export const roundPoint = z.object({
  patrol_id: z.number(),
  patrol_name: z.string(),
  patrol_sn: z.string(),
  /** A PointResult. */
  result: z.number(),
  /** The first qualifying punch, local time; null when missed or still pending. */
  punch_time: z.string().nullable(),
});
export type RoundPoint = z.infer<typeof roundPoint>;

/** `Report/RoundPoints`: a round with its points in the road's order. */
export const roundPoints = z.object({
  round_id: z.number(),
  road_id: z.number(),
  road_name: z.string(),
  /** The task of a task's round, else null. */
  task_id: z.number().nullable(),
  task_name: z.string(),
  round_date: z.string(),
  /** The slot of its day (1-based, in start order; 1 for a road or task with one window). */
  slot_no: z.number(),
  window_start: z.string(),
  window_end: z.string(),
  grace_minutes: z.number(),
  /** The round's status: 0 未开始, 1 进行中, 2 已结束, 3 异常 (STATUS_TEXT). */
  result: z.number(),
  /** Whom the round is charged to (SHIFTS.md): those on duty in its shift, else the road's accounts. */
  /** Always sent by the server; optional for clients written before shifts. */
  responsible: z.array(responsibleAccount).optional(),
  points: z.array(roundPoint),
});
export type RoundPoints = z.infer<typeof roundPoints>;

export const REPORT_GROUPS = ['road', 'user', 'hold', 'date'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_GROUP_TEXT: Readonly<Record<ReportGroup, string>> = {
  road: '路线',
  user: '巡检人',
  hold: '组织',
  date: '日期',
};

/** The longest span a report covers, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;

const day = z.string({ error: reportMessages.badDate }).trim().refine(isCalendarDate, reportMessages.badDate);

function spanDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** An optional filter id: absent, null, 0 or '' means none. */
const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value),
    idNumber(message).optional(),
  );

const reportFilterShape = {
  hold_id: optionalHoldId,
  include_children: includeChildren,
  start_date: day,
  end_date: day,
  group_by: z.enum(REPORT_GROUPS, { error: reportMessages.badGroupBy }).default('road'),
  road_id: optionalId('路线ID不正确'),
  user_id: optionalId('账号ID不正确'),
  sort: z.enum(['missed', 'rate']).catch('missed').default('missed'),
};

/** A span of at most 366 days whose end is not before its start. */
function checkSpan(value: { start_date: string; end_date: string }, issues: z.RefinementCtx): void {
  const days = spanDays(value.start_date, value.end_date);
  if (days < 1) issues.addIssue({ code: 'custom', message: reportMessages.endBeforeStart, path: ['end_date'] });
  else if (days > MAX_REPORT_DAYS) {
    issues.addIssue({ code: 'custom', message: reportMessages.spanTooLong, path: ['end_date'] });
  }
}

export const missedReportInput = internal(pagingSchema.extend(reportFilterShape).superRefine(checkSpan));
export type MissedReportInput = CallerInput<typeof missedReportInput>;
export type MissedReportFilter = z.output<typeof missedReportInput>;

export const exportMissedInput = internal(z.object(reportFilterShape).superRefine(checkSpan));

/** `group_key`: a road's, account's or organisation's id, or a date. */
export const groupKey = z.union([z.number(), z.string()]);

export const missedRoundsInput = internal(
  pagingSchema
    .extend({
      ...reportFilterShape,
      group_key: z.union([z.number(), z.string().trim().max(20)], { error: reportMessages.badGroupKey }),
      only_missed: z.boolean().optional().default(false),
    })
    .superRefine(checkSpan),
);
export type MissedRoundsInput = CallerInput<typeof missedRoundsInput>;

/** One group of `Report/Missed`. */
export const missedReportRow = z.object({
  group_key: groupKey,
  group_name: z.string(),
  rounds_expected: z.number(),
  rounds_done: z.number(),
  points_expected: z.number(),
  on_time: z.number(),
  early: z.number(),
  late: z.number(),
  missed: z.number(),
  /** Checked ÷ expected × 100, one decimal; null when nothing was expected. */
  rate: z.number().nullable(),
});
export type MissedReportRow = z.infer<typeof missedReportRow>;

/** A figure of a report row: every field after the group's key and name. */
export type MissedFigure = Exclude<keyof MissedReportRow, 'group_key' | 'group_name'>;

/** 漏检报表's figures after the group's name, in the order the screen, the print view and the export show them. */
export const MISSED_FIGURES: readonly { key: MissedFigure; title: string }[] = [
  { key: 'rounds_expected', title: '应巡轮次' },
  { key: 'rounds_done', title: '完成轮次' },
  { key: 'points_expected', title: '应巡点数' },
  { key: 'on_time', title: '正常' },
  { key: 'early', title: '早到' },
  { key: 'late', title: '迟到' },
  { key: 'missed', title: '漏检' },
  { key: 'rate', title: '完成率' },
];

/** 漏检报表's columns: the group's name, headed by the grouping (路线, 巡检人, 组织, 日期), then MISSED_FIGURES. */
export function missedReportColumns(groupBy: ReportGroup): { key: 'group_name' | MissedFigure; title: string }[] {
  return [{ key: 'group_name', title: REPORT_GROUP_TEXT[groupBy] }, ...MISSED_FIGURES];
}

export const missedPointOfRound = z.object({ patrol_id: z.number(), patrol_name: z.string(), patrol_sn: z.string() });

/** One round of a report row (`Report/MissedRounds`), newest first. */
export const missedRound = z.object({
  round_id: z.number(),
  round_date: z.string(),
  /** The slot of its day (1-based): a road walked in several slots a day has a round per slot. */
  slot_no: z.number(),
  road_id: z.number(),
  road_name: z.string(),
  task_id: z.number().nullable(),
  task_name: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  /** Who walked it, names comma-joined ('' when nobody is bound and nobody punched). */
  walkers: z.string(),
  /** Whom the round is charged to, as in RoundPoints. */
  /** Always sent by the server; optional for clients written before shifts. */
  responsible: z.array(responsibleAccount).optional(),
  /** The round's status, as in RoundPoints. */
  result: z.number(),
  missed: z.array(missedPointOfRound),
});
export type MissedRound = z.infer<typeof missedRound>;

export const exportMissedResult = z.object({ fileName: z.string() });
