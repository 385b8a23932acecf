import type { DashboardSummary, MissedPoint, PunchRow, TrendPoint } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { DashboardPage } from './dashboard-page';

// jsdom has no canvas: the chart component shows what it was asked to draw instead.
vi.mock('echarts-for-react/esm/core', () => ({
  default: ({ option }: { option: { xAxis: { data: string[] }; series: { name: string; data: number[] }[] } }) => (
    <div data-testid="chart">{`${option.series[0]?.name}:${option.xAxis.data.join(',')}=${option.series[0]?.data.join(',')}`}</div>
  ),
}));

const SUMMARY: DashboardSummary = {
  all_roads: 8,
  running_roads: 3,
  patrol_people_num: 6,
  missed_checks: 2,
  completion_rate: 87.5,
  today: '2026-11-23',
};

const punch = (patch: Partial<PunchRow>): PunchRow => ({
  punch_id: 1,
  create_time: '2026-11-23 08:31:05',
  create_date: '2026-11-23',
  create_htime: '08:31:05',
  weekly: '周一',
  patrol_name: '东门岗亭',
  patrol_sn: '0001A2B3C4',
  location: '东门',
  device_no: '865000000000101',
  object_name: '东门终端',
  user_name: 'zhangwei',
  true_name: '张伟',
  road_name: '夜间外围',
  hold_name: '华安物业',
  upload_time: '2026-11-23 08:32:00',
  flag: '',
  note: '',
  photo_ids: [],
  check_result: '',
  lat: null,
  lng: null,
  distance_m: null,
  ...patch,
});

const TREND: TrendPoint[] = [
  { date: '2026-11-22', punches: 140, completion_rate: 95 },
  { date: '2026-11-23', punches: 37, completion_rate: 87.5 },
];

const MISSED: MissedPoint[] = [
  { round_id: 31, road_name: '夜间外围', patrol_name: '北门岗亭', patrol_sn: '0001A2B3C9', window: '00:00-06:00' },
];

type Reply = { code?: number; msg?: string; data?: unknown; total?: number };

function serve(patch: Partial<Record<string, () => Reply>> = {}) {
  return fakeServer({
    '/Dashboard/Summary': () => ({ data: [SUMMARY] }),
    '/Dashboard/TodayPatrolLogs': () => ({
      data: [punch({}), punch({ punch_id: 2, true_name: '', user_name: '' })],
      total: 2,
    }),
    '/Dashboard/Trend': () => ({ data: TREND }),
    '/Dashboard/MissedToday': () => ({ data: MISSED }),
    ...patch,
  } as Record<string, () => Reply>);
}

function renderPage() {
  render(
    <Providers>
      <DashboardPage />
    </Providers>,
  );
}

const figure = (name: string) => screen.getByRole(name === '漏检数' ? 'button' : 'group', { name });

describe('the dashboard', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows today’s figures, today’s punches and the two 7-day charts', async () => {
    const server = serve();
    renderPage();
    await waitFor(() => expect(figure('路线总数').textContent).toContain('8'));
    expect(figure('运行中路线').textContent).toContain('3');
    expect(figure('漏检数').textContent).toContain('2');
    expect(figure('巡检人数').textContent).toContain('6');
    expect(figure('完成率').textContent).toContain('87.5%');

    const table = await screen.findByRole('table', { name: '今日巡检记录' });
    const [, named, anonymous] = await waitFor(() => {
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      return rows;
    });
    expect(named!.textContent).toContain('张伟');
    expect(within(anonymous!).getByText('—')).toBeTruthy();
    expect(server.callsTo('/Dashboard/TodayPatrolLogs')[0]?.query.get('PageSize')).toBe('20');

    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((c) => c.textContent)).toEqual(['打卡数:11-22,11-23=140,37', '完成率:11-22,11-23=95,87.5']);
    expect(server.callsTo('/Dashboard/Trend')[0]?.query.get('days')).toBe('7');
    expect(document.body.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('asks for its figures, punches and trend again every minute', async () => {
    // Only the intervals are faked: antd and Testing Library keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = serve();
    renderPage();
    await screen.findByRole('table', { name: '今日巡检记录' });
    const paths = ['/Dashboard/Summary', '/Dashboard/TodayPatrolLogs', '/Dashboard/Trend'];
    await waitFor(() => expect(paths.map((p) => server.callsTo(p).length)).toEqual([1, 1, 1]));
    vi.advanceTimersByTime(59_000);
    expect(paths.map((p) => server.callsTo(p).length)).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(1_000);
    await waitFor(() => expect(paths.map((p) => server.callsTo(p).length)).toEqual([2, 2, 2]));
  });

  it('lists today’s missed points when the missed-checks figure is clicked', async () => {
    const server = serve();
    renderPage();
    await waitFor(() => expect(figure('漏检数').textContent).toContain('2'));
    expect(server.callsTo('/Dashboard/MissedToday')).toHaveLength(0);
    fireEvent.click(figure('漏检数'));
    const dialog = await screen.findByRole('dialog');
    const row = await within(dialog).findByRole('row', { name: /北门岗亭/ });
    expect(row.textContent).toBe('夜间外围北门岗亭0001A2B3C900:00-06:00');
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['路线', '巡检点', '卡号', '时段']);
  });

  it('says so when nothing was punched or missed today', async () => {
    serve({
      '/Dashboard/TodayPatrolLogs': () => ({ data: [], total: 0 }),
      '/Dashboard/MissedToday': () => ({ data: [] }),
    });
    renderPage();
    expect(await screen.findByText('今日暂无巡检记录')).toBeTruthy();
    fireEvent.click(figure('漏检数'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('今日暂无漏检')).toBeTruthy();
  });

  it('shows a failed load as 错了哦，接口出错！ with the reason, never undefined', async () => {
    serve({ '/Dashboard/Summary': () => ({ code: 500, msg: '数据库暂时不可用' }) });
    renderPage();
    // antd's message appears after its own animation frame: give a busy machine time.
    expect(await screen.findByText('错了哦，接口出错！数据库暂时不可用', {}, { timeout: 5_000 })).toBeTruthy();
    expect(figure('路线总数').textContent).toContain('—');
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
  });
});
