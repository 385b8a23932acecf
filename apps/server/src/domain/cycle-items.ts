/** Schedule items as people write them (周一…周日, 1号…31号) and as numbers (pure). */

export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

export type ItemKind = 'weekday' | 'monthday';

const LIMIT: Record<ItemKind, number> = { weekday: 7, monthday: 31 };

function itemNumber(kind: ItemKind, item: string | number): number | null {
  const text = String(item).trim();
  if (kind === 'weekday') {
    const index = WEEKDAY_NAMES.indexOf(text as (typeof WEEKDAY_NAMES)[number]);
    if (index >= 0) return index + 1;
    if (text === '星期日' || text === '周天') return 7;
  }
  const match = /^(\d{1,2})(号|日)?$/.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= LIMIT[kind] ? n : null;
}

/**
 * Reads items given as numbers or names, an array or comma-joined text. Returns the sorted distinct
 * numbers, or null when any item is not a valid weekday / day of month.
 */
export function parseItems(
  kind: ItemKind,
  raw: string | readonly (string | number)[] | null | undefined,
): number[] | null {
  const list = Array.isArray(raw) ? raw : String(raw ?? '').split(/[,，、\s]+/);
  const numbers = new Set<number>();
  for (const item of list) {
    if (String(item).trim() === '') continue;
    const n = itemNumber(kind, item);
    if (n === null) return null;
    numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

/** Items as names, comma-joined: `周一,周三` or `1号,15号`. */
export function formatItems(kind: ItemKind, items: readonly number[]): string {
  return items.map((n) => (kind === 'weekday' ? WEEKDAY_NAMES[n - 1] : `${n}号`)).join(',');
}

/** `HH:mm` → minutes after midnight; '' or null → null; anything else → undefined (invalid). */
export function parseClock(text: string | null | undefined): number | null | undefined {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return hours * 60 + minutes;
}

export function formatClock(minutes: number | null): string {
  if (minutes === null) return '';
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
