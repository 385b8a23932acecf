import type { HoldTreeNode, RoadRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { RoadDetailPage } from './road-detail-page';
import { RoadInfoPage } from './road-info-page';
import { newRoadInfoValues, roadInfoFormError, roadInfoValuesOf, toSaveRoadInfoBody } from './road-info-values';
import { newRoadValues, roadFormError, roadValuesOf, toSaveRoadBody } from './road-detail-values';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const ROAD: RoadRow = {
  road_id: 7,
  road_name: '东区周巡',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  status: 0,
  status_text: '未开始',
  cycle_repeat_type: 1,
  cycle_repeat_items: '',
  cycle_text: '每天',
  cycle_everydays: 1,
  cycle_weeks: '',
  cycle_monthdays: '',
  start_time: '09:00',
  end_time: '11:30',
  time_slots: [],
  grace_minutes: 10,
  patrol_users: '张伟',
  user_id: '12',
  patrol_cards: '东门',
  patrol_card_ids: '5',
  patrol_card_names: '东门',
  remark: '',
  create_time: '2026-11-22 16:09:24',
};

function serve() {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/HoldInfo/LoadParentBase': () => ({ data: { hold_id: 3, hold_name: '滨江花园保安部' } }),
    '/PatrolRoad/Detail': () => ({ data: ROAD }),
    '/PatrolRoad/GetBindAccounts': () => ({ data: [{ user_id: 12, user_name: 'zhangwei', true_name: '张伟' }] }),
    '/PatrolRoad/GetBindCards': () => ({ data: [{ patrol_id: 5, patrol_sn: 'A5', patrol_name: '东门' }] }),
    '/StaffInfo/GetAccountOptions': () => ({ data: [{ user_id: 12, user_name: 'zhangwei', true_name: '张伟' }] }),
    '/PatrolCard/GetCardOptions': () => ({ data: [{ patrol_id: 5, patrol_sn: 'A5', patrol_name: '东门' }] }),
    '/PatrolRoad/SaveRoadInfo': () => ({ data: { road_id: 7 } }),
    '/RoadInfo/GetRoadInfoList': () => ({
      data: [ROAD, { ...ROAD, road_id: 8, road_name: '西区', grace_minutes: 0 }],
      total: 2,
    }),
    '/RoadInfo/GetRoadDetail': () => ({ data: ROAD }),
    '/RoadInfo/SaveRoadInfoNew': () => ({ data: { road_id: 7 } }),
  });
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a road’s grace (宽限时间)', { timeout: 60_000 }, () => {
  it('is read, checked (0–120) and sent by the road detail page', async () => {
    const server = serve();
    render(
      <Providers>
        <MemoryRouter initialEntries={['/patrol/road_detail?id=7&holdid=3']}>
          <RoadDetailPage />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByDisplayValue('东区周巡')).toBeTruthy();
    const grace = screen.getByLabelText('宽限时间') as HTMLInputElement;
    expect(grace.value).toBe('10');
    fireEvent.change(grace, { target: { value: '130' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    expect((await screen.findAllByText('宽限时间应为0-120分钟')).length).toBeGreaterThan(0);
    expect(server.callsTo('/PatrolRoad/SaveRoadInfo')).toHaveLength(0);

    fireEvent.change(grace, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(server.callsTo('/PatrolRoad/SaveRoadInfo')).toHaveLength(1));
    expect(server.callsTo('/PatrolRoad/SaveRoadInfo')[0]?.body).toMatchObject({ road_id: 7, grace_minutes: 15 });
  });

  it('starts at 0 on a new road', async () => {
    serve();
    render(
      <Providers>
        <MemoryRouter initialEntries={['/patrol/road_detail?id=0&holdid=3']}>
          <RoadDetailPage />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByDisplayValue('滨江花园保安部')).toBeTruthy();
    expect((screen.getByLabelText('宽限时间') as HTMLInputElement).value).toBe('0');
  });

  it('shows in 线路管理’s list and is sent from its dialog', async () => {
    const server = serve();
    render(
      <Providers>
        <RoadInfoPage />
      </Providers>,
    );
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('东区周巡')).closest('tr')!;
    expect(within(row).getByText('10分钟')).toBeTruthy();
    expect(within(within(table).getByText('西区').closest('tr')!).getByText('无')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('东区周巡');
    const grace = within(dialog).getByLabelText('宽限时间') as HTMLInputElement;
    await waitFor(() => expect(grace.value).toBe('10'));
    fireEvent.change(grace, { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect((await within(dialog).findAllByText('宽限时间应为0-120分钟')).length).toBeGreaterThan(0);
    expect(server.callsTo('/RoadInfo/SaveRoadInfoNew')).toHaveLength(0);
    fireEvent.change(grace, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.callsTo('/RoadInfo/SaveRoadInfoNew')).toHaveLength(1));
    expect(server.callsTo('/RoadInfo/SaveRoadInfoNew')[0]?.body).toMatchObject({ road_id: 7, grace_minutes: 30 });
  });
});

describe('the grace in the road forms’ values', () => {
  const ready = { ...newRoadValues(), road_name: '东区', user_ids: [12], card_ids: [5] };

  it('is checked last, in the contract’s words', () => {
    expect(roadFormError({ ...ready, grace_minutes: 121 }, 3)).toBe('宽限时间应为0-120分钟');
    expect(roadFormError({ ...ready, grace_minutes: 120 }, 3)).toBeNull();
    const info = { ...newRoadInfoValues(3), road_name: '南区', card_ids: [4] };
    expect(roadInfoFormError({ ...info, grace_minutes: 1.5 })).toBe('宽限时间应为0-120分钟');
    expect(roadInfoFormError({ ...info, grace_minutes: null })).toBeNull();
  });

  it('travels from the row to the body; none (0) is left out, which the contract reads as 0', () => {
    expect(roadValuesOf(ROAD, [], []).grace_minutes).toBe(10);
    expect(toSaveRoadBody({ ...ready, grace_minutes: 45 }, 7, 3).grace_minutes).toBe(45);
    expect(JSON.parse(JSON.stringify(toSaveRoadBody({ ...ready, grace_minutes: 0 }, 7, 3)))).not.toHaveProperty(
      'grace_minutes',
    );
    expect(roadInfoValuesOf(ROAD).grace_minutes).toBe(10);
    const info = { ...newRoadInfoValues(3), road_name: '南区', card_ids: [4], grace_minutes: 20 };
    expect(toSaveRoadInfoBody(info, 0, []).grace_minutes).toBe(20);
  });
});
