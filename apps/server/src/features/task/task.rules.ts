import { ROAD_CYCLE_OF_TASK_MODE, cycleMessages, type TaskMode } from '@guard-tour/contract';
import { parseClock, readCycleItems } from '../../domain/cycle-items.js';
import { invalid } from '../../errors.js';

/** A task's items as its road cycle has them: weekly weekdays (default 周一–周五), monthly days (one at least). */
export function readTaskItems(mode: TaskMode, raw: string | readonly (string | number)[]): number[] {
  const read = readCycleItems(ROAD_CYCLE_OF_TASK_MODE[mode], raw);
  if (read.ok) return read.items;
  throw invalid(read.reason === 'malformed' ? cycleMessages.badItems : cycleMessages.monthdaysRequired);
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
