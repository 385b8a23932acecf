import type { HoldTreeNode, TaskRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { newTaskValues, taskFormError, taskValuesOf, toSaveTaskBody } from './task-form-values';
import { TaskPage } from './task-page';

const TREE: HoldTreeNode[] = [{ id: 2, label: '华安物业', children: [] }];

const TASK: TaskRow = {
  task_id: 21,
  hold_id: 2,
  hold_name: '华安物业',
  task_name: '夜间巡逻',
  road_id: 7,
  road_name: '东区夜巡',
  object_id: 11,
  device_name: '一号机',
  device_no: '860000000000001',
  cycle_repeat_mode: 2,
  cycle_repeat_value: '',
  cycle_text: '每天',
  single_date: '',
  start_time: '22:00',
  end_time: '23:30',
  time_slots: [],
  grace_minutes: 5,
  expire_time: '',
  patrol_card_names: '东门,北门',
  status: 0,
  status_text: '未开始',
  create_time: '2026-11-22 16:09:24',
};

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a task’s grace (宽限时间)', { timeout: 60_000 }, () => {
  it('shows in the list, is checked by the dialog (0–120) and sent with the task', async () => {
    const server = fakeServer({
      '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
      '/RoadTask/GetRoadTaskList': () => ({ data: [TASK], total: 1 }),
      '/RoadTask/GetRoadTaskDetail': () => ({ data: TASK }),
      '/RoadTask/GetRoadOptions': () => ({ data: [{ road_id: 7, road_name: '东区夜巡' }] }),
      '/DeviceInfo/GetDeviceOptions': () => ({ data: [{ object_id: 11, object_name: '一号机', device_no: '860' }] }),
      '/RoadTask/SaveRoadTask': () => ({ data: { task_id: 21 } }),
    });
    render(
      <Providers>
        <TaskPage />
      </Providers>,
    );
    const row = (await screen.findByText('夜间巡逻')).closest('tr')!;
    expect(within(row).getByText('5分钟')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('夜间巡逻');
    const grace = within(dialog).getByLabelText('宽限时间') as HTMLInputElement;
    expect(grace.value).toBe('5');
    fireEvent.change(grace, { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect((await screen.findAllByText('宽限时间应为0-120分钟')).length).toBeGreaterThan(0);
    expect(server.callsTo('/RoadTask/SaveRoadTask')).toHaveLength(0);
    fireEvent.change(grace, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.callsTo('/RoadTask/SaveRoadTask')).toHaveLength(1));
    expect(server.callsTo('/RoadTask/SaveRoadTask')[0]?.body).toMatchObject({ task_id: 21, grace_minutes: 20 });
  });

  it('travels from the row to the body and is checked in the contract’s words', () => {
    const values = taskValuesOf(TASK);
    expect(values.grace_minutes).toBe(5);
    expect(toSaveTaskBody({ ...values, grace_minutes: 90 }, 21).grace_minutes).toBe(90);
    expect(taskFormError({ ...values, grace_minutes: 121 })).toBe('宽限时间应为0-120分钟');
    expect(taskFormError({ ...values, grace_minutes: 120 })).toBeNull();
    expect(newTaskValues(2).grace_minutes).toBeUndefined();
  });
});
