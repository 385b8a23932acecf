import { REPORT_GROUPS, type ReportGroup } from '@guard-tour/contract';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DAY_FORMAT,
  DEFAULT_PRESET,
  PRESET_OPTIONS,
  PRESET_TEXT,
  PRESETS,
  presetSpan,
  spanDays,
  spanError,
  type DayPreset as ReportPreset,
  type DaySpan,
} from '../../components/day-span';
import { PAGE_SIZE } from '../../components/paging';
import { deploymentNow } from '../../api/deployment-time';

/**
 * What the 漏检报表 screen sends (ACCOUNTABILITY.md, Reports and the pinned calls): the filters on screen → the
 * call bodies, the print view's address and back. Pure, so the mapping is tested without a browser.
 */

// The quick spans are the console's own (事件记录 has them too); the report keeps its names for them.
export { DAY_FORMAT, DEFAULT_PRESET, PRESET_OPTIONS, PRESET_TEXT, PRESETS, presetSpan, spanDays, spanError };
export type { DaySpan, ReportPreset };

export type ReportSort = 'missed' | 'rate';

/** The filters as applied: everything 查询 sends but the page. */
export interface ReportFilters extends DaySpan {
  /** Undefined: the caller's own organisation. */
  holdId: number | undefined;
  includeChildren: boolean;
  /** The quick span picked, or null when the dates were picked by hand. */
  preset: ReportPreset | null;
  group_by: ReportGroup;
  road_id: number | undefined;
  user_id: number | undefined;
  sort: ReportSort;
}

export function defaultReportFilters(today: Dayjs = deploymentNow()): ReportFilters {
  return {
    holdId: undefined,
    includeChildren: true,
    preset: DEFAULT_PRESET,
    ...presetSpan(DEFAULT_PRESET, today),
    group_by: 'road',
    road_id: undefined,
    user_id: undefined,
    sort: 'missed',
  };
}

/** The filters every report call sends (an absent organisation, road or account is left out). */
export function reportFilterBody(filters: ReportFilters) {
  return {
    holdId: filters.holdId,
    includeChildren: filters.includeChildren,
    start_date: filters.start_date,
    end_date: filters.end_date,
    group_by: filters.group_by,
    road_id: filters.road_id,
    user_id: filters.user_id,
    sort: filters.sort,
  };
}

/** `Report/Missed`: the filters and a page of groups. */
export function missedReportBody(filters: ReportFilters, page: number, pageSize: number = PAGE_SIZE) {
  return { ...reportFilterBody(filters), page, pageSize };
}

/** `Report/ExportMissed`: the same rows as the screen, every page of them. */
export function exportMissedBody(filters: ReportFilters) {
  return reportFilterBody(filters);
}

/** The rounds of one row, paged. */
export const ROUNDS_PAGE_SIZE = 10;

/** `Report/MissedRounds`: the rounds of one group (its `group_key`), or only those with a missed point. */
export function missedRoundsBody(filters: ReportFilters, groupKey: number | string, onlyMissed: boolean, page: number) {
  return {
    ...reportFilterBody(filters),
    group_key: groupKey,
    only_missed: onlyMissed,
    page,
    pageSize: ROUNDS_PAGE_SIZE,
  };
}

/** 完成率: one decimal and a percent sign; '—' when nothing was expected (null). */
export function rateText(rate: number | null | undefined): string {
  return typeof rate === 'number' && Number.isFinite(rate) ? `${rate.toFixed(1)}%` : '—';
}

/** The print view's path; its query string carries the applied filters (the console's own address, spelled as ever). */
export const PRINT_PATH = '/patrol/missed_report/print';

export function printUrl(filters: ReportFilters): string {
  const query = new URLSearchParams([
    ['start_date', filters.start_date],
    ['end_date', filters.end_date],
    ['group_by', filters.group_by],
    ['include_children', filters.includeChildren ? '1' : '0'],
    ['sort', filters.sort],
  ]);
  if (filters.holdId !== undefined) query.set('hold_id', String(filters.holdId));
  if (filters.road_id !== undefined) query.set('road_id', String(filters.road_id));
  if (filters.user_id !== undefined) query.set('user_id', String(filters.user_id));
  return `${PRINT_PATH}?${query.toString()}`;
}

function positiveId(text: string | null): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
}

function dayOf(text: string | null): string | null {
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format(DAY_FORMAT) === text ? text : null;
}

/** The print view's filters from its address; anything missing or wrong is the screen's default. */
export function filtersFromSearch(search: URLSearchParams, today: Dayjs = deploymentNow()): ReportFilters {
  const fallback = defaultReportFilters(today);
  const start = dayOf(search.get('start_date'));
  const end = dayOf(search.get('end_date'));
  const group = search.get('group_by');
  const span = start && end ? { start_date: start, end_date: end } : presetSpan(DEFAULT_PRESET, today);
  return {
    holdId: positiveId(search.get('hold_id')),
    includeChildren: !['0', 'false'].includes(search.get('include_children') ?? ''),
    preset: start && end ? null : DEFAULT_PRESET,
    ...span,
    group_by: REPORT_GROUPS.find((value) => value === group) ?? fallback.group_by,
    road_id: positiveId(search.get('road_id')),
    user_id: positiveId(search.get('user_id')),
    sort: search.get('sort') === 'rate' ? 'rate' : 'missed',
  };
}

/** The span as a heading says it: 2026-11-01 至 2026-11-23, or the one day. */
export function spanText(span: DaySpan): string {
  return span.start_date === span.end_date ? span.start_date : `${span.start_date} 至 ${span.end_date}`;
}
