import { cycleMessages, roadMessages, type RoadCycle } from '@guard-tour/contract';
import { parseClock, readCycleItems } from '../../domain/cycle-items.js';
import { invalid } from '../../errors.js';

/** A road's cycle items from the request: names or numbers; weekly defaults to 周一–周五; monthly needs a day. */
export function readRoadItems(cycle: RoadCycle, raw: string | readonly (string | number)[]): number[] {
  const read = readCycleItems(cycle, raw);
  if (read.ok) return read.items;
  throw invalid(read.reason === 'malformed' ? roadMessages.badItems : cycleMessages.monthdaysRequired);
}

/** A road's window: HH:mm or empty; the end not before the start (a road's window never crosses midnight). */
export function readRoadWindow(start: string, end: string): { start_minute: number | null; end_minute: number | null } {
  const startMinute = parseClock(start);
  const endMinute = parseClock(end);
  if (startMinute === undefined || endMinute === undefined) throw invalid(roadMessages.badClock);
  if (startMinute !== null && endMinute !== null && endMinute < startMinute) throw invalid(roadMessages.endBeforeStart);
  return { start_minute: startMinute, end_minute: endMinute };
}
