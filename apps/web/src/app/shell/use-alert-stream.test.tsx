import type { AlertRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertStreamOptions } from '../../api/alert-stream';
import { clearSession, startSession } from '@guard-tour/client/session';
import { fakeServer } from '../../test/fake-server';
import { Providers } from '../providers';
import { queryClient } from '../query-client';
import { AlertBell } from './alert-bell';
import { useAlertStream } from './use-alert-stream';
import { ADMIN_SESSION } from '@guard-tour/client/testing';

const opened: AlertStreamOptions[] = [];
vi.mock('../../api/alert-stream', () => ({
  openAlertStream: (options: AlertStreamOptions) => {
    opened.push(options);
    return Promise.resolve();
  },
}));

const ALERT: AlertRow = {
  alert_id: 42,
  kind: 4,
  kind_name: '疑似代打',
  state: 0,
  hold_id: 3,
  hold_name: '滨江花园保安部',
  road_id: 7,
  road_name: '东区夜巡',
  round_id: 90,
  device_no: '865000000000101',
  patrol_sn: '0001A2',
  detail: '40 秒内打了 3 个不同的点',
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

function Console() {
  useAlertStream();
  return <AlertBell />;
}

function renderConsole() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Console /> },
      { path: '/sys/alerts', element: <p>告警管理页</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, view };
}

describe('live alerts in the console', { timeout: 30_000 }, () => {
  let count = 0;

  beforeEach(() => {
    opened.length = 0;
    count = 0;
    startSession(ADMIN_SESSION);
  });

  afterEach(() => {
    queryClient.clear();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('toasts a new alert with a way to 告警管理, and counts it at once', async () => {
    const server = fakeServer({ '/Alert/UnhandledCount': () => ({ data: { count } }) });
    const { router } = renderConsole();
    await screen.findByRole('link', { name: '告警' });
    expect(opened).toHaveLength(1);
    count = 1;
    opened[0]!.onAlert(ALERT);
    expect(await screen.findByText('疑似代打')).toBeTruthy();
    expect(screen.getByText('滨江花园保安部：40 秒内打了 3 个不同的点')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '告警：1 条未处理' })).toBeTruthy();
    expect(server.callsTo('/Alert/UnhandledCount').length).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('button', { name: '查看告警管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sys/alerts'));
  });

  it('closes the stream when the console goes, and opens none without a session', async () => {
    fakeServer({ '/Alert/UnhandledCount': () => ({ data: { count: 0 } }) });
    const { view } = renderConsole();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.signal.aborted).toBe(false);
    view.unmount();
    expect(opened[0]!.signal.aborted).toBe(true);

    clearSession();
    renderConsole();
    await screen.findByRole('link', { name: '告警' });
    expect(opened).toHaveLength(1);
  });
});
