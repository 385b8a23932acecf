import type { HoldTreeNode, MissedRound, RoadRow, RoundPoints } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { RoadDetailPage } from './road-detail-page';
import { RoadManagePage, RoadStatePage } from './road-list-page';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const ROAD: RoadRow = {
  road_id: 7,
  road_name: '东区周巡',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  status: 1,
  status_text: '进行中',
  cycle_repeat_type: 1,
  cycle_repeat_items: '',
  cycle_text: '每天',
  cycle_everydays: 1,
  cycle_weeks: '',
  cycle_monthdays: '',
  start_time: '09:00',
  end_time: '11:30',
  time_slots: [],
  grace_minutes: 15,
  patrol_users: '张伟',
  user_id: '12',
  patrol_cards: '东门,北门',
  patrol_card_ids: '5,4',
  patrol_card_names: '东门,北门',
  remark: '',
  create_time: '2026-11-22 16:09:24',
};

const round = (day: string): MissedRound => ({
  round_id: 31,
  round_date: day,
  slot_no: 1,
  road_id: 7,
  road_name: '东区周巡',
  task_id: null,
  task_name: '',
  window_start: `${day} 09:00:00`,
  window_end: `${day} 11:30:00`,
  walkers: '张伟',
  result: 3,
  missed: [{ patrol_id: 4, patrol_name: '北门', patrol_sn: 'A4' }],
});

const POINTS: RoundPoints = {
  round_id: 31,
  road_id: 7,
  road_name: '东区周巡',
  task_id: null,
  task_name: '',
  round_date: '2026-11-23',
  slot_no: 1,
  window_start: '2026-11-23 09:00:00',
  window_end: '2026-11-23 11:30:00',
  grace_minutes: 15,
  result: 3,
  points: [
    { patrol_id: 5, patrol_name: '东门', patrol_sn: 'A5', result: 3, punch_time: '2026-11-23 11:40:00' },
    { patrol_id: 4, patrol_name: '北门', patrol_sn: 'A4', result: 4, punch_time: null },
  ],
};

function serve(rounds: (call: Call) => { data: MissedRound[]; total: number }) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/PatrolRoad/List': () => ({ data: [ROAD], total: 1 }),
    '/PatrolRoad/GetPatrolRoadList': () => ({ data: [ROAD], total: 1 }),
    '/Report/MissedRounds': rounds,
    '/Report/RoundPoints': () => ({ data: POINTS }),
    '/PatrolRoad/Detail': () => ({ data: ROAD }),
    '/PatrolRoad/GetBindAccounts': () => ({ data: [] }),
    '/PatrolRoad/GetBindCards': () => ({ data: [] }),
    '/StaffInfo/GetAccountOptions': () => ({ data: [] }),
    '/PatrolCard/GetCardOptions': () => ({ data: [] }),
  });
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** 路线状态 with 查看轮次 clicked on its road: the dialog. */
async function openRounds() {
  render(
    <Providers>
      <RoadStatePage />
    </Providers>,
  );
  fireEvent.click(await screen.findByRole('button', { name: '查看轮次' }));
  return screen.findByRole('dialog');
}

describe('路线状态: 查看轮次', { timeout: 60_000 }, () => {
  it('finds the road’s round of today and shows each point’s result', async () => {
    const server = serve((call) => {
      const day = (call.body as { start_date: string }).start_date;
      return { data: [round(day)], total: 1 };
    });
    const dialog = await openRounds();
    expect(within(screen.getByText('东区周巡').closest('tr')!).getByText('15分钟')).toBeTruthy();
    const points = await within(dialog).findByRole('table', { name: '本轮巡检点' });
    const today = dayjs().format('YYYY-MM-DD');
    expect(server.callsTo('/Report/MissedRounds')[0]?.body).toEqual({
      group_by: 'road',
      group_key: 7,
      start_date: today,
      end_date: today,
      hold_id: 3,
      include_children: true,
      PageIndex: 1,
      PageSize: 200,
    });
    expect(server.callsTo('/Report/RoundPoints')[0]?.query.get('round_id')).toBe('31');
    expect(within(points).getByText('迟到')).toBeTruthy();
    expect(within(points).getByText('漏检')).toBeTruthy();
    expect((within(dialog).getByLabelText('日期') as HTMLInputElement).value).toBe(today);
  });

  it('lists every round of the day, however many slots the road has (a page held ten)', async () => {
    // Twelve two-hour slots, served a page at a time as the server pages them.
    const server = serve((call) => {
      const {
        start_date: day,
        PageIndex,
        PageSize,
      } = call.body as { start_date: string; PageIndex: number; PageSize: number };
      const all = Array.from({ length: 12 }, (_, i) => ({ ...round(day), round_id: 100 + i, slot_no: i + 1 }));
      return { data: all.slice((PageIndex - 1) * PageSize, PageIndex * PageSize), total: all.length };
    });
    const dialog = await openRounds();
    await waitFor(() => expect(within(dialog).getAllByTestId('round-line')).toHaveLength(12));
    expect(server.callsTo('/Report/MissedRounds').length).toBeGreaterThan(0);
  });

  it('says 当天没有巡检轮次 when the road had none that day', async () => {
    const server = serve(() => ({ data: [], total: 0 }));
    const dialog = await openRounds();
    expect(await within(dialog).findByText('当天没有巡检轮次')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/Report/MissedRounds')).toHaveLength(1));
    expect(server.callsTo('/Report/RoundPoints')).toHaveLength(0);
  });

  it('is offered on 路线状态 only', async () => {
    serve(() => ({ data: [], total: 0 }));
    render(
      <Providers>
        <RoadManagePage />
      </Providers>,
    );
    const row = (await screen.findByText('东区周巡')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '查看轮次' })).toBeNull();
    expect(within(row).getByText('15分钟')).toBeTruthy();
  });
});

describe('the road detail page: 查看轮次', { timeout: 60_000 }, () => {
  it('shows a saved road’s round of the day', async () => {
    const server = serve((call) => ({ data: [round((call.body as { start_date: string }).start_date)], total: 1 }));
    render(
      <Providers>
        <MemoryRouter initialEntries={['/patrol/road_detail?id=7&holdid=3']}>
          <RoadDetailPage />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByDisplayValue('东区周巡')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看轮次' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: '本轮巡检点' });
    expect(server.callsTo('/Report/MissedRounds')[0]?.body).toMatchObject({
      group_by: 'road',
      group_key: 7,
      hold_id: 3,
    });
  });
});
