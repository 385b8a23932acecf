import {
  DEFAULT_WEEKDAYS,
  WEEKDAY_NAMES,
  formatItems,
  itemKindOf,
  itemNumber,
  type ItemKind,
  type RoadCycle,
} from '@guard-tour/contract';

/** Schedule items as people write them (周一…周日, 1号…31号) and as numbers (pure); the names are the contract's. */
export { WEEKDAY_NAMES, formatItems, type ItemKind };

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

export type CycleItems = { ok: true; items: number[] } | { ok: false; reason: 'malformed' | 'monthdaysRequired' };

/**
 * A cycle's items from a request (names or numbers): a weekly cycle with none is Monday–Friday (spec section 9),
 * a monthly one needs a day, a daily cycle (or a single task, no road cycle) has none.
 */
export function readCycleItems(cycle: RoadCycle | null, raw: string | readonly (string | number)[]): CycleItems {
  const kind = itemKindOf(cycle);
  if (!kind) return { ok: true, items: [] };
  const items = parseItems(kind, raw);
  if (items === null) return { ok: false, reason: 'malformed' };
  if (items.length > 0) return { ok: true, items };
  if (kind === 'weekday') return { ok: true, items: [...DEFAULT_WEEKDAYS] };
  return { ok: false, reason: 'monthdaysRequired' };
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
