import type { AlertRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call } from '../../test/fake-server';
import { Providers } from '../providers';
import { queryClient } from '../query-client';
import { AlertBell } from './alert-bell';

const ALERT: AlertRow = {
  alert_id: 41,
  kind: 3,
  kind_name: '时钟异常',
  state: 0,
  hold_id: 3,
  hold_name: '滨江花园保安部',
  road_id: null,
  road_name: '',
  round_id: null,
  device_no: '865000000000101',
  patrol_sn: '',
  detail: '终端时钟比服务器快 25 分钟',
  raised_time: '2026-11-23 08:31:05',
  handled_by: '',
  handled_time: '',
  note: '',
  true_name: '',
  lat: null,
  lng: null,
  accuracy: null,
  press_count: 1,
  responded_by: '',
  responded_time: '',
};

type Reply = { code?: number; msg?: string; data?: unknown; total?: number };

function renderBell(routes: Record<string, (call: Call) => Reply>) {
  const server = fakeServer(routes);
  const router = createMemoryRouter(
    [
      { path: '/', element: <AlertBell /> },
      { path: '/sys/alerts', element: <p>告警管理页</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { server, router };
}

describe('the alert bell', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the unhandled count, and opens the newest alerts with a way to all of them', async () => {
    const { server, router } = renderBell({
      '/Alert/UnhandledCount': () => ({ data: { count: 3 } }),
      '/Alert/List': () => ({ data: [ALERT], total: 1 }),
    });
    const bell = await screen.findByRole('link', { name: '告警：3 条未处理' });
    expect(within(bell).getByText('3')).toBeTruthy();
    expect(server.callsTo('/Alert/List')).toHaveLength(0);
    fireEvent.click(bell);
    const drawer = await screen.findByRole('dialog');
    const list = await within(drawer).findByRole('list', { name: '最新告警' });
    expect(within(list).getByText('时钟异常').closest('.ant-tag')).not.toBeNull();
    expect(within(list).getByText('终端时钟比服务器快 25 分钟')).toBeTruthy();
    expect(within(list).getByText('滨江花园保安部')).toBeTruthy();
    expect(within(list).getByText('2026-11-23 08:31:05')).toBeTruthy();
    expect(within(list).getByText('未处理')).toBeTruthy();
    expect(server.callsTo('/Alert/List')[0]?.body).toEqual({ PageIndex: 1, PageSize: 20 });
    expect(document.body.textContent).not.toMatch(/undefined|null/);
    fireEvent.click(within(drawer).getByRole('link', { name: '查看全部' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sys/alerts'));
  });

  it('shows no number without unhandled alerts, and says 暂无告警 in an empty drawer', async () => {
    renderBell({
      '/Alert/UnhandledCount': () => ({ data: { count: 0 } }),
      '/Alert/List': () => ({ data: [], total: 0 }),
    });
    const bell = await screen.findByRole('link', { name: '告警' });
    fireEvent.click(bell);
    expect(await within(await screen.findByRole('dialog')).findByText('暂无告警')).toBeTruthy();
  });
});
