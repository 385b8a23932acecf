import type { PunchSearchType, TimeRangeCode } from '@guard-tour/contract';
import { pagingOf, type ListFilters, type ListParams } from '../../components/paging';
import { DEFAULT_PERIOD, periodOf } from '../../components/period';

/**
 * What the record screens send (API.md, Which screen uses which call): filters on screen → call payloads.
 * Pure, so the mapping is tested without a browser.
 */

/** The three screens of punch rows: 打卡数据, 设备统计, 人员统计. */
export type PunchScreen = 'clockIn' | 'device' | 'user';

interface PunchScreenSettings {
  /** What the keyword matches at first: the screen's own subject. */
  searchType: PunchSearchType;
  /** `PatrolLog/List_Export` serves two screens: this names the file. */
  exportScreen?: 'device' | 'user';
}

/** The screens' own settings; which calls each one makes is in `api.ts`. */
export const PUNCH_SCREENS: Readonly<Record<PunchScreen, PunchScreenSettings>> = {
  clockIn: { searchType: 'card_no' },
  device: { searchType: 'device_no', exportScreen: 'device' },
  user: { searchType: 'account', exportScreen: 'user' },
};

/** Spec section 9's punch search types, as the select names them. */
export const PUNCH_SEARCH_OPTIONS: { value: PunchSearchType; label: string }[] = [
  { value: 'card_no', label: '卡号/巡检点' },
  { value: 'device_no', label: '设备号' },
  { value: 'account', label: '账号' },
];

export function searchTypeOf(value: unknown, screen: PunchScreen): PunchSearchType {
  return PUNCH_SEARCH_OPTIONS.find((option) => option.value === value)?.value ?? PUNCH_SCREENS[screen].searchType;
}

/** The applied filters of a punch screen, kept in the list's params so 查询 applies them with the keyword. */
export interface PunchFilters {
  time_range: TimeRangeCode;
  search_type: PunchSearchType;
  /** 仅看异常标记: only punches flagged 疑似代打 or 时钟异常. */
  flagged_only: boolean;
}

export function punchFiltersOf(filters: ListFilters | undefined, screen: PunchScreen): PunchFilters {
  return {
    time_range: periodOf(filters?.time_range),
    search_type: searchTypeOf(filters?.search_type, screen),
    flagged_only: filters?.flagged_only === true,
  };
}

/** `flagged_only: true` when only flagged punches are asked for; left out otherwise (the server's default). */
function flaggedBody(flagged: boolean) {
  return flagged ? { flagged_only: true } : {};
}

/** The filters every punch call sends (an absent hold is the caller's own organisation). */
function punchFilterBody(params: ListParams, screen: PunchScreen) {
  const { time_range, search_type, flagged_only } = punchFiltersOf(params.filters, screen);
  return { holdId: params.holdId, time_range, search_type, key: params.keyword, ...flaggedBody(flagged_only) };
}

/** The list's body: the real page index (the spec's pager sent its page count: a defect not copied). */
export function punchListBody(params: ListParams, screen: PunchScreen) {
  return { ...punchFilterBody(params, screen), ...pagingOf(params) };
}

/** The export's body: the list's filters without paging, and which screen's file it is. */
export function punchExportBody(params: ListParams, screen: PunchScreen) {
  const exportScreen = PUNCH_SCREENS[screen].exportScreen;
  return { ...punchFilterBody(params, screen), ...(exportScreen ? { screen: exportScreen } : {}) };
}

/** 巡检记录 and 巡检点统计: every filter of the bar, applied together on 搜索. */
export interface RecordFilters {
  /** 0: the caller's own organisation. */
  holdId: number;
  time_limits: TimeRangeCode;
  /** YYYY-MM-DD or ''; a date overrides the range. */
  start_time: string;
  end_time: string;
  includeChildren: boolean;
  patrol_card_no: string;
  patrol_card_name: string;
  device_sn: string;
  device_name: string;
  /** 仅看异常标记 (巡检记录 only). */
  flagged_only: boolean;
}

export const DEFAULT_RECORD_FILTERS: RecordFilters = {
  holdId: 0,
  time_limits: DEFAULT_PERIOD,
  start_time: '',
  end_time: '',
  includeChildren: true,
  patrol_card_no: '',
  patrol_card_name: '',
  device_sn: '',
  device_name: '',
  flagged_only: false,
};

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const dateOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The filters as applied (trimmed); also reads the list's stored filters back. */
export function recordFiltersOf(filters: Partial<Record<keyof RecordFilters, unknown>> | undefined): RecordFilters {
  const holdId = Number(filters?.holdId);
  return {
    holdId: Number.isInteger(holdId) && holdId > 0 ? holdId : 0,
    time_limits: periodOf(filters?.time_limits),
    start_time: dateOf(filters?.start_time),
    end_time: dateOf(filters?.end_time),
    includeChildren: filters?.includeChildren !== false,
    patrol_card_no: textOf(filters?.patrol_card_no),
    patrol_card_name: textOf(filters?.patrol_card_name),
    device_sn: textOf(filters?.device_sn),
    device_name: textOf(filters?.device_name),
    flagged_only: filters?.flagged_only === true,
  };
}

/** True when explicit dates override the range (the range radio then shows none picked). */
export function hasDates(filters: Pick<RecordFilters, 'start_time' | 'end_time'>): boolean {
  return filters.start_time !== '' || filters.end_time !== '';
}

/** `PatrolData/ExportRecords`' body, and the records list's without paging. */
export function recordExportBody(params: ListParams) {
  const { holdId, flagged_only, ...rest } = recordFiltersOf(params.filters);
  return { holdId: holdId || undefined, ...rest, ...flaggedBody(flagged_only) };
}

export function recordListBody(params: ListParams) {
  return { ...recordExportBody(params), ...pagingOf(params) };
}

/** 巡检点统计: the same filters without the device fields and the flag filter (the screen has neither). */
export function cardTotalsExportBody(params: ListParams) {
  const { holdId, flagged_only: _flagged, ...rest } = recordFiltersOf(params.filters);
  const { device_sn: _sn, device_name: _name, ...kept } = rest;
  return { holdId: holdId || undefined, ...kept };
}

/** `TotalByPatrolCard` pages too when asked (page/pageSize), so the screen pages like the others. */
export function cardTotalsListBody(params: ListParams) {
  return { ...cardTotalsExportBody(params), ...pagingOf(params) };
}
