import type { TaskRow } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { taskListBody } from './api';
import {
  crossesMidnight,
  newTaskValues,
  singleDateOf,
  taskFormError,
  taskValuesOf,
  toSaveTaskBody,
  weekdaysAfterSwitch,
} from './task-form-values';

const ROW: TaskRow = {
  task_id: 21,
  hold_id: 3,
  hold_name: '滨江花园保安部',
  task_name: '夜间巡逻',
  road_id: 7,
  road_name: '东区夜巡',
  object_id: 11,
  device_name: '一号机',
  device_no: '860000000000001',
  cycle_repeat_mode: 3,
  cycle_repeat_value: '周一,周三',
  cycle_text: '每周：周一,周三',
  single_date: '',
  start_time: '22:00',
  end_time: '02:00',
  time_slots: [],
  grace_minutes: 0,
  expire_time: '2027-06-30',
  patrol_card_names: '东门,北门',
  status: 0,
  status_text: '未开始',
  create_time: '2026-11-22 16:09:24',
};

const ready = { ...newTaskValues(3), task_name: '夜间巡逻', road_id: 7, object_id: 11 };

describe('a new task', () => {
  it('opens with every field cleared, daily, in the organisation picked in the tree', () => {
    expect(newTaskValues(3)).toEqual({
      holdId: 3,
      task_name: '',
      road_id: undefined,
      object_id: undefined,
      cycle_repeat_mode: 2,
      weekdays: [],
      monthdays: [],
      single_date: '',
      start_time: '',
      end_time: '',
      time_slots: [],
      expire_date: '',
    });
  });

  it('ticks 周一–周五 when switched to 每周 with nothing ticked, and keeps a choice already made', () => {
    expect(weekdaysAfterSwitch(3, [])).toEqual(['周一', '周二', '周三', '周四', '周五']);
    expect(weekdaysAfterSwitch(3, ['周六'])).toEqual(['周六']);
    expect(weekdaysAfterSwitch(4, [])).toEqual([]);
  });

  it('needs a name, a road and a device, in the spec’s words', () => {
    expect(taskFormError(newTaskValues(3))).toBe('请输入任务名称');
    expect(taskFormError({ ...newTaskValues(3), task_name: '夜间巡逻' })).toBe('请选择线路');
    expect(taskFormError({ ...newTaskValues(3), task_name: '夜间巡逻', road_id: 7 })).toBe('请选择巡检设备');
    expect(taskFormError(ready)).toBeNull();
    expect(taskFormError({ ...ready, holdId: undefined })).toBe('数据异常，无法保存！');
  });

  it('needs a weekday when weekly and a day when monthly', () => {
    expect(taskFormError({ ...ready, cycle_repeat_mode: 3 })).toBe('请选择每周巡检的星期');
    expect(taskFormError({ ...ready, cycle_repeat_mode: 4 })).toBe('请选择每月巡检的日期');
  });

  it('may cross midnight: a window ending before it starts is 跨夜, not an error', () => {
    const overnight = { ...ready, start_time: '22:00', end_time: '02:00' };
    expect(crossesMidnight(overnight)).toBe(true);
    expect(taskFormError(overnight)).toBeNull();
    expect(crossesMidnight({ start_time: '08:00', end_time: '09:00' })).toBe(false);
  });
});

describe('the task saved', () => {
  it('sends a weekly overnight task with weekday names, its window and expiry date', () => {
    const values = {
      ...ready,
      task_name: ' 夜间巡逻 ',
      cycle_repeat_mode: 3 as const,
      weekdays: ['周三', '周一'],
      time_slots: [{ start_time: '22:00', end_time: '02:00' }],
      expire_date: '2027-06-30',
    };
    expect(toSaveTaskBody(values, 0)).toEqual({
      task_id: 0,
      holdId: 3,
      task_name: '夜间巡逻',
      road_id: 7,
      object_id: 11,
      cycle_repeat_mode: 3,
      cycle_repeat_value: '周一,周三',
      expire_date: '2027-06-30',
      start_time: '22:00',
      end_time: '02:00',
      time_slots: [{ start_time: '22:00', end_time: '02:00' }],
    });
  });

  it('sends a single task’s day in front of its start time, and month days for a monthly one', () => {
    const single = {
      ...ready,
      cycle_repeat_mode: 1 as const,
      single_date: '2026-12-01',
      time_slots: [{ start_time: '08:00', end_time: '09:00' }],
    };
    expect(toSaveTaskBody(single, 21).start_time).toBe('2026-12-01 08:00');
    expect(toSaveTaskBody({ ...single, time_slots: [] }, 21).start_time).toBe('2026-12-01');
    expect(toSaveTaskBody({ ...single, single_date: '' }, 21).start_time).toBe('08:00');
    const monthly = { ...ready, cycle_repeat_mode: 4 as const, monthdays: ['31号', '1号'], weekdays: ['周一'] };
    expect(toSaveTaskBody(monthly, 21).cycle_repeat_value).toBe('1号,31号');
    expect(toSaveTaskBody(ready, 21).cycle_repeat_value).toBe('');
  });
});

describe('an existing task in the dialog', () => {
  it('starts from the task read afresh', () => {
    expect(taskValuesOf(ROW)).toEqual({
      holdId: 3,
      task_name: '夜间巡逻',
      road_id: 7,
      object_id: 11,
      cycle_repeat_mode: 3,
      weekdays: ['周一', '周三'],
      monthdays: [],
      single_date: '',
      start_time: '22:00',
      end_time: '02:00',
      time_slots: [],
      expire_date: '2027-06-30',
    });
  });

  it('finds a single task’s day in its cycle text', () => {
    expect(singleDateOf({ cycle_repeat_mode: 1, cycle_text: '单次：2026-12-01' })).toBe('2026-12-01');
    expect(singleDateOf({ cycle_repeat_mode: 1, cycle_text: '单次' })).toBe('');
    expect(taskValuesOf({ ...ROW, cycle_repeat_mode: 1, cycle_text: '单次：2026-12-01' }).single_date).toBe(
      '2026-12-01',
    );
  });
});

describe('the task list asks for', () => {
  it('task name, road name, include-children (on at first) and status (-1 = 全部)', () => {
    const params = { holdId: 3, keyword: '夜间', page: 1 };
    expect(taskListBody(params)).toEqual({
      task_name: '夜间',
      road_name: '',
      includeChildren: true,
      holdId: 3,
      task_status: -1,
      page: 1,
      pageSize: 25,
    });
    const filtered = taskListBody({ ...params, filters: { status: 3, road_name: '东区', includeChildren: false } });
    expect(filtered).toMatchObject({ task_status: 3, road_name: '东区', includeChildren: false });
  });
});
