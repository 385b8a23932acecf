import { describe, expect, it } from 'vitest';
import { FIRST_LIST_PARAMS, type ListParams } from '../../components/paging';
import {
  cardTotalsExportBody,
  cardTotalsListBody,
  DEFAULT_RECORD_FILTERS,
  hasDates,
  punchExportBody,
  punchListBody,
  recordExportBody,
  recordFiltersOf,
  recordListBody,
} from './record-filters';

const params = (patch: Partial<ListParams>): ListParams => ({ ...FIRST_LIST_PARAMS, ...patch });

describe('打卡数据, 设备统计 and 人员统计 send their filters', () => {
  it('at first: this week, the caller’s own organisation, page 1 of 25, each screen its own search type', () => {
    expect(punchListBody(FIRST_LIST_PARAMS, 'clockIn')).toEqual({
      holdId: undefined,
      time_range: 1,
      search_type: 'card_no',
      key: '',
      page: 1,
      pageSize: 25,
    });
    expect(punchListBody(FIRST_LIST_PARAMS, 'device').search_type).toBe('device_no');
    expect(punchListBody(FIRST_LIST_PARAMS, 'user').search_type).toBe('account');
  });

  it('send the page asked for as the page index, not the page count (the spec’s pager defect)', () => {
    expect(punchListBody(params({ page: 2 }), 'clockIn')).toMatchObject({ page: 2, pageSize: 25 });
    expect(punchListBody(params({ page: 7 }), 'device')).toMatchObject({ page: 7 });
  });

  it('send the picked organisation, period, search type and keyword', () => {
    const picked = params({ holdId: 3, keyword: 'zhangwei', filters: { time_range: 4, search_type: 'account' } });
    expect(punchListBody(picked, 'clockIn')).toEqual({
      holdId: 3,
      time_range: 4,
      search_type: 'account',
      key: 'zhangwei',
      page: 1,
      pageSize: 25,
    });
  });

  it('fall back to the screen’s search type and 本周 for values that are not theirs', () => {
    const odd = params({ filters: { time_range: 9, search_type: 'imei' } });
    expect(punchListBody(odd, 'device')).toMatchObject({ time_range: 1, search_type: 'device_no' });
  });

  it('export the same filters without paging; 设备统计 and 人员统计 name their file', () => {
    const picked = params({ holdId: 2, keyword: 'A1', page: 3, filters: { time_range: 3, search_type: 'card_no' } });
    expect(punchExportBody(picked, 'clockIn')).toEqual({
      holdId: 2,
      time_range: 3,
      search_type: 'card_no',
      key: 'A1',
    });
    expect(punchExportBody(picked, 'device')).toEqual({
      holdId: 2,
      time_range: 3,
      search_type: 'card_no',
      key: 'A1',
      screen: 'device',
    });
    expect(punchExportBody(picked, 'user')).toMatchObject({ screen: 'user' });
    expect(punchExportBody(picked, 'user')).not.toHaveProperty('page');
  });
});

describe('巡检记录 and 巡检点统计 send their filters', () => {
  it('at first: this week, own organisation with its subordinates, no dates, no keywords', () => {
    expect(recordListBody(FIRST_LIST_PARAMS)).toEqual({
      holdId: undefined,
      time_limits: 1,
      start_time: '',
      end_time: '',
      includeChildren: true,
      patrol_card_no: '',
      patrol_card_name: '',
      device_sn: '',
      device_name: '',
      page: 1,
      pageSize: 25,
    });
  });

  it('send every field of the bar, trimmed, with dates as YYYY-MM-DD', () => {
    const filters = recordFiltersOf({
      ...DEFAULT_RECORD_FILTERS,
      holdId: 5,
      time_limits: 3,
      start_time: '2026-10-01',
      end_time: '2026-10-31',
      includeChildren: false,
      patrol_card_no: ' 0001A ',
      patrol_card_name: '东门',
      device_sn: '8650',
      device_name: ' 终端 ',
    });
    expect(recordListBody(params({ filters: { ...filters }, page: 2 }))).toEqual({
      holdId: 5,
      time_limits: 3,
      start_time: '2026-10-01',
      end_time: '2026-10-31',
      includeChildren: false,
      patrol_card_no: '0001A',
      patrol_card_name: '东门',
      device_sn: '8650',
      device_name: '终端',
      page: 2,
      pageSize: 25,
    });
    expect(recordExportBody(params({ filters: { ...filters }, page: 2 }))).not.toHaveProperty('page');
  });

  it('let dates override the range, and drop a date that is not one', () => {
    expect(hasDates(DEFAULT_RECORD_FILTERS)).toBe(false);
    expect(hasDates({ start_time: '2026-10-01', end_time: '' })).toBe(true);
    expect(recordFiltersOf({ start_time: '2026/10/01', end_time: 'tomorrow' })).toMatchObject({
      start_time: '',
      end_time: '',
    });
  });

  it('ask for flagged punches only when 仅看异常标记 is ticked, never on 巡检点统计', () => {
    expect(recordListBody(FIRST_LIST_PARAMS)).not.toHaveProperty('flagged_only');
    const flagged = params({ filters: { ...DEFAULT_RECORD_FILTERS, flagged_only: true } });
    expect(recordListBody(flagged)).toMatchObject({ flagged_only: true });
    expect(recordExportBody(flagged)).toMatchObject({ flagged_only: true });
    expect(cardTotalsListBody(flagged)).not.toHaveProperty('flagged_only');
    expect(punchListBody(FIRST_LIST_PARAMS, 'clockIn')).not.toHaveProperty('flagged_only');
    const punches = params({ filters: { time_range: 1, search_type: 'card_no', flagged_only: true } });
    expect(punchListBody(punches, 'device')).toMatchObject({ flagged_only: true });
    expect(punchExportBody(punches, 'user')).toMatchObject({ flagged_only: true, screen: 'user' });
  });

  it('leave out the device fields for 巡检点统计, and page it like the other lists', () => {
    const filters = { ...DEFAULT_RECORD_FILTERS, device_sn: '8650', patrol_card_name: '东门' };
    const body = cardTotalsListBody(params({ filters, page: 2 }));
    expect(body).not.toHaveProperty('device_sn');
    expect(body).not.toHaveProperty('device_name');
    expect(body).toMatchObject({ patrol_card_name: '东门', includeChildren: true, page: 2, pageSize: 25 });
    expect(cardTotalsExportBody(params({ filters, page: 2 }))).not.toHaveProperty('page');
  });
});
