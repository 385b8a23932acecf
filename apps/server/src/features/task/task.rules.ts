import { parseClock, parseItems } from '../../domain/cycle-items.js';
import { invalid } from '../../errors.js';
import { DEFAULT_WEEKDAYS } from '../road/road.rules.js';

/** Mode 3 weekly (weekday items, default 周一–周五), 4 monthly (month days, at least one); others have none. */
export function readTaskItems(mode: number, raw: string | readonly (string | number)[]): number[] {
  if (mode !== 3 && mode !== 4) return [];
  const items = parseItems(mode === 3 ? 'weekday' : 'monthday', raw);
  if (items === null) throw invalid('巡检周期的日期不正确');
  if (items.length > 0) return items;
  if (mode === 3) return DEFAULT_WEEKDAYS;
  throw invalid('请选择每月巡检的日期');
}

/** `HH:mm`, or a date and time `YYYY-MM-DD HH:mm[:ss]`: the clock part and, if given, the date part. */
export function readTaskTime(text: string): { minute: number | null; date: string | null } {
  const value = text.trim();
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](.*))?$/.exec(value);
  const date = match ? match[1]! : null;
  const clock = match ? (match[2] ?? '') : value;
  const minute = parseClock(clock);
  if (minute === undefined) throw invalid('时间格式应为 HH:mm');
  return { minute, date };
}
