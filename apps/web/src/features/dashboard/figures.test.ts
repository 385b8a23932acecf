import type { DashboardSummary } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { countText, figuresOf, rateText } from './figures';

const SUMMARY: DashboardSummary = {
  all_roads: 8,
  running_roads: 3,
  patrol_people_num: 6,
  missed_checks: 4,
  completion_rate: 87.5,
  today: '2026-11-23',
};

describe('the dashboard figures', () => {
  it('shows the five counts in the spec’s order, the rate with a percent sign', () => {
    expect(figuresOf(SUMMARY).map((f) => [f.title, f.text])).toEqual([
      ['路线总数', '8'],
      ['运行中路线', '3'],
      ['漏检数', '4'],
      ['巡检人数', '6'],
      ['完成率', '87.5%'],
    ]);
  });

  it('shows a whole rate without a trailing .0 and keeps one decimal otherwise', () => {
    expect(rateText(100)).toBe('100%');
    expect(rateText(0)).toBe('0%');
    expect(rateText(66.66666)).toBe('66.7%');
    expect(rateText(99.95)).toBe('100%');
  });

  it('never shows undefined: a missing figure is a dash', () => {
    expect(figuresOf(null).map((f) => f.text)).toEqual(['—', '—', '—', '—', '—']);
    expect(countText(undefined)).toBe('—');
    expect(countText(Number.NaN)).toBe('—');
    expect(rateText('87.5')).toBe('—');
    expect(countText(0)).toBe('0');
  });
});
