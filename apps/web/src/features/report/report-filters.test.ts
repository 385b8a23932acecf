import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultReportFilters,
  exportMissedBody,
  filtersFromSearch,
  missedReportBody,
  missedRoundsBody,
  presetSpan,
  printUrl,
  rateText,
  spanError,
  spanText,
} from './report-filters';

// A Thursday.
const THURSDAY = dayjs('2026-11-19T10:00:00');

describe('the report’s quick spans', () => {
  it('are days around today; weeks start on Monday, this week and this month run up to today', () => {
    const span = (preset: Parameters<typeof presetSpan>[0], today = THURSDAY) => {
      const { start_date, end_date } = presetSpan(preset, today);
      return `${start_date}..${end_date}`;
    };
    expect(span('today')).toBe('2026-11-19..2026-11-19');
    expect(span('yesterday')).toBe('2026-11-18..2026-11-18');
    expect(span('thisWeek')).toBe('2026-11-16..2026-11-19');
    expect(span('lastWeek')).toBe('2026-11-09..2026-11-15');
    expect(span('thisMonth')).toBe('2026-11-01..2026-11-19');
    expect(span('lastMonth')).toBe('2026-10-01..2026-10-31');
  });

  it('treat Sunday as the last day of its week and cross the year for 上月 in January', () => {
    expect(presetSpan('thisWeek', dayjs('2026-11-22T08:00:00'))).toEqual({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
    });
    expect(presetSpan('lastWeek', dayjs('2026-11-23T08:00:00'))).toEqual({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
    });
    expect(presetSpan('lastMonth', dayjs('2026-01-10T08:00:00'))).toEqual({
      start_date: '2025-12-01',
      end_date: '2025-12-31',
    });
    expect(presetSpan('yesterday', dayjs('2026-03-01T08:00:00')).start_date).toBe('2026-02-28');
  });

  it('refuses an end before the start and more than 366 days, as the server does', () => {
    expect(spanError({ start_date: '2026-11-19', end_date: '2026-11-18' })).toBe('结束日期不能早于开始日期');
    expect(spanError({ start_date: '2025-11-19', end_date: '2026-11-19' })).toBeNull();
    expect(spanError({ start_date: '2025-11-18', end_date: '2026-11-19' })).toBe('日期范围不能超过366天');
  });
});

describe('the report’s calls', () => {
  it('start this month, by road, organisation and below, most missed first', () => {
    expect(missedReportBody(defaultReportFilters(THURSDAY), 1)).toEqual({
      holdId: undefined,
      includeChildren: true,
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      group_by: 'road',
      road_id: undefined,
      user_id: undefined,
      sort: 'missed',
      page: 1,
      pageSize: 25,
    });
  });

  it('ask for a row’s rounds by its key, and export the same filters without paging', () => {
    const filters = { ...defaultReportFilters(THURSDAY), group_by: 'date' as const, holdId: 3 };
    expect(missedRoundsBody(filters, '2026-11-18', true, 2)).toMatchObject({
      group_by: 'date',
      group_key: '2026-11-18',
      only_missed: true,
      holdId: 3,
      page: 2,
      pageSize: 10,
    });
    expect(exportMissedBody(filters)).not.toHaveProperty('page');
    expect(exportMissedBody(filters)).toMatchObject({ group_by: 'date', holdId: 3, sort: 'missed' });
  });

  it('show a rate with one decimal, and — when nothing was expected', () => {
    expect(rateText(87.5)).toBe('87.5%');
    expect(rateText(100)).toBe('100.0%');
    expect(rateText(null)).toBe('—');
    expect(rateText(undefined)).toBe('—');
  });
});

describe('the print view’s address', () => {
  it('carries the applied filters there and back', () => {
    const filters = {
      ...defaultReportFilters(THURSDAY),
      holdId: 3,
      includeChildren: false,
      group_by: 'user' as const,
      road_id: 7,
      user_id: 12,
      sort: 'rate' as const,
      preset: null,
      start_date: '2026-10-01',
      end_date: '2026-10-31',
    };
    const url = printUrl(filters);
    expect(url.startsWith('/patrol/missed_report/print?')).toBe(true);
    const back = filtersFromSearch(new URLSearchParams(url.split('?')[1]), THURSDAY);
    expect(back).toEqual(filters);
    expect(spanText(back)).toBe('2026-10-01 至 2026-10-31');
  });

  it('falls back to this month by road for a wrong or empty address', () => {
    const back = filtersFromSearch(new URLSearchParams('start_date=2026-13-01&group_by=x&hold_id=-2'), THURSDAY);
    expect(back).toEqual(defaultReportFilters(THURSDAY));
  });
});
