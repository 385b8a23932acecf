import type { DashboardSummary } from '@guard-tour/contract';

export type FigureKey = 'all_roads' | 'running_roads' | 'missed_checks' | 'patrol_people_num' | 'completion_rate';

export interface Figure {
  key: FigureKey;
  title: string;
  /** What the card shows: a count, a rate with %, or '—' when nothing is known. */
  text: string;
}

/** The five cards, in the spec's order (section 2). */
export const FIGURE_TITLES: readonly { key: FigureKey; title: string }[] = [
  { key: 'all_roads', title: '路线总数' },
  { key: 'running_roads', title: '运行中路线' },
  { key: 'missed_checks', title: '漏检数' },
  { key: 'patrol_people_num', title: '巡检人数' },
  { key: 'completion_rate', title: '完成率' },
];

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A count as a whole number; '—' when the server sent none. */
export function countText(value: unknown): string {
  const n = finite(value);
  return n === null ? '—' : String(Math.round(n));
}

/** 0–100 with at most one decimal: 97.5%, 100%; '—' when the server sent none. */
export function rateText(value: unknown): string {
  const n = finite(value);
  if (n === null) return '—';
  const clamped = Math.min(100, Math.max(0, n));
  return `${Number(clamped.toFixed(1))}%`;
}

/** The cards' texts for a summary (null while it is unknown: every card shows '—'). */
export function figuresOf(summary: DashboardSummary | null | undefined): Figure[] {
  return FIGURE_TITLES.map(({ key, title }) => {
    const value = summary?.[key];
    return { key, title, text: key === 'completion_rate' ? rateText(value) : countText(value) };
  });
}
