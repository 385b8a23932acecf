import {
  DEFAULT_WEEKDAYS as DEFAULT_WEEKDAY_NUMBERS,
  MONTHDAY_NAMES,
  WEEKDAY_NAMES,
  itemNamesOf,
  itemNumber,
  type ItemKind,
} from '@guard-tour/contract';

/**
 * Schedule items of roads and tasks (spec section 3): weekdays 周一…周日, month days 1号…31号, named once in the
 * contract. The server accepts names or numbers and answers names, comma-joined; the screens tick checkboxes.
 */
export { MONTHDAY_NAMES, WEEKDAY_NAMES, itemNamesOf };

/** The weekly default (spec section 9): Monday to Friday, as the checkboxes name them. */
export const DEFAULT_WEEKDAYS: readonly string[] = DEFAULT_WEEKDAY_NUMBERS.map((n) => WEEKDAY_NAMES[n - 1] ?? '');

export type CycleItemKind = ItemKind;

/** One item as a name: 周三 or 3 (a weekday), 15号 or 15 or 15日 (a month day); null when it is neither. */
function nameOf(kind: CycleItemKind, item: string): string | null {
  const n = itemNumber(kind, item);
  return n === null ? null : (itemNamesOf(kind)[n - 1] ?? null);
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
