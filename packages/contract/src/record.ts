import { z } from 'zod';
import {
  flag,
  includeChildren,
  internal,
  isCalendarDate,
  keyword,
  optionalHoldId,
  searchType,
  type CallerInput,
} from './common.js';
import { MAX_PAGE_SIZE, pageIndex, pagingSchema } from './envelope.js';
import type { PunchRow } from './punch.js';
import { NO_POSITION_TEXT } from './safety.js';

/** Records, statistics and exports (API.md, Records; DOMAIN.md, Time and Exports). */
export const recordMessages = {
  badRange: '时间范围不正确',
  badDate: '日期格式不正确，应为 YYYY-MM-DD',
  startAfterEnd: '开始日期不能晚于结束日期',
  tooManyRows: '导出数据超过100万行，请缩小查询范围',
  /** What the client says when an export answers an empty file name. */
  noData: '无数据导出！',
  fileGone: '文件不存在或已过期，请重新导出',
} as const;

/** An export holds at most this many rows (one sheet). */
export const MAX_EXPORT_ROWS = 1_000_000;

/** Period tags: 1 this week, 2 last week, 3 this month, 4 last month (weeks start on Monday). */
export const TIME_RANGE_TEXT = { 1: '本周', 2: '上周', 3: '本月', 4: '上月' } as const;
export type TimeRangeCode = keyof typeof TIME_RANGE_TEXT;

/** `time_range` / `time_limits`: 1–4 as number or text; absent, '' or 0 means 1 (this week). */
export const timeRange = z.preprocess(
  (value) => (value === undefined || value === null || value === '' || value === 0 || value === '0' ? 1 : value),
  z.coerce
    .number({ error: recordMessages.badRange })
    .int(recordMessages.badRange)
    .min(1, recordMessages.badRange)
    .max(4, recordMessages.badRange)
    .transform((n) => n as TimeRangeCode),
);

/**
 * An explicit `start_time` / `end_time`: a date `YYYY-MM-DD` ('' when absent). A date picker that adds a time
 * (`YYYY-MM-DD HH:mm:ss`) is read as its date.
 */
export const dateParam = z
  .string({ error: recordMessages.badDate })
  .trim()
  .max(30, recordMessages.badDate)
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}(?:[ T][\d:.]+)?$/.test(value), recordMessages.badDate)
  .transform((value) => value.slice(0, 10))
  .refine((value) => value === '' || isCalendarDate(value), recordMessages.badDate);

/** Punch search types: card number or point name, device number or name, account or person. */
export const PUNCH_SEARCH_TYPES = ['card_no', 'device_no', 'account'] as const;
export type PunchSearchType = (typeof PUNCH_SEARCH_TYPES)[number];

const punchFilter = z.object({
  hold_id: optionalHoldId,
  time_range: timeRange,
  search_type: searchType(PUNCH_SEARCH_TYPES),
  key: keyword,
  include_children: includeChildren,
  /** Only punches that raised 疑似代打 or 时钟异常. */
  flagged_only: flag.optional().default(false),
});

/** `PatrolLog/List` (设备统计, 人员统计) and `PatrolClockIn/GetPatrolClockInList` (打卡数据). */
export const punchListInput = internal(punchFilter.extend(pagingSchema.shape));
export type PunchListInput = CallerInput<typeof punchListInput>;

/**
 * `PatrolLog/List_Export` and `PatrolClockIn/ExportPatrolClockInList`: the list's filters without paging.
 * `PatrolLog/List_Export` serves two screens; `screen` names the file (device 设备统计, user 人员统计); absent,
 * search type `account` means 人员统计 and anything else 设备统计.
 */
export const punchExportInput = internal(
  punchFilter.extend({
    screen: z.enum(['device', 'user']).optional().catch(undefined),
  }),
);
export type PunchExportInput = CallerInput<typeof punchExportInput>;

const recordFilter = z.object({
  hold_id: optionalHoldId,
  time_limits: timeRange,
  include_children: includeChildren,
  patrol_card_no: keyword,
  patrol_card_name: keyword,
  device_sn: keyword,
  device_name: keyword,
  start_time: dateParam,
  end_time: dateParam,
  /** Only punches that raised 疑似代打 or 时钟异常. */
  flagged_only: flag.optional().default(false),
});

/** `PatrolData/Records` (巡检记录). */
export const recordListInput = internal(recordFilter.extend(pagingSchema.shape));
export type RecordListInput = CallerInput<typeof recordListInput>;

/** `PatrolData/ExportRecords` and `PatrolData/ExportTotalByPatrolCard`: the same filters, no paging. */
export const recordExportInput = internal(recordFilter);
export type RecordExportInput = CallerInput<typeof recordExportInput>;

/**
 * `PatrolData/TotalByPatrolCard` (巡检点统计): the same filters. Without paging (the spec's call) the rows come back
 * all at once, at most 10,000 of them; with `PageIndex`/`PageSize`, one page (at most 200). `total` always counts
 * every row.
 */
