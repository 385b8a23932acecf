import type { EventRow, HoldTreeNode } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { EventPage } from './event-page';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const event = (patch: Partial<EventRow>): EventRow => ({
  punch_time: '2026-11-18 22:31:05',
  patrol_name: '东门岗亭',
  patrol_sn: '0001A2B3C4',
  user_name: 'zhangwei',
  true_name: '张伟',
  device_no: 'APP-7Q2M4K9X1B3N5P8R',
  note: '东门栏杆被撞弯，已拍照',
  photo_ids: [],
  hold_name: '滨江花园保安部',
  ...patch,
});

const ROWS = [
  event({}),
  event({ punch_time: '2026-11-17 08:02:00', patrol_name: '车库', user_name: 'liqiang', true_name: '', note: '' }),
];

const LIST = '/Event/List';
const lastBody = (server: ReturnType<typeof fakeServer>) =>
  server.callsTo(LIST).at(-1)?.body as Record<string, unknown>;

function serve(list: (call: Call) => { data?: unknown; total?: number; code?: number; msg?: string }) {
  return fakeServer({ '/HoldInfo/GetHoldTree': () => ({ data: TREE }), [LIST]: list });
}

function renderPage() {
  render(
    <Providers>
      <EventPage />
    </Providers>,
  );
}

describe('事件记录', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Thursday 19 November 2026; only the date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 19, 10, 0, 0) });
  });

  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for this month of the caller’s organisation and below, and shows who wrote what where', async () => {
    const server = serve(() => ({ data: ROWS, total: 2 }));
    renderPage();
    const table = await screen.findByRole('table', { name: '事件记录列表' });
    await within(table).findByText('东门岗亭');
    expect(lastBody(server)).toEqual({
      include_children: true,
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      PageIndex: 1,
      PageSize: 25,
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['时间', '巡检点', '卡号', '巡检人', '设备', '说明', '照片', '所属组织']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('张伟')).toBeTruthy();
    expect(within(first!).getByText('东门栏杆被撞弯，已拍照')).toBeTruthy();
    expect(within(first!).getByText('APP-7Q2M4K9X1B3N5P8R')).toBeTruthy();
    // No name: the account; no note and no photos: dashes.
    expect(within(second!).getByText('liqiang')).toBeTruthy();
    expect(within(second!).getAllByText('—')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: '本月' })).toHaveProperty('checked', true);
    expect(document.body.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('sends the organisation picked, 包含下级 unticked, a quick span and the page', async () => {
    const server = serve(() => ({ data: ROWS, total: 60 }));
    renderPage();
    await screen.findByText('东门岗亭');
    fireEvent.click(await screen.findByText('滨江花园保安部', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(lastBody(server)).toMatchObject({ hold_id: 3, PageIndex: 1 }));
    fireEvent.click(screen.getByRole('checkbox', { name: '包含下级' }));
    await waitFor(() => expect(lastBody(server)).toMatchObject({ hold_id: 3, include_children: false }));
    fireEvent.click(screen.getByRole('radio', { name: '上月' }));
    await waitFor(() =>
      expect(lastBody(server)).toEqual({
        hold_id: 3,
        include_children: false,
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        PageIndex: 1,
        PageSize: 25,
      }),
    );
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastBody(server)).toMatchObject({ start_date: '2026-10-01', PageIndex: 2 }));
  });

  it('says 暂无事件记录 when nobody reported anything, and 错了哦，接口出错！ with the reason when the list fails', async () => {
    let fail = false;
    serve(() => (fail ? { code: 400, msg: '结束日期不能早于开始日期' } : { data: [], total: 0 }));
    renderPage();
    const table = await screen.findByRole('table', { name: '事件记录列表' });
    expect(await within(table).findByText('暂无事件记录')).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(await screen.findAllByText('错了哦，接口出错！结束日期不能早于开始日期')).not.toHaveLength(0);
  });
});
