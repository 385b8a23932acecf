import type { HoldTreeNode, RoadRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { RoadManagePage, RoadStatePage } from './road-list-page';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const road = (patch: Partial<RoadRow>): RoadRow => ({
  road_id: 7,
  road_name: '东区周巡',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  status: 1,
  status_text: '进行中',
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
  remark: '',
  create_time: '2026-11-22 16:09:24',
  ...patch,
});

const ROWS = [
  road({}),
  road({ road_id: 8, road_name: '旧线路', status: 4, status_text: '关闭', start_time: '', end_time: '' }),
];

function serve(list: () => { code?: number; msg?: string; data?: unknown; total?: number } = () => ({ data: ROWS })) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/PatrolRoad/List': list,
    '/PatrolRoad/GetPatrolRoadList': list,
    '/PatrolRoad/CloseRoad': () => ({ data: null }),
  });
}

function renderPage(Page = RoadManagePage) {
  render(
    <Providers>
      <Page />
    </Providers>,
  );
}

describe('the road list', { timeout: 60_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows each road’s status as a tag, and no 关闭 link on a closed road', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('东区周巡');
    const [, open, closed] = within(table).getAllByRole('row');
    expect(within(open!).getByText('进行中')).toBeTruthy();
    expect(within(open!).getByRole('button', { name: '关闭' })).toBeTruthy();
    expect(within(closed!).getByText('关闭')).toBeTruthy();
    expect(within(closed!).queryByRole('button', { name: '关闭' })).toBeNull();
    // No window: the whole day, in the 巡检时段 column.
    expect(within(closed!).getByText('全天')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/undefined|null/);
  });

  it('closes a road after 提示 asks, with CloseRoad', async () => {
    const server = serve();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '关闭' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('提示');
    expect(confirm.textContent).toContain('东区周巡');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已关闭！')).toBeTruthy();
    expect(server.callsTo('/PatrolRoad/CloseRoad')[0]?.body).toEqual({ road_id: 7 });
  });

  it('opens the detail in a new window: 新增 for the picked organisation, 编辑 for the road', async () => {
    serve();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderPage();
    fireEvent.click(await screen.findByText('滨江花园保安部', { selector: '.ant-tree-title' }));
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    expect(open).toHaveBeenLastCalledWith('/patrol/road_detail?id=0&holdid=3', '_blank');
    fireEvent.click((await screen.findAllByRole('button', { name: '编辑' }))[0]!);
    expect(open).toHaveBeenLastCalledWith('/patrol/road_detail?id=7&holdid=3', '_blank');
  });

  it('路线状态 lists through GetPatrolRoadList, with the status filter', async () => {
    const server = serve();
    renderPage(RoadStatePage);
    await screen.findByText('东区周巡');
    expect(server.callsTo('/PatrolRoad/GetPatrolRoadList')[0]?.body).toMatchObject({
      status: -1,
      include_children: true,
    });
    expect(server.callsTo('/PatrolRoad/List')).toHaveLength(0);
  });

  it('says 错了哦，接口出错！ with the reason when the list cannot be loaded', async () => {
    serve(() => ({ code: 403, msg: '无权查看该组织', data: null }));
    renderPage();
    expect(await screen.findAllByText('错了哦，接口出错！无权查看该组织')).not.toHaveLength(0);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  });
});
