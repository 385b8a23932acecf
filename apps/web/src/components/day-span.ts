import { MAX_REPORT_DAYS } from '@guard-tour/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { deploymentNow } from '../api/deployment-time';

/**
 * Spans of days as the console's report screens pick them (漏检报表, 事件记录): a quick span or two dates, both
 * ends included. Pure, so the days are tested without a browser.
 */

export const DAY_FORMAT = 'YYYY-MM-DD';

/** The quick spans; weeks start on Monday, and this week and this month run up to today. */
export const PRESETS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type DayPreset = (typeof PRESETS)[number];

export const PRESET_TEXT: Readonly<Record<DayPreset, string>> = {
  today: '今天',
  yesterday: '昨天',
  thisWeek: '本周',
  lastWeek: '上周',
  thisMonth: '本月',
  lastMonth: '上月',
};

export const PRESET_OPTIONS = PRESETS.map((value) => ({ value, label: PRESET_TEXT[value] }));

export const DEFAULT_PRESET: DayPreset = 'thisMonth';

export interface DaySpan {
  start_date: string;
  end_date: string;
}

/** Monday of the week `day` is in. */
function mondayOf(day: Dayjs): Dayjs {
  return day.subtract((day.day() + 6) % 7, 'day').startOf('day');
}

/** The days of a preset around `today` (both ends included). */
export function presetSpan(preset: DayPreset, today: Dayjs = deploymentNow()): DaySpan {
  const day = today.startOf('day');
  const span = (start: Dayjs, end: Dayjs): DaySpan => ({
    start_date: start.format(DAY_FORMAT),
    end_date: end.format(DAY_FORMAT),
  });
  switch (preset) {
    case 'today':
      return span(day, day);
    case 'yesterday':
      return span(day.subtract(1, 'day'), day.subtract(1, 'day'));
    case 'thisWeek':
      return span(mondayOf(day), day);
    case 'lastWeek': {
      const monday = mondayOf(day).subtract(7, 'day');
      return span(monday, monday.add(6, 'day'));
    }
    case 'thisMonth':
      return span(day.startOf('month'), day);
    case 'lastMonth': {
      const first = day.startOf('month').subtract(1, 'month');
      return span(first, first.endOf('month'));
    }
  }
}

/** Days from start to end, both included (0 or less when the end comes first). */
export function spanDays(span: DaySpan): number {
  return dayjs(span.end_date).diff(dayjs(span.start_date), 'day') + 1;
}

/** What stops a span being asked for (the server says the same), or null. */
export function spanError(span: DaySpan): string | null {
  const days = spanDays(span);
  if (days < 1) return '结束日期不能早于开始日期';
  if (days > MAX_REPORT_DAYS) return `日期范围不能超过${MAX_REPORT_DAYS}天`;
  return null;
}
