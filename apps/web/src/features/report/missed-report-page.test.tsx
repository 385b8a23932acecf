import type { HoldTreeNode, MissedReportRow, MissedRound } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { MissedReportPage } from './missed-report-page';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const ROWS: MissedReportRow[] = [
  {
    group_key: 7,
    group_name: '东区夜巡',
    rounds_expected: 20,
    rounds_done: 18,
    points_expected: 80,
    on_time: 66,
    early: 2,
    late: 2,
    missed: 10,
    rate: 87.5,
  },
  {
    group_key: 8,
    group_name: '新开线路',
    rounds_expected: 0,
    rounds_done: 0,
    points_expected: 0,
    on_time: 0,
    early: 0,
    late: 0,
    missed: 0,
    rate: null,
  },
];

const ROUNDS: MissedRound[] = [
  {
    round_id: 31,
    round_date: '2026-11-18',
    slot_no: 1,
    road_id: 7,
    road_name: '东区夜巡',
    task_id: null,
    task_name: '',
    window_start: '2026-11-18 22:00:00',
    window_end: '2026-11-19 02:00:00',
    walkers: '张伟',
    result: 3,
    missed: [{ patrol_id: 4, patrol_name: '车库', patrol_sn: 'A4' }],
  },
];

type Reply = { code?: number; msg?: string; data?: unknown; total?: number };

function serve(routes: Record<string, (call: Call) => Reply> = {}) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/Report/Missed': () => ({ data: ROWS, total: 2 }),
    '/Report/MissedRounds': () => ({ data: ROUNDS, total: 1 }),
    '/Report/RoundPoints': () => ({
      data: {
        round_id: 31,
        road_id: 7,
        road_name: '东区夜巡',
        task_id: null,
        task_name: '',
        round_date: '2026-11-18',
        slot_no: 1,
        window_start: '2026-11-18 22:00:00',
        window_end: '2026-11-19 02:00:00',
        grace_minutes: 0,
        result: 3,
        points: [{ patrol_id: 4, patrol_name: '车库', patrol_sn: 'A4', result: 4, punch_time: null }],
      },
    }),
    '/RoadTask/GetRoadOptions': () => ({ data: [{ road_id: 7, road_name: '东区夜巡' }] }),
    '/StaffInfo/GetAccountOptions': () => ({ data: [{ user_id: 12, user_name: 'zhangwei', true_name: '张伟' }] }),
    ...routes,
  });
}

const MISSED = '/Report/Missed';
const lastBody = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.callsTo(path).at(-1)?.body as Record<string, unknown>;

function renderPage() {
  render(
    <Providers>
      <MissedReportPage />
    </Providers>,
  );
}

async function shownTable() {
  const table = await screen.findByRole('table', { name: '漏检报表' });
  await within(table).findByText('东区夜巡');
  return table;
}

