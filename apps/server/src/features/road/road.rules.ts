import { cycleMessages, readTimeSlots, roadMessages, type RoadCycle, type TimeSlot } from '@guard-tour/contract';
import { parseClock, readCycleItems } from '../../domain/cycle-items.js';
import { slotFields } from '../../domain/stored-schedule.js';
import { invalid } from '../../errors.js';

/** A road's cycle items from the request: names or numbers; weekly defaults to 周一–周五; monthly needs a day. */
export function readRoadItems(cycle: RoadCycle, raw: string | readonly (string | number)[]): number[] {
  const read = readCycleItems(cycle, raw);
  if (read.ok) return read.items;
  throw invalid(read.reason === 'malformed' ? roadMessages.badItems : cycleMessages.monthdaysRequired);
}

/** A road's window: HH:mm or empty; the end not before the start (a road's window never crosses midnight). */
export function readRoadWindow(
  start: string,
  end: string,
): { start_minute: number | null; end_minute: number | null; time_slots: number[] } {
  const startMinute = parseClock(start);
  const endMinute = parseClock(end);
  if (startMinute === undefined || endMinute === undefined) throw invalid(roadMessages.badClock);
  if (startMinute !== null && endMinute !== null && endMinute < startMinute) throw invalid(roadMessages.endBeforeStart);
  return { start_minute: startMinute, end_minute: endMinute, time_slots: [] };
}

/**
 * The windows of a road or task as stored: its `time_slots` when given (checked, SHIFTS.md's refusals; `[]` the
 * whole day), else the one window `fallback` reads (the old meaning, so clients without slots work unchanged).
 */
export function readSlotsOr<W>(
  slots: readonly TimeSlot[] | undefined,
  fallback: () => W,
): W | { start_minute: number | null; end_minute: number | null; time_slots: number[] } {
  if (slots === undefined) return fallback();
  const read = readTimeSlots(slots);
  if (!read.ok) throw invalid(read.message);
  return slotFields(read.slots);
}
