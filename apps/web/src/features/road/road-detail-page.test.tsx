import type { HoldTreeNode, RoadRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { RoadDetailPage } from './road-detail-page';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const ROAD = {
  road_id: 7,
  road_name: '东区周巡',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  status: 0,
  status_text: '未开始',
  cycle_repeat_type: 2,
  cycle_repeat_items: '周一,周三',
  cycle_text: '每周：周一,周三',
  start_time: '09:00',
  end_time: '11:30',
  remark: '雨天加巡',
} as RoadRow;

function serve() {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/HoldInfo/LoadParentBase': ({ query }) => ({
      data: { hold_id: Number(query.get('id')), hold_name: '滨江花园保安部' },
    }),
    '/PatrolRoad/Detail': () => ({ data: ROAD }),
    '/PatrolRoad/GetBindAccounts': () => ({ data: [{ user_id: 12, user_name: 'zhangwei', true_name: '张伟' }] }),
    '/PatrolRoad/GetBindCards': () => ({
      data: [
        { patrol_id: 5, patrol_sn: 'A5', patrol_name: '东门' },
        { patrol_id: 4, patrol_sn: 'A4', patrol_name: '北门' },
      ],
    }),
    '/StaffInfo/GetAccountOptions': () => ({
      data: [
        { user_id: 12, user_name: 'zhangwei', true_name: '张伟' },
        { user_id: 13, user_name: 'liqiang', true_name: '李强' },
      ],
    }),
    '/PatrolCard/GetCardOptions': () => ({
      data: [
        { patrol_id: 4, patrol_sn: 'A4', patrol_name: '北门' },
        { patrol_id: 5, patrol_sn: 'A5', patrol_name: '东门' },
        { patrol_id: 6, patrol_sn: 'A6', patrol_name: '配电房' },
      ],
    }),
    '/PatrolRoad/SaveRoadInfo': () => ({ data: { road_id: 7 } }),
  });
}

function renderAt(url: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <RoadDetailPage />
      </MemoryRouter>
    </Providers>,
  );
}

describe('the road detail window', { timeout: 60_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('loads a road with its accounts and its points in walking order, saves it and closes', async () => {
    const server = serve();
    const close = vi.fn();
    vi.stubGlobal('close', close);
    renderAt('/patrol/road_detail?id=7&holdid=3');
    expect(await screen.findByDisplayValue('东区周巡')).toBeTruthy();
    expect(screen.getByDisplayValue('滨江花园保安部')).toBeTruthy();
    const cards = screen.getByRole('group', { name: '巡检点' });
    expect(await within(cards).findByText('1. 东门(A5)')).toBeTruthy();
    expect(within(cards).getByText('2. 北门(A4)')).toBeTruthy();
    const weekdays = screen.getByRole('group', { name: '巡检星期' });
    expect((within(weekdays).getByRole('checkbox', { name: '周三' }) as HTMLInputElement).checked).toBe(true);
    expect((within(weekdays).getByRole('checkbox', { name: '周二' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    const asked = await screen.findByRole('dialog');
    expect(asked.textContent).toContain('保存成功，是否继续编辑？');
    expect(server.callsTo('/PatrolRoad/SaveRoadInfo')[0]?.body).toEqual({
      road_id: 7,
      road_name: '东区周巡',
      hold_id: 3,
      cycle_repeat_type: 2,
      cycle_repeat_items: '周一,周三',
      start_time: '09:00',
      end_time: '11:30',
      time_slots: [{ start_time: '09:00', end_time: '11:30' }],
      user_id_list: [12],
      card_id_list: [5, 4],
      remark: '雨天加巡',
    });
    expect(server.callsTo('/PatrolRoad/Detail')[0]?.query.get('roadId')).toBe('7');
    fireEvent.click(within(asked).getByRole('button', { name: '关闭窗口' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('starts a new road in the organisation of holdid, and asks for a name before saving', async () => {
    const server = serve();
    renderAt('/patrol/road_detail?id=0&holdid=3');
    expect(await screen.findByDisplayValue('滨江花园保安部')).toBeTruthy();
    expect(server.callsTo('/HoldInfo/LoadParentBase')[0]?.query.get('id')).toBe('3');
    expect(server.callsTo('/PatrolRoad/Detail')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('请输入路线名称！')).toBeTruthy();
    expect(server.callsTo('/PatrolRoad/SaveRoadInfo')).toHaveLength(0);
  });
});