export const cardTotalsInput = internal(
  recordFilter.extend({
    PageIndex: pageIndex.optional().catch(undefined),
    PageSize: z.coerce
      .number()
      .int()
      .min(1)
      .transform((n) => Math.min(n, MAX_PAGE_SIZE))
      .optional()
      .catch(undefined),
  }),
);
export type CardTotalsInput = CallerInput<typeof cardTotalsInput>;

/** A row of 巡检点统计: punches of one card on one day, newest day first. */
export const cardTotalRow = z.object({
  create_date: z.string(),
  patrol_sn: z.string(),
  /** The point's name and the punching device's organisation as of that day's latest punch. */
  patrol_name: z.string(),
  hold_name: z.string(),
  total_patrol_card: z.number(),
});
export type CardTotalRow = z.infer<typeof cardTotalRow>;

/** What an export call answers: the written file's name, '' when no row matches (the client says 无数据导出！). */
export const exportedFileName = z.string();

/** A spreadsheet column of an export: a row field and the screen's Chinese header. */
export interface SheetColumn<T> {
  key: keyof T & string;
  title: string;
  /** The text written where the field is empty (null or ''); an empty cell when not given. */
  blank?: string;
}

/** The punch table's 标记 (ACCOUNTABILITY.md, SAFETY.md): 疑似代打, 时钟异常 or 位置异常, empty otherwise. */
const FLAG_COLUMN: SheetColumn<PunchRow> = { key: 'flag', title: '标记' };

/**
 * The punch table's 位置 (SAFETY.md) in a sheet: where the phone was, as numbers a spreadsheet can sort and map, and
 * its distance from the point in the whole metres the screen shows (距点 N 米). A punch without a position reads
 * 无定位 as on the screen; one whose point has no position has no distance (the screen's 有定位).
 */
const PLACE_COLUMNS: SheetColumn<PunchRow>[] = [
  { key: 'lat', title: '纬度', blank: NO_POSITION_TEXT },
  { key: 'lng', title: '经度' },
  { key: 'distance_m', title: '距点（米）' },
];

/** 打卡数据, 设备统计, 人员统计: the punch table's columns. */
export const PUNCH_COLUMNS: SheetColumn<PunchRow>[] = [
  { key: 'create_date', title: '日期' },
  { key: 'weekly', title: '星期' },
  { key: 'create_htime', title: '时间' },
  FLAG_COLUMN,
  { key: 'patrol_name', title: '巡检点' },
  { key: 'patrol_sn', title: '卡号' },
  { key: 'device_no', title: '设备号' },
  { key: 'user_name', title: '账号' },
  { key: 'true_name', title: '姓名' },
  { key: 'road_name', title: '当前路线' },
  { key: 'hold_name', title: '所属组织' },
  ...PLACE_COLUMNS,
  { key: 'check_result', title: '检查结果' },
];

/**
 * 巡检记录: the records table's columns (its filters name points, cards, devices and IMEI/SN). Its 位置 is the
 * point's location as 巡检点管理 describes it; where the phone was follows 所属组织 as in the punch sheets.
 */
export const RECORD_COLUMNS: SheetColumn<PunchRow>[] = [
  { key: 'create_time', title: '巡检时间' },
  { key: 'weekly', title: '星期' },
  FLAG_COLUMN,
  { key: 'patrol_name', title: '巡检点名称' },
  { key: 'patrol_sn', title: '卡号' },
  { key: 'location', title: '位置' },
  { key: 'object_name', title: '设备名称' },
  { key: 'device_no', title: 'IMEI/SN' },
  { key: 'user_name', title: '账号' },
  { key: 'true_name', title: '巡检人' },
  { key: 'road_name', title: '当前路线' },
  { key: 'hold_name', title: '所属组织' },
  ...PLACE_COLUMNS,
  { key: 'upload_time', title: '上传时间' },
  { key: 'check_result', title: '检查结果' },
];

/** 巡检点统计: date, card number, name, count, organisation (spec section 2). */
export const CARD_TOTAL_COLUMNS: SheetColumn<CardTotalRow>[] = [
  { key: 'create_date', title: '日期' },
  { key: 'patrol_sn', title: '卡号' },
  { key: 'patrol_name', title: '巡检点名称' },
  { key: 'total_patrol_card', title: '巡检次数' },
  { key: 'hold_name', title: '所属组织' },
];

/** The screens' Chinese names: the export's title in the log and its download's file name. */
export const EXPORT_TITLES = {
  clockIn: '打卡数据',
  records: '巡检记录',
  cardTotals: '巡检点统计',
  device: '设备统计',
  user: '人员统计',
} as const;
export type ExportKind = keyof typeof EXPORT_TITLES;

/** `GET /file/download_excelfile?fileName=…`: an export's name as the export call answered it. */
export const downloadExportQuery = z.object({
  fileName: z.string().max(200).optional().catch(undefined),
});
