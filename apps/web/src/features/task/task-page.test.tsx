import type { HoldTreeNode, TaskRow } from '@guard-tour/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
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
  cycle_repeat_mode: 3,
  cycle_repeat_value: '周一,周三',
  cycle_text: '每周：周一,周三',
  single_date: '',
  start_time: '22:00',
  end_time: '02:00',
  time_slots: [{ start_time: '22:00', end_time: '02:00' }],
  grace_minutes: 0,
  expire_time: '',
  patrol_card_names: '东门,北门',
  status: 3,
  status_text: '异常',
  create_time: '2026-11-22 16:09:24',
};

function serve(remove: () => { code?: number; msg?: string; data?: unknown } = () => ({ data: null })) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/RoadTask/GetRoadTaskList': () => ({ data: [TASK], total: 1 }),
    '/RoadTask/GetRoadTaskDetail': () => ({ data: TASK }),
    '/RoadTask/GetRoadOptions': () => ({ data: [{ road_id: 7, road_name: '东区夜巡' }] }),
    '/DeviceInfo/GetDeviceOptions': () => ({ data: [{ object_id: 11, object_name: '一号机', device_no: '860' }] }),
    '/RoadTask/RemoveRoadTask': remove,
  });
}

/** Every call to this path fails on the wire (no answer at all). */
function cutOff(path: string) {
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    url.includes(path) ? Promise.reject(new TypeError('Failed to fetch')) : answer(url, init),
  );
}

function renderPage() {
  render(
    <Providers>
      <TaskPage />
    </Providers>,
  );
}

async function deleteTheTask() {
  fireEvent.click(await screen.findByRole('button', { name: '删除' }));
  const confirm = await screen.findByRole('dialog');
  expect(confirm.textContent).toContain('此操作将删除该任务信息, 是否继续?');
  fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
}

describe('the task screen', { timeout: 60_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows an overnight window as ending the next day, an open expiry as 长期, and the status tag', async () => {
    const server = serve();
    renderPage();
    const row = (await screen.findByText('夜间巡逻')).closest('tr')!;
    expect(within(row).getByText('22:00-次日 02:00')).toBeTruthy();
    expect(within(row).getByText('长期')).toBeTruthy();
    expect(within(row).getByText('异常')).toBeTruthy();
    expect(server.callsTo('/RoadTask/GetRoadTaskList')[0]?.body).toMatchObject({
      task_name: '',
      road_name: '',
      include_children: true,
      task_status: -1,
    });
    expect(document.body.textContent).not.toMatch(/undefined|null/);
  });

  it('says 已删除！ after a delete', async () => {
    const server = serve();
    renderPage();
    await deleteTheTask();
    expect(await screen.findByText('已删除！')).toBeTruthy();
    expect(server.callsTo('/RoadTask/RemoveRoadTask')[0]?.body).toEqual({ task_ids: [21] });
  });

  it('says 处理发生异常 when the delete gets no answer', async () => {
    serve();
    cutOff('/RoadTask/RemoveRoadTask');
    renderPage();
    await deleteTheTask();
    expect(await screen.findByText('处理发生异常')).toBeTruthy();
  });

  it('says 删除失败！ with the server’s reason when it refuses', async () => {
    serve(() => ({ code: 404, msg: '任务不存在或已删除', data: null }));
    renderPage();
    await deleteTheTask();
    expect(await screen.findByText('删除失败！任务不存在或已删除')).toBeTruthy();
  });

  it('opens 编辑 with the task read afresh', async () => {
    const server = serve();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('夜间巡逻')).toBeTruthy();
    expect(server.callsTo('/RoadTask/GetRoadTaskDetail')[0]?.query.get('task_id')).toBe('21');
    expect(within(dialog).getByDisplayValue('22:00')).toBeTruthy();
  });
});
