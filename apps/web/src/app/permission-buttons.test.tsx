import { BUILTIN_ROLES, BuiltinRole, type AlertRow, type DeviceRow, type HoldTreeNode } from '@guard-tour/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@guard-tour/client/session';
import { ExportButton } from '../components/export-button';
import { AlertPage } from '../features/alert/alert-page';
import { DevicePage } from '../features/device/device-page';
import { fakeServer } from '../test/fake-server';
import { startSessionWith } from '../test/session';
import { Providers } from './providers';
import { queryClient } from './query-client';
import { TopBar } from './shell/top-bar';

const keysOf = (roleId: number) => [...(BUILTIN_ROLES.find((role) => role.role_id === roleId)?.permissions ?? [])];
const READ_ONLY = keysOf(BuiltinRole.readOnly);
const SUPERVISOR = keysOf(BuiltinRole.supervisor);
const ADMIN = keysOf(BuiltinRole.admin);

const TREE: HoldTreeNode[] = [{ id: 2, label: '华安物业', children: [] }];

const DEVICE: DeviceRow = {
  object_id: 1,
  device_no: '865000000000101',
  object_name: '东门终端',
  object_type: 1,
  IMEI: '865000000000101',
  SIM: '',
  ICCID: '',
  imei: '865000000000101',
  sim: '',
  iccid: '',
  hold_id: 2,
  hold_name: '华安物业',
  remark: '',
  create_time: '2026-11-22 16:09:24',
  last_upload_time: '',
};

const ALERT: AlertRow = {
  alert_id: 11,
  kind: 1,
  kind_name: '漏检',
  state: 0,
  hold_id: 2,
  hold_name: '华安物业',
  road_id: 7,
  road_name: '东区夜巡',
  round_id: 31,
  device_no: '',
  patrol_sn: '',
  detail: '东区夜巡漏检 2 个点',
  raised_time: '2026-11-19 02:01:00',
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

function serve() {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/DeviceInfo/SearchDeviceList': () => ({ data: [DEVICE], total: 1 }),
    '/Alert/List': () => ({ data: [ALERT], total: 1 }),
    '/Alert/UnhandledCount': () => ({ data: { count: 1 } }),
  });
}

function renderIn(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

/**
 * The shown button whose text is `name` (after its icon), or null. Read from the buttons' text, not by role: on the
 * 管理员's 设备管理 each `queryByRole` walked the whole page's accessibility tree, 4–8 s a query on a loaded machine.
 */
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find(
    (button) =>
      !button.closest('[aria-hidden="true"], [hidden]') &&
      new RegExp(`^\\S*\\s*${name}`).test(button.textContent?.trim() ?? ''),
  ) ?? null;

describe('buttons follow the account’s role (ROLES.md, Screens)', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('a 管理员 sees 新增, 导入, 分配, 编辑 and 删除 on 设备管理', async () => {
    startSessionWith(ADMIN);
    serve();
    renderIn(<DevicePage />);
    const table = await screen.findByRole('table', { name: '设备列表' });
    await within(table).findByText('东门终端');
    for (const name of ['新增', '导入', '分配']) expect(buttonNamed(name)).toBeTruthy();
    expect(within(table).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: '删除' })).toBeTruthy();
  });

  it('an account that may only look at devices sees the list without any of them, nor an 操作 column', async () => {
    startSessionWith(['device.view']);
    serve();
    renderIn(<DevicePage />);
    const table = await screen.findByRole('table', { name: '设备列表' });
    await within(table).findByText('东门终端');
    for (const name of ['新增', '导入', '分配', '编辑', '删除']) expect(buttonNamed(name)).toBeNull();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).not.toContain('操作');
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('导出 shows for a role holding record.export (只读 does), and not for one without it', async () => {
    startSessionWith(READ_ONLY);
    renderIn(<ExportButton run={() => Promise.resolve('')} />);
    expect(await screen.findByRole('button', { name: /导出/ })).toBeTruthy();
    cleanupAndStart(['record.view']);
    renderIn(<ExportButton run={() => Promise.resolve('')} />);
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
  });

  it('a 只读 account sees the alerts but neither 处理, 处理所选 nor 告警设置', async () => {
    startSessionWith(READ_ONLY);
    serve();
    renderIn(<AlertPage />);
    const table = await screen.findByRole('table', { name: '告警列表' });
    await within(table).findByText('东区夜巡漏检 2 个点');
    expect(within(table).queryByRole('button', { name: '处理' })).toBeNull();
    expect(buttonNamed('处理所选')).toBeNull();
    expect(buttonNamed('告警设置')).toBeNull();
  });

  it('a 主管 handles alerts: 处理 on the open one, 处理所选 and 告警设置', async () => {
    startSessionWith(SUPERVISOR);
    serve();
    renderIn(<AlertPage />);
    const table = await screen.findByRole('table', { name: '告警列表' });
    await within(table).findByText('东区夜巡漏检 2 个点');
    expect(within(table).getByRole('button', { name: '处理' })).toBeTruthy();
    expect(buttonNamed('处理所选')).toBeTruthy();
    expect(buttonNamed('告警设置')).toBeTruthy();
  });

  it('the bell is shown with alert.view and hidden without it', async () => {
    startSessionWith(READ_ONLY);
    const server = serve();
    renderIn(<TopBar onCloseAll={() => undefined} />);
    expect(await screen.findByRole('link', { name: '告警：1 条未处理' })).toBeTruthy();
    cleanupAndStart(['record.view']);
    server.calls.length = 0;
    renderIn(<TopBar onCloseAll={() => undefined} />);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /告警/ })).toBeNull();
    expect(server.callsTo('/Alert/UnhandledCount')).toHaveLength(0);
  });
});

/** A second render in the same test, as another account. */
function cleanupAndStart(permissions: string[]) {
  cleanup();
  queryClient.clear();
  startSessionWith(permissions);
}
