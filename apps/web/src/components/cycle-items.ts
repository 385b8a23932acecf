/**
 * Schedule items of roads and tasks (spec section 3): weekdays 周一…周日, month days 1号…31号.
 * The server accepts names or numbers and answers names, comma-joined; the screens tick checkboxes.
 */
export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
export const MONTHDAY_NAMES = Array.from({ length: 31 }, (_, index) => `${index + 1}号`);

/** The weekly default (spec section 9): Monday to Friday. */
export const DEFAULT_WEEKDAYS: readonly string[] = WEEKDAY_NAMES.slice(0, 5);

export type CycleItemKind = 'weekday' | 'monthday';

export function itemNamesOf(kind: CycleItemKind): readonly string[] {
  return kind === 'weekday' ? WEEKDAY_NAMES : MONTHDAY_NAMES;
}

/** One item as a name: 周三 or 3 (a weekday), 15号 or 15 or 15日 (a month day); null when it is neither. */
function nameOf(kind: CycleItemKind, item: string): string | null {
  const names = itemNamesOf(kind);
  if (names.includes(item)) return item;
  if (kind === 'weekday' && (item === '星期日' || item === '周天')) return '周日';
  const match = /^(\d{1,2})(号|日)?$/.exec(item);
  if (!match) return null;
  return names[Number(match[1]) - 1] ?? null;
}

/** Items as the server sends them ('周一,周三', '1号,15号', '1,3') → the ticked names, in calendar order. */
export function checkedItems(kind: CycleItemKind, text: string | null | undefined): string[] {
  const picked = new Set(
    String(text ?? '')
      .split(/[,，、\s]+/)
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => nameOf(kind, item))
      .filter((name): name is string => name !== null),
  );
  return itemNamesOf(kind).filter((name) => picked.has(name));
}

/** Ticked names → the text a save sends, in calendar order whatever order they were ticked in. */
export function itemsText(kind: CycleItemKind, checked: readonly string[]): string {
  const picked = new Set(checked);
  return itemNamesOf(kind)
    .filter((name) => picked.has(name))
    .join(',');
}
