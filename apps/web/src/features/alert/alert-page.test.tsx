import { calls, type AlertRow, type HoldTreeNode } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { AlertPage } from './alert-page';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const alert = (patch: Partial<AlertRow>): AlertRow => ({
  alert_id: 11,
  kind: 1,
  kind_name: '漏检',
  state: 0,
  hold_id: 3,
  hold_name: '滨江花园保安部',
  road_id: 7,
  road_name: '东区夜巡',
  round_id: 31,
  device_no: '',
  patrol_sn: '',
  detail: '东区夜巡 22:00-02:00 漏检 2 个点：车库、北门',
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
  ...patch,
});

const ROWS = [
  alert({}),
  alert({
    alert_id: 12,
    kind: 4,
    kind_name: '疑似代打',
    road_id: null,
    road_name: '',
    device_no: '865000000000101',
    patrol_sn: '0001A2',
    detail: '40 秒内打了 3 个不同的点',
    state: 1,
    handled_by: '张伟',
    handled_time: '2026-11-19 09:00:00',
    note: '已核实',
  }),
  alert({ alert_id: 13, kind: 2, kind_name: '终端离线', detail: '终端 24 小时未上传' }),
];

type Reply = { code?: number; msg?: string; data?: unknown; total?: number };

// The settings calls are not pinned in ACCOUNTABILITY.md: read their paths from the call table.
const SETTINGS = calls.alert.settings.path.replace(/^\/api/, '');
const SAVE_SETTINGS = calls.alert.saveSettings.path.replace(/^\/api/, '');

function serve(routes: Record<string, (call: Call) => Reply> = {}) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/Alert/List': () => ({ data: ROWS, total: 3 }),
    '/Alert/Handle': () => ({ data: null }),
    [SETTINGS]: () => ({ data: { hold_id: 2, hold_name: '华安物业', offline_hours: 24 } }),
    [SAVE_SETTINGS]: () => ({ data: null }),
    ...routes,
  });
}

const lastBody = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.callsTo(path).at(-1)?.body as Record<string, unknown>;

function renderPage() {
  render(
    <Providers>
      <AlertPage />
    </Providers>,
  );
}

async function shownTable() {
  const table = await screen.findByRole('table', { name: '告警列表' });
  await within(table).findByText('东区夜巡 22:00-02:00 漏检 2 个点：车库、北门');
  return table;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('告警管理', { timeout: 60_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists the alerts with their kind, state and who handled them, dashes for what is missing', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    expect(lastBody(server, '/Alert/List')).toEqual({ include_children: true, PageIndex: 1, PageSize: 25 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
      .filter(Boolean);
    expect(headers).toEqual([
      '告警时间',
      '类型',
      '详情',
      '组织',
      '路线',
      '设备',
      '卡号',
      '状态',
      '处理人',
      '处理时间',
      '说明',
      '操作',
    ]);
    const handled = rowOf(table, '40 秒内打了 3 个不同的点');
    expect(within(handled).getByText('疑似代打').closest('.ant-tag')).not.toBeNull();
    expect(within(handled).getByText('已处理')).toBeTruthy();
    expect(within(handled).getByText('张伟')).toBeTruthy();
    expect(within(handled).queryByRole('button', { name: '处理' })).toBeNull();
    expect(within(rowOf(table, '终端 24 小时未上传')).getByRole('button', { name: '处理' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('sends the kind, state, organisation and 包含下级 picked', async () => {
    const server = serve();
    renderPage();
    await shownTable();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '类型' }));
    fireEvent.click(await screen.findByTitle('时钟异常'));
    await waitFor(() => expect(lastBody(server, '/Alert/List')).toMatchObject({ kind: 3, PageIndex: 1 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('未处理'));
    await waitFor(() => expect(lastBody(server, '/Alert/List')).toMatchObject({ kind: 3, state: 0 }));
    fireEvent.click(await screen.findByText('滨江花园保安部', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(lastBody(server, '/Alert/List')).toMatchObject({ hold_id: 3, kind: 3, state: 0 }));
    fireEvent.click(screen.getByRole('checkbox', { name: '包含下级' }));
    await waitFor(() => expect(lastBody(server, '/Alert/List')).toMatchObject({ include_children: false }));
  });

  it('handles the selected open alerts with a note, then reads the list again', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    const handledBox = within(rowOf(table, '40 秒内打了 3 个不同的点')).getByRole('checkbox');
    expect(handledBox).toHaveProperty('disabled', true);
    fireEvent.click(within(rowOf(table, '东区夜巡 22:00-02:00 漏检 2 个点：车库、北门')).getByRole('checkbox'));
    fireEvent.click(within(rowOf(table, '终端 24 小时未上传')).getByRole('checkbox'));
    const listCalls = server.callsTo('/Alert/List').length;
    fireEvent.click(screen.getByRole('button', { name: /处理所选（2）/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '已安排补巡' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(server.callsTo('/Alert/Handle')[0]?.body).toEqual({ alert_ids: [11, 13], note: '已安排补巡' }),
    );
    await waitFor(() => expect(server.callsTo('/Alert/List').length).toBeGreaterThan(listCalls));
  });

  it('shows and saves the enterprise’s offline hours, refusing what is out of range', async () => {
    const server = serve();
    renderPage();
    await shownTable();
    fireEvent.click(screen.getByRole('button', { name: /告警设置/ }));
    const dialog = await screen.findByRole('dialog');
    const hours = await within(dialog).findByLabelText('离线时长');
    expect(hours).toHaveProperty('value', '24');
    expect(within(dialog).getByText('华安物业')).toBeTruthy();
    fireEvent.change(hours, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('离线时长应为1-720小时')).toBeTruthy();
    expect(server.callsTo(SAVE_SETTINGS)).toHaveLength(0);
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastBody(server, SAVE_SETTINGS)).toEqual({ hold_id: 2, offline_hours: 48 }));
  });

  it('shows the server’s reason when the organisation is not an enterprise', async () => {
    serve({ [SETTINGS]: () => ({ code: 400, msg: '只能为企业设置离线时长' }) });
    renderPage();
    await shownTable();
    fireEvent.click(screen.getByRole('button', { name: /告警设置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('错了哦，接口出错！只能为企业设置离线时长')).toBeTruthy();
  });

  it('says 暂无告警 when there are none', async () => {
    serve({ '/Alert/List': () => ({ data: [], total: 0 }) });
    renderPage();
    const table = await screen.findByRole('table', { name: '告警列表' });
    expect(await within(table).findByText('暂无告警')).toBeTruthy();
  });
});
