import type { CSSProperties } from 'react';

/** A cell's text: empty values show as '—', never as "undefined" or "null". */
export function shown(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const text = String(value).trim();
  return text === '' || text === 'undefined' || text === 'null' ? '—' : text;
}

const NOWRAP_STYLE: CSSProperties = { whiteSpace: 'nowrap' };

/** Spread into a column that must stay on one line (times, dates, actions). */
export const NOWRAP = {
  onCell: () => ({ style: NOWRAP_STYLE }),
  onHeaderCell: () => ({ style: NOWRAP_STYLE }),
} as const;
