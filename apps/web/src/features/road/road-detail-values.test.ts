import type { RoadRow } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { roadInfoListBody, roadListBody } from './api';
import { newRoadValues, roadFormError, roadValuesOf, roadWindowError, toSaveRoadBody } from './road-detail-values';

const ROAD: RoadRow = {
  road_id: 7,
  road_name: '东区夜巡',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  status: 0,
  status_text: '未开始',
  cycle_repeat_type: 2,
  cycle_repeat_items: '周一,周三',
  cycle_text: '每周：周一,周三',
  cycle_everydays: 0,
  cycle_weeks: '周一,周三',
  cycle_monthdays: '',
  start_time: '09:00',
  end_time: '11:30',
  time_slots: [],
  grace_minutes: 0,
  patrol_users: '张伟',
  user_id: '12',
  patrol_cards: '东门,北门',
  patrol_card_ids: '5,4',
  patrol_card_names: '东门,北门',
  remark: '雨天加巡',
  create_time: '2026-11-22 16:09:24',
};

const ready = { ...newRoadValues(), road_name: '东区夜巡', user_ids: [12], card_ids: [5, 4] };

describe('a new road in the detail window', () => {
  it('starts daily, whole day, nothing chosen, with 周一–周五 ready for a weekly cycle', () => {
    expect(newRoadValues()).toEqual({
      road_name: '',
      walker_mode: 'accounts',
      user_ids: [],
      cycle_repeat_type: 1,
      weekdays: ['周一', '周二', '周三', '周四', '周五'],
      monthdays: [],
      start_time: '',
      end_time: '',
      time_slots: [],
      card_ids: [],
      remark: '',
    });
  });

  it('needs a name, an account and a point, in the spec’s words', () => {
    expect(roadFormError(newRoadValues(), 3)).toBe('请输入路线名称！');
    expect(roadFormError({ ...newRoadValues(), road_name: '  ' }, 3)).toBe('请输入路线名称！');
    expect(roadFormError({ ...newRoadValues(), road_name: '东区' }, 3)).toBe('请选择账号！');
    expect(roadFormError({ ...newRoadValues(), road_name: '东区', user_ids: [12] }, 3)).toBe('请选择巡检项！');
    expect(roadFormError(ready, 3)).toBeNull();
  });

  it('is refused without an organisation (数据异常，无法保存！)', () => {
    expect(roadFormError(ready, undefined)).toBe('数据异常，无法保存！');
  });

  it('needs a weekday for a weekly cycle and a day for a monthly one', () => {
    expect(roadFormError({ ...ready, cycle_repeat_type: 2, weekdays: [] }, 3)).toBe('请选择每周巡检的星期');
    expect(roadFormError({ ...ready, cycle_repeat_type: 3 }, 3)).toBe('请选择每月巡检的日期');
    expect(roadFormError({ ...ready, cycle_repeat_type: 3, monthdays: ['1号'] }, 3)).toBeNull();
  });

  it('may not end before it starts; an open end or start is fine', () => {
    expect(roadWindowError('10:00', '09:45')).toBe('结束时间不能早于开始时间');
    expect(roadWindowError('10:00', '10:00')).toBeNull();
    expect(roadWindowError('10:00', '')).toBeNull();
    const window = { ...ready, time_slots: undefined };
    expect(roadFormError({ ...window, start_time: '18:30', end_time: '08:30' }, 3)).toBe('结束时间不能早于开始时间');
    expect(roadFormError({ ...window, start_time: '08:30', end_time: '18:30' }, 3)).toBeNull();
  });

  it('checks its time slots as the server does (SHIFTS.md)', () => {
    const slots = (...pairs: [string, string][]) => pairs.map(([start_time, end_time]) => ({ start_time, end_time }));
    expect(roadFormError({ ...ready, time_slots: slots(['08:00', '09:00'], ['08:30', '10:00']) }, 3)).toBe(
      '时段不能重叠',
    );
    expect(roadFormError({ ...ready, time_slots: slots(['08:00', '08:05']) }, 3)).toBe('每个时段至少10分钟');
    expect(roadFormError({ ...ready, time_slots: slots(['20:00', '02:00'], ['22:30', '23:00']) }, 3)).toBe(
      '只有最后一个时段可以跨过零点',
    );
    expect(roadFormError({ ...ready, time_slots: slots(['08:00', '09:00'], ['22:00', '02:00']) }, 3)).toBeNull();
    expect(roadFormError({ ...ready, time_slots: [] }, 3)).toBeNull();
  });
});

