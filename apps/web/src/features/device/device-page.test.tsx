import type { DeviceRow, HoldTreeNode } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { DevicePage } from './device-page';

const TREE: HoldTreeNode[] = [{ id: 1, label: '运营商', children: [{ id: 2, label: '华安物业', children: [] }] }];

const row = (patch: Partial<DeviceRow>): DeviceRow => ({
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
  hold_id: 1,
  hold_name: '运营商',
  remark: '',
  create_time: '2026-11-22 16:09:24',
  last_upload_time: '',
  ...patch,
});

const ROWS = [
  row({}),
  row({ object_id: 2, device_no: 'SN-XA-02', object_name: '西门终端', last_upload_time: '2026-11-23 08:31:05' }),
];

function serve(
  list: () => { code?: number; msg?: string; data?: unknown; total?: number } = () => ({ data: ROWS, total: 2 }),
) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/DeviceInfo/SearchDeviceList': list,
    '/DeviceInfo/ImportDeviceBySNList': () => ({
      data: { effectCount: 1, failSNList: [{ sn: '86 000', reason: '格式不正确' }] },
    }),
    '/DeviceInfo/AllocateDevice': () => ({ data: null }),
  });
}

function renderPage() {
  render(
    <Providers>
      <DevicePage />
    </Providers>,
  );
}

// antd under jsdom is slow on a busy machine: these render the whole screen.
describe('the device screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists devices with the spec’s columns, a dash for a terminal that never uploaded', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('西门终端');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(1)).toEqual(['IMEI/SN', '设备名称', '所属组织', '最后上传', '备注', '录入时间', '操作']);
    const [never, uploaded] = within(table).getAllByRole('row').slice(1);
    expect(within(never!).getByText('—')).toBeTruthy();
    expect(within(uploaded!).getByText('2026-11-23 08:31:05')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/undefined|null/);
  });

  it('asks for selected devices, then for an organisation, before allocating', async () => {
    const server = serve();
    renderPage();
    await screen.findByText('西门终端');
    fireEvent.click(screen.getByRole('button', { name: /分配/ }));
    expect(await screen.findByText('请选择设备！')).toBeTruthy();

    fireEvent.click(within(screen.getByText('西门终端').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /分配/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/已选择 1 台设备/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择组织！')).toBeTruthy();
    expect(server.callsTo('/DeviceInfo/AllocateDevice')).toHaveLength(0);
  });

  it('imports a typed SN list and shows the count and the reasons', async () => {
    const server = serve();
    renderPage();
    await screen.findByText('西门终端');
    fireEvent.click(screen.getByRole('button', { name: /导入/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await screen.findByText('请输入SN列表')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('SN列表'), { target: { value: '860001,\n\n86 000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    const result = await within(dialog).findByRole('region', { name: '导入结果' });
    expect(within(result).getByText('成功导入 1 台')).toBeTruthy();
    expect(within(result).getByText('86 000')).toBeTruthy();
    expect(within(result).getByText('格式不正确')).toBeTruthy();
    expect(server.callsTo('/DeviceInfo/ImportDeviceBySNList')[0]?.body).toEqual({
      HoldID: 1,
      SNList: '860001\n86 000',
    });
    // The list is read again after an import.
    await waitFor(() => expect(server.callsTo('/DeviceInfo/SearchDeviceList').length).toBeGreaterThan(1));
  });

  it('imports a spreadsheet once its upload is done, even when 导入 was pressed while it uploaded', async () => {
    let finishUpload: () => void = () => undefined;
    const uploaded = new Promise<void>((resolve) => (finishUpload = resolve));
    const server = fakeServer({
      '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
      '/DeviceInfo/SearchDeviceList': () => ({ data: ROWS, total: 2 }),
      '/UploadFiles/action': () => uploaded.then(() => ({ errCode: 0, result: { imagePath: 'f3a9.xlsx' } })),
      '/DeviceInfo/ImportDeviceByExcel': () => ({ data: { effectCount: 4, failList: [] } }),
    });
    renderPage();
    await screen.findByText('西门终端');
    fireEvent.click(screen.getByRole('button', { name: /导入/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: '导入文件' }));
    const sheet = new File(['PK'], 'devices.xlsx', { type: 'application/vnd.ms-excel' });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [sheet] } });
    await waitFor(() => expect(server.callsTo('/UploadFiles/action')).toHaveLength(1));

    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('/DeviceInfo/ImportDeviceByExcel')).toHaveLength(0);
    expect(screen.queryByText('请先上传文件！')).toBeNull();

    finishUpload();
    const result = await within(dialog).findByRole('region', { name: '导入结果' });
    expect(within(result).getByText('成功导入 4 台')).toBeTruthy();
    expect(server.callsTo('/DeviceInfo/ImportDeviceByExcel')[0]?.body).toEqual({ HoldID: 1, FilePath: 'f3a9.xlsx' });
  });

  it('says 错了哦，接口出错！ with the reason when the list cannot be loaded', async () => {
    serve(() => ({ code: 403, msg: '无权查看该组织', data: null }));
    renderPage();
    expect(await screen.findAllByText('错了哦，接口出错！无权查看该组织')).not.toHaveLength(0);
  });
});
