import type { HoldTreeNode, PunchRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { ClockInPage, UserPunchPage } from './punch-page';
import { CardTotalsPage, RecordsPage } from './records-page';

const TREE: HoldTreeNode[] = [{ id: 1, label: '运营中心', children: [{ id: 2, label: '华安物业', children: [] }] }];

const punch = (index: number): PunchRow => ({
  punch_id: index,
  create_time: `2026-11-2${index % 7} 08:31:05`,
  create_date: `2026-11-2${index % 7}`,
  create_htime: '08:31:05',
  weekly: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'][index % 7] ?? '',
  patrol_name: `东门岗亭${index}`,
  patrol_sn: `0001A${index}`,
  location: '东门',
  device_no: '865000000000101',
  object_name: '东门终端',
  user_name: index === 2 ? '' : 'zhangwei',
  true_name: index === 2 ? '' : '张伟',
  road_name: '',
  hold_name: '华安物业',
  upload_time: '2026-11-23 08:32:00',
  flag: index % 10 === 1 ? '疑似代打' : '',
  note: '',
  photo_ids: [],
  lat: null,
  lng: null,
  distance_m: null,
  check_result: '',
});

type Reply = { code?: number; msg?: string; data?: unknown; total?: number };

function serve(routes: Record<string, (call: Call) => Reply>) {
  return fakeServer({ '/HoldInfo/GetHoldTree': () => ({ data: TREE }), ...routes });
}

const page = (call: Call) => {
  const index = (call.body as { PageIndex: number }).PageIndex;
  return { data: [punch(index * 10 + 1), punch(index * 10 + 2)], total: 60 };
};

function renderPage(node: ReactNode) {
  render(<Providers>{node}</Providers>);
}

const lastBody = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.callsTo(path).at(-1)?.body as Record<string, unknown>;

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('打卡数据', { timeout: 30_000 }, () => {
  const LIST = '/PatrolClockIn/GetPatrolClockInList';

  it('shows this week’s punches with the spec’s columns, weekday tags and dashes for what is missing', async () => {
    serve({ [LIST]: page });
    renderPage(<ClockInPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('东门岗亭11');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      '星期',
      '日期时间',
      '标记',
      '巡检点',
      '卡号',
      '设备号',
      '账号',
      '姓名',
      '当前路线',
      '所属组织',
      '位置',
      '事件',
      '检查结果',
    ]);
    expect(within(table).getByText('周五').closest('.ant-tag')).not.toBeNull();
    const flagged = within(table).getByText('东门岗亭11').closest('tr')!;
    expect(within(flagged).getByText('疑似代打').closest('.ant-tag')).not.toBeNull();
    expect(within(within(table).getByText('东门岗亭12').closest('tr')!).queryByText('疑似代打')).toBeNull();
    expect(table.textContent).not.toMatch(/undefined|null/);
    expect(within(table).getAllByText('—').length).toBeGreaterThan(0);
    // A punch without a position says so (SAFETY.md).
    expect(within(table).getAllByText('无定位').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: '本周' }).getAttribute('aria-checked')).toBe('true');
  });

  it('asks for page 2 by its index, and for 本月 when its tag is clicked', async () => {
    const server = serve({ [LIST]: page });
    renderPage(<ClockInPage />);
    await screen.findByText('东门岗亭11');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('东门岗亭21');
    expect(lastBody(server, LIST)).toMatchObject({ PageIndex: 2, PageSize: 25, time_range: 1 });
    fireEvent.click(screen.getByRole('checkbox', { name: '本月' }));
    await waitFor(() => expect(lastBody(server, LIST)).toMatchObject({ PageIndex: 1, time_range: 3 }));
    expect(screen.getByRole('checkbox', { name: '本月' }).getAttribute('aria-checked')).toBe('true');
  });

  it('asks only for flagged punches while 仅看异常标记 is ticked', async () => {
    const server = serve({ [LIST]: page });
    renderPage(<ClockInPage />);
    await screen.findByText('东门岗亭11');
    expect(lastBody(server, LIST)).not.toHaveProperty('flagged_only');
    fireEvent.click(screen.getByRole('checkbox', { name: '仅看异常标记' }));
    await waitFor(() => expect(lastBody(server, LIST)).toMatchObject({ flagged_only: true, PageIndex: 1 }));
    fireEvent.click(screen.getByRole('checkbox', { name: '仅看异常标记' }));
    await waitFor(() => expect(lastBody(server, LIST)).not.toHaveProperty('flagged_only'));
  });

  it('searches by the chosen type and keyword on 查询', async () => {
    const server = serve({ [LIST]: page });
    renderPage(<ClockInPage />);
    await screen.findByText('东门岗亭11');
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: ' 0001A1 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(lastBody(server, LIST)).toMatchObject({ key: '0001A1', search_type: 'card_no' }));
  });

  it('says 错了哦，接口出错！ with the reason when the list fails', async () => {
    serve({ [LIST]: () => ({ code: 500, msg: '数据库忙' }) });
    renderPage(<ClockInPage />);
    expect(await screen.findByText('错了哦，接口出错！数据库忙')).toBeTruthy();
  });

  it('exports the shown filters, opens the download in a new window, and says 无数据导出！ for no rows', async () => {
    let name = 'f0e1d2c3.xlsx';
    const server = serve({ [LIST]: page, '/PatrolClockIn/ExportPatrolClockInList': () => ({ data: name }) });
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    renderPage(<ClockInPage />);
    await screen.findByText('东门岗亭11');
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/proxyserver/api/file/download_excelfile?fileName=f0e1d2c3.xlsx', '_blank'),
    );
    expect(lastBody(server, '/PatrolClockIn/ExportPatrolClockInList')).toEqual({
      time_range: 1,
      search_type: 'card_no',
      key: '',
    });
    name = '';
    // The window opens before the button stops spinning, and a spinning button takes no click: wait for it.
    const button = screen.getByRole('button', { name: /导出/ });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(button);
    expect(await screen.findByText('无数据导出！')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('shows progress while the export runs: the button spins and a message says so', async () => {
    serve({ [LIST]: page, '/PatrolClockIn/ExportPatrolClockInList': () => ({ data: '' }) });
    const answer = globalThis.fetch;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.includes('Export')) await held;
      return answer(url, init);
    });
    renderPage(<ClockInPage />);
    await screen.findByText('东门岗亭11');
    const button = screen.getByRole('button', { name: /导出/ });
    fireEvent.click(button);
    expect(await screen.findByText('正在导出，请稍候…')).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('无数据导出！')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
  });

  it('shows the server’s reason when an export is refused', async () => {
    serve({
      [LIST]: page,
      '/PatrolClockIn/ExportPatrolClockInList': () => ({ code: 400, msg: '导出数据超过100万行' }),
    });
    renderPage(<ClockInPage />);
    await screen.findByText('东门岗亭11');
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    expect(await screen.findByText('导出数据超过100万行')).toBeTruthy();
  });
});

