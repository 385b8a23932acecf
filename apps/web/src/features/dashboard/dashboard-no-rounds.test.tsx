import type { DashboardSummary, MissedPoint, RoundPoints, TrendPoint } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { DashboardPage } from './dashboard-page';
import { completionOption, tooltipRate } from './trend-options';

// jsdom has no canvas: the chart component shows what it was asked to draw instead (null as an empty slot).
vi.mock('echarts-for-react/esm/core', () => ({
  default: ({ option }: { option: { series: { name: string; data: (number | null)[] }[] } }) => (
    <div data-testid="chart">{`${option.series[0]?.name}=${option.series[0]?.data.map((v) => (v === null ? '∅' : v)).join(',')}`}</div>
  ),
}));

const SUMMARY: DashboardSummary = {
  all_roads: 2,
  running_roads: 0,
  patrol_people_num: 3,
  missed_checks: 1,
  completion_rate: null,
  today: '2026-11-23',
};

const TREND: TrendPoint[] = [
  { date: '2026-11-21', punches: 0, completion_rate: null },
  { date: '2026-11-22', punches: 40, completion_rate: 92.5 },
  { date: '2026-11-23', punches: 0, completion_rate: null },
];

const MISSED: MissedPoint[] = [
  { round_id: 31, road_name: '夜间外围', patrol_name: '北门岗亭', patrol_sn: 'A9', window: '00:00-06:00' },
];

const ROUND: RoundPoints = {
  round_id: 31,
  road_id: 7,
  road_name: '夜间外围',
  task_id: null,
  task_name: '',
  round_date: '2026-11-23',
  slot_no: 1,
  window_start: '2026-11-23 00:00:00',
  window_end: '2026-11-23 06:00:00',
  grace_minutes: 0,
  result: 3,
  points: [{ patrol_id: 9, patrol_name: '北门岗亭', patrol_sn: 'A9', result: 4, punch_time: null }],
};

function serve() {
  return fakeServer({
    '/Dashboard/Summary': () => ({ data: [SUMMARY] }),
    '/Dashboard/TodayPatrolLogs': () => ({ data: [], total: 0 }),
    '/Dashboard/Trend': () => ({ data: TREND }),
    '/Dashboard/MissedToday': () => ({ data: MISSED }),
    '/Report/RoundPoints': () => ({ data: ROUND }),
  });
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the dashboard before anything was expected', { timeout: 30_000 }, () => {
  it('shows 完成率 as — and leaves days without rounds empty in the chart, never 100%', async () => {
    serve();
    render(
      <Providers>
        <DashboardPage />
      </Providers>,
    );
    const rate = screen.getByRole('group', { name: '完成率' });
    await waitFor(() => expect(screen.getByRole('group', { name: '巡检人数' }).textContent).toContain('3'));
    expect(rate.textContent).toContain('—');
    expect(rate.textContent).not.toContain('%');
    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((chart) => chart.textContent)).toEqual(['打卡数=0,40,0', '完成率=∅,92.5,∅']);
    expect(document.body.textContent).not.toMatch(/undefined|null|NaN|100%/);
  });

  it('opens a missed point’s round, with each point’s result, from the 漏检数 list', async () => {
    const server = serve();
    render(
      <Providers>
        <DashboardPage />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '漏检数' }));
    const list = await screen.findByRole('dialog');
    fireEvent.click(await within(list).findByRole('button', { name: '夜间外围' }));
    const points = await screen.findByRole('table', { name: '本轮巡检点' });
    expect(server.callsTo('/Report/RoundPoints')[0]?.query.get('round_id')).toBe('31');
    expect(within(points).getByText('漏检')).toBeTruthy();
  });
});

describe('the completion chart', () => {
  it('draws null for a day without rounds and says — in its tooltip', () => {
    const [series] = completionOption(TREND).series as { data: (number | null)[]; connectNulls: boolean }[];
    expect(series?.data).toEqual([null, 92.5, null]);
    expect(series?.connectNulls).toBe(false);
    expect(tooltipRate(null)).toBe('—');
    expect(tooltipRate(92.5)).toBe('92.5%');
  });
});
