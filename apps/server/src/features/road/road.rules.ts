import { ROAD_CYCLE_TEXT, roadMessages } from '@guard-tour/contract';
import { formatClock, formatItems, parseClock, parseItems, type ItemKind } from '../../domain/cycle-items.js';
import { invalid } from '../../errors.js';

/** Monday to Friday: the weekly default (spec section 9). */
export const DEFAULT_WEEKDAYS = [1, 2, 3, 4, 5];

export function itemKindOf(cycleType: number): ItemKind | null {
  return cycleType === 2 ? 'weekday' : cycleType === 3 ? 'monthday' : null;
}

/** A road's cycle items from the request: names or numbers; weekly defaults to 周一–周五; monthly needs a day. */
export function readRoadItems(cycleType: number, raw: string | readonly (string | number)[]): number[] {
  const kind = itemKindOf(cycleType);
  if (!kind) return [];
  const items = parseItems(kind, raw);
  if (items === null) throw invalid(roadMessages.badItems);
  if (items.length === 0) {
    if (kind === 'weekday') return DEFAULT_WEEKDAYS;
    throw invalid('请选择每月巡检的日期');
  }
  return items;
}

/** A road's window: HH:mm or empty; the end not before the start (a road's window never crosses midnight). */
export function readRoadWindow(start: string, end: string): { start_minute: number | null; end_minute: number | null } {
  const startMinute = parseClock(start);
  const endMinute = parseClock(end);
  if (startMinute === undefined || endMinute === undefined) throw invalid(roadMessages.badClock);
  if (startMinute !== null && endMinute !== null && endMinute < startMinute) throw invalid(roadMessages.endBeforeStart);
  return { start_minute: startMinute, end_minute: endMinute };
}

/** The cycle as a person reads it: 每天, 每周：周一,周三, 每月：1号,15号. */
export function cycleText(
  cycleType: number,
  items: readonly number[],
  texts: Record<number, string> = ROAD_CYCLE_TEXT,
): string {
  const kind = itemKindOf(cycleType);
  const base = texts[cycleType] ?? '';
  return kind && items.length > 0 ? `${base}：${formatItems(kind, items)}` : base;
}

export { formatClock, formatItems };