describe('人员统计', { timeout: 30_000 }, () => {
  it('picks the organisation in a floating tree that closes on pick and queries again', async () => {
    const server = serve({ '/PatrolLog/List': page });
    renderPage(<UserPunchPage />);
    await screen.findByText('东门岗亭11');
    expect(lastBody(server, '/PatrolLog/List')).toMatchObject({ search_type: 'account', time_range: 1 });
    fireEvent.click(await screen.findByRole('button', { name: '组织：运营中心' }));
    fireEvent.click(within(await screen.findByRole('tree')).getByText('华安物业'));
    await waitFor(() => expect(lastBody(server, '/PatrolLog/List')).toMatchObject({ hold_id: 2, PageIndex: 1 }));
    expect((await screen.findByRole('button', { name: '组织：华安物业' })).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('巡检记录 and 巡检点统计', { timeout: 30_000 }, () => {
  it('巡检记录 applies the range and the flag filter at once, the typed fields on 搜索', async () => {
    const server = serve({ '/PatrolData/Records': page });
    renderPage(<RecordsPage />);
    await screen.findByText('东门岗亭11');
    fireEvent.click(screen.getByRole('radio', { name: '上月' }));
    await waitFor(() => expect(lastBody(server, '/PatrolData/Records')).toMatchObject({ time_limits: 4 }));
    fireEvent.change(screen.getByLabelText('IMEI/SN'), { target: { value: '8650' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '包含下级' }));
    await waitFor(() => expect(lastBody(server, '/PatrolData/Records')).toMatchObject({ include_children: false }));
    fireEvent.click(screen.getByRole('checkbox', { name: '仅看异常标记' }));
    await waitFor(() => expect(lastBody(server, '/PatrolData/Records')).toMatchObject({ flagged_only: true }));
    fireEvent.change(screen.getByLabelText('卡号'), { target: { value: '0001A' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(lastBody(server, '/PatrolData/Records')).toMatchObject({
        time_limits: 4,
        include_children: false,
        patrol_card_no: '0001A',
        device_sn: '8650',
        flagged_only: true,
        start_time: '',
        PageIndex: 1,
        PageSize: 25,
      }),
    );
  });

  it('巡检点统计 shows date, card, name, count and organisation, paged, without device fields', async () => {
    const server = serve({
      '/PatrolData/TotalByPatrolCard': () => ({
        data: [
          {
            create_date: '2026-11-23',
            patrol_sn: '0001A1',
            patrol_name: '东门岗亭',
            hold_name: '华安物业',
            total_patrol_card: 4,
          },
        ],
        total: 40,
      }),
    });
    renderPage(<CardTotalsPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('东门岗亭');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['日期', '卡号', '巡检点名称', '次数', '所属组织']);
    expect(screen.queryByLabelText('IMEI/SN')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: '仅看异常标记' })).toBeNull();
    expect(lastBody(server, '/PatrolData/TotalByPatrolCard')).toMatchObject({ PageIndex: 1, PageSize: 25 });
    expect(lastBody(server, '/PatrolData/TotalByPatrolCard')).not.toHaveProperty('device_sn');
  });
});