describe('漏检报表', { timeout: 60_000 }, () => {
  beforeEach(() => {
    // Thursday 19 November 2026, 10:00 local time; only the date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 19, 10, 0, 0) });
  });

  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for this month by road at first and shows each group’s counts, — for a rate with nothing expected', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    expect(lastBody(server, MISSED)).toEqual({
      include_children: true,
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      group_by: 'road',
      sort: 'missed',
      PageIndex: 1,
      PageSize: 25,
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['路线', '应巡轮次', '完成轮次', '应巡点数', '正常', '早到', '迟到', '漏检', '完成率']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toBe('东区夜巡201880662210' + '87.5%');
    expect(second!.textContent).toBe('新开线路' + '0000000' + '—');
    const month = screen.getByRole('radio', { name: '本月' });
    expect(month).toHaveProperty('checked', true);
    expect(document.body.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('starts from the span and organisation a link names (定时报表’s e-mail links to its period)', async () => {
    window.history.pushState(
      {},
      '',
      '/patrol/missed_report?hold_id=3&include_children=false&start_date=2026-11-09&end_date=2026-11-15',
    );
    try {
      const server = serve();
      renderPage();
      await shownTable();
      expect(lastBody(server, MISSED)).toMatchObject({
        hold_id: 3,
        include_children: false,
        start_date: '2026-11-09',
        end_date: '2026-11-15',
      });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('sends the grouping picked, and names the first column after it', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    for (const [label, group] of [
      ['巡检人', 'user'],
      ['组织', 'hold'],
      ['日期', 'date'],
      ['路线', 'road'],
    ] as const) {
      fireEvent.click(screen.getByRole('radio', { name: label }));
      await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ group_by: group, PageIndex: 1 }));
      expect(within(table).getAllByRole('columnheader')[0]?.textContent).toBe(label);
    }
  });

  it('sends the days of each quick span', async () => {
    const server = serve();
    renderPage();
    await shownTable();
    for (const [label, start, end] of [
      ['今天', '2026-11-19', '2026-11-19'],
      ['昨天', '2026-11-18', '2026-11-18'],
      ['本周', '2026-11-16', '2026-11-19'],
      ['上周', '2026-11-09', '2026-11-15'],
      ['上月', '2026-10-01', '2026-10-31'],
      ['本月', '2026-11-01', '2026-11-19'],
    ] as const) {
      fireEvent.click(screen.getByRole('radio', { name: label }));
      await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ start_date: start, end_date: end }));
    }
  });

  it('sends the organisation picked in the tree, without its children when unticked, and a road', async () => {
    const server = serve();
    renderPage();
    await shownTable();
    fireEvent.click(await screen.findByText('滨江花园保安部', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ hold_id: 3 }));
    fireEvent.click(screen.getByRole('checkbox', { name: '包含下级' }));
    await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ hold_id: 3, include_children: false }));
    await waitFor(() =>
      expect(server.callsTo('/RoadTask/GetRoadOptions').some((call) => call.query.get('hold_id') === '3')).toBe(true),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '路线' }));
    fireEvent.click(await screen.findByTitle('东区夜巡'));
    await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ road_id: 7, hold_id: 3 }));
  });

  it('asks the server to sort by 完成率 when its header is clicked, and back to 漏检', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    fireEvent.click(within(table).getByRole('columnheader', { name: /完成率/ }));
    await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ sort: 'rate', PageIndex: 1 }));
    fireEvent.click(within(table).getByRole('columnheader', { name: /漏检/ }));
    await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ sort: 'missed' }));
  });

  it('opens a row’s rounds by its key, 只看漏检 narrows them, a round shows its missed points and its results', async () => {
    const server = serve();
    renderPage();
    const table = await shownTable();
    fireEvent.click(within(table).getByRole('button', { name: '东区夜巡' }));
    const drawer = await screen.findByRole('dialog');
    const rounds = await within(drawer).findByRole('table', { name: '巡检轮次' });
    await within(rounds).findByText('2026-11-18');
    expect(lastBody(server, '/Report/MissedRounds')).toEqual({
      include_children: true,
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      group_by: 'road',
      sort: 'missed',
      group_key: 7,
      only_missed: false,
      PageIndex: 1,
      PageSize: 10,
    });
    expect(within(rounds).getByText('22:00-次日 02:00')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('switch', { name: '只看漏检' }));
    await waitFor(() =>
      expect(lastBody(server, '/Report/MissedRounds')).toMatchObject({ group_key: 7, only_missed: true }),
    );
    fireEvent.click(within(rounds).getByRole('button', { name: '展开行' }));
    expect((await within(drawer).findByText('车库(A4)')).closest('.ant-tag')).not.toBeNull();
    fireEvent.click(within(rounds).getByRole('button', { name: '各点结果' }));
    await waitFor(() => expect(server.callsTo('/Report/RoundPoints')[0]?.query.get('round_id')).toBe('31'));
    expect(await screen.findByRole('table', { name: '本轮巡检点' })).toBeTruthy();
  });

  it('exports the shown filters and opens the .xlsx, and says 无数据导出！ when there is nothing', async () => {
    let name = 'm1a2b3.xlsx';
    const server = serve({ '/Report/ExportMissed': () => ({ data: { fileName: name } }) });
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    renderPage();
    await shownTable();
    fireEvent.click(screen.getByRole('radio', { name: '日期' }));
    await waitFor(() => expect(lastBody(server, MISSED)).toMatchObject({ group_by: 'date' }));
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/proxyserver/api/file/download_excelfile?fileName=m1a2b3.xlsx', '_blank'),
    );
    expect(lastBody(server, '/Report/ExportMissed')).toEqual({
      include_children: true,
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      group_by: 'date',
      sort: 'missed',
    });
    name = '';
    const button = screen.getByRole('button', { name: /导出/ });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(button);
    expect(await screen.findByText('无数据导出！')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens the print view with the applied filters in its address', async () => {
    serve();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    await shownTable();
    fireEvent.click(screen.getByRole('radio', { name: '上月' }));
    fireEvent.click(screen.getByRole('button', { name: /打印/ }));
    expect(open).toHaveBeenCalledWith(
      '/patrol/missed_report/print?start_date=2026-10-01&end_date=2026-10-31&group_by=road&include_children=1&sort=missed',
      '_blank',
    );
  });

  it('says 暂无数据 for no groups, and 错了哦，接口出错！ with the reason when the report fails', async () => {
    let fail = false;
    serve({ [MISSED]: () => (fail ? { code: 400, msg: '日期范围不能超过366天' } : { data: [], total: 0 }) });
    renderPage();
    const table = await screen.findByRole('table', { name: '漏检报表' });
    expect(await within(table).findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(await screen.findAllByText('错了哦，接口出错！日期范围不能超过366天')).not.toHaveLength(0);
  });
});