describe('the road saved from the detail window', () => {
  it('sends a weekly road with its weekdays as names, its window, accounts and points in walking order', () => {
    const values = {
      ...ready,
      road_name: ' 东区夜巡 ',
      cycle_repeat_type: 2 as const,
      weekdays: ['周五', '周一'],
      monthdays: ['1号'],
      start_time: '08:30',
      end_time: '10:15',
      time_slots: [],
      card_ids: [9, 2, 5],
      remark: ' 带手电 ',
    };
    expect(toSaveRoadBody(values, 0, 3)).toEqual({
      road_id: 0,
      road_name: '东区夜巡',
      holdId: 3,
      cycle_repeat_type: 2,
      cycle_repeat_items: '周一,周五',
      start_time: '08:30',
      end_time: '10:15',
      time_slots: [],
      user_id_list: [12],
      card_id_list: [9, 2, 5],
      remark: '带手电',
    });
  });

  it('sends month days for a monthly road and no items for a daily one', () => {
    const monthly = { ...ready, cycle_repeat_type: 3 as const, monthdays: ['15号', '1号'] };
    expect(toSaveRoadBody(monthly, 7, 3).cycle_repeat_items).toBe('1号,15号');
    expect(toSaveRoadBody({ ...ready, weekdays: ['周一'] }, 7, 3).cycle_repeat_items).toBe('');
  });
});

describe('an existing road in the detail window', () => {
  it('starts from the road, its bound accounts and its points in their order', () => {
    const accounts = [{ user_id: 12, user_name: 'zhangwei', true_name: '张伟' }];
    const cards = [
      { patrol_id: 5, patrol_sn: 'A5', patrol_name: '东门' },
      { patrol_id: 4, patrol_sn: 'A4', patrol_name: '北门' },
    ];
    expect(roadValuesOf(ROAD, accounts, cards)).toEqual({
      road_name: '东区夜巡',
      walker_mode: 'accounts',
      user_ids: [12],
      cycle_repeat_type: 2,
      weekdays: ['周一', '周三'],
      monthdays: [],
      start_time: '09:00',
      end_time: '11:30',
      time_slots: [],
      card_ids: [5, 4],
      remark: '雨天加巡',
    });
  });

  it('ticks the month days of a monthly road and keeps 周一–周五 ready', () => {
    const monthly = { ...ROAD, cycle_repeat_type: 3, cycle_repeat_items: '1号,15号' };
    const values = roadValuesOf(monthly, [], []);
    expect(values.monthdays).toEqual(['1号', '15号']);
    expect(values.weekdays).toEqual(['周一', '周二', '周三', '周四', '周五']);
  });
});

describe('the road lists ask for', () => {
  it('路线管理: the name, the organisation and below, and the status (-1 = 全部)', () => {
    const params = { holdId: 3, keyword: '东区', page: 2 };
    expect(roadListBody(params)).toEqual({
      road_name: '东区',
      holdId: 3,
      includeChildren: true,
      status: -1,
      page: 2,
      pageSize: 25,
    });
    expect(roadListBody({ ...params, filters: { status: 4 } }).status).toBe(4);
  });

  it('线路管理: include-children on unless unticked', () => {
    const params = { holdId: undefined, keyword: '', page: 1 };
    expect(roadInfoListBody(params)).toEqual({
      road_name: '',
      holdId: undefined,
      includeChildren: true,
      page: 1,
      pageSize: 25,
    });
    expect(roadInfoListBody({ ...params, filters: { includeChildren: false } }).includeChildren).toBe(false);
  });
});

describe('a road walked by shift (SHIFTS.md)', () => {
  const byShift = (shift_id?: number) => ({
    ...newRoadValues(),
    road_name: '白班巡逻',
    walker_mode: 'shift' as const,
    ...(shift_id ? { shift_id } : {}),
    card_ids: [5],
  });

  it('needs its shift instead of accounts, and saves the shift with no accounts', () => {
    expect(roadFormError(byShift(), 3)).toBe('请选择班次');
    expect(roadFormError(byShift(7), 3)).toBeNull();
    expect(toSaveRoadBody(byShift(7), 0, 3)).toMatchObject({ walker_mode: 'shift', shift_id: 7, user_id_list: [] });
  });
});
