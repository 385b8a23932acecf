import type { TrendPoint } from '@guard-tour/contract';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** Only the parts of an ECharts option the two charts use (the registered components). */
export type TrendChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption
>;

const BLUE = '#1677ff';
const GREEN = '#52c41a';

/** 2026-11-20 → 11-20 (the x axis of both charts). */
export function dayLabel(date: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[1]}-${match[2]}` : date;
}

function common(points: readonly TrendPoint[]): TrendChartOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((p) => dayLabel(p.date)), axisTick: { alignWithLabel: true } },
  };
}

/** 近7日打卡数: one bar per day. */
export function punchesOption(points: readonly TrendPoint[]): TrendChartOption {
  return {
    ...common(points),
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: '打卡数',
        type: 'bar',
        barMaxWidth: 36,
        itemStyle: { color: BLUE, borderRadius: [4, 4, 0, 0] },
        data: points.map((p) => p.punches),
      },
    ],
  };
}

/** A rate in the tooltip: 87.5%, or — for a day without rounds. */
export function tooltipRate(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value}%` : '—';
}

/**
 * 近7日完成率: a line on a fixed 0–100 % scale, so a steady 100% does not look like a cliff. A day without rounds
 * (rate null) stays empty, a gap in the line, rather than a point at 100%.
 */
export function completionOption(points: readonly TrendPoint[]): TrendChartOption {
  return {
    ...common(points),
    tooltip: { trigger: 'axis', valueFormatter: tooltipRate },
    yAxis: { type: 'value', min: 0, max: 100, interval: 25, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: '完成率',
        type: 'line',
        symbolSize: 7,
        itemStyle: { color: GREEN },
        lineStyle: { width: 2 },
        areaStyle: { color: GREEN, opacity: 0.12 },
        connectNulls: false,
        data: points.map((p) => (typeof p.completion_rate === 'number' ? p.completion_rate : null)),
      },
    ],
  };
}
