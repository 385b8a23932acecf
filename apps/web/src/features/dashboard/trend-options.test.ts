import type { TrendPoint } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { completionOption, dayLabel, punchesOption } from './trend-options';

const WEEK: TrendPoint[] = [
  { date: '2026-11-16', punches: 120, completion_rate: 95 },
  { date: '2026-11-17', punches: 0, completion_rate: 100 },
  { date: '2026-11-18', punches: 98, completion_rate: 87.5 },
];

type Axis = { data?: string[]; min?: number; max?: number; axisLabel?: { formatter?: string } };
type Series = { type: string; name: string; data: number[] };

describe('the 7-day charts', () => {
  it('labels each day as MM-DD, oldest first as the server sends them', () => {
    expect(dayLabel('2026-01-05')).toBe('01-05');
    expect((punchesOption(WEEK).xAxis as Axis).data).toEqual(['11-16', '11-17', '11-18']);
  });

  it('draws the punches of each day as bars, a day without punches as zero', () => {
    const option = punchesOption(WEEK);
    const [series] = option.series as Series[];
    expect(series).toMatchObject({ type: 'bar', name: '打卡数', data: [120, 0, 98] });
    expect(option.animation).toBe(false);
  });

  it('draws the completion rate as a line on a fixed 0–100 % axis', () => {
    const option = completionOption(WEEK);
    const [series] = option.series as Series[];
    expect(series).toMatchObject({ type: 'line', name: '完成率', data: [95, 100, 87.5] });
    const yAxis = option.yAxis as Axis;
    expect([yAxis.min, yAxis.max, yAxis.axisLabel?.formatter]).toEqual([0, 100, '{value}%']);
    expect((option.xAxis as Axis).data).toEqual(['11-16', '11-17', '11-18']);
  });

  it('has nothing to draw for an empty trend', () => {
    expect((punchesOption([]).series as Series[])[0]?.data).toEqual([]);
  });
});
