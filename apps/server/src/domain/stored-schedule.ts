import { roadCycleOf, roadCycleValue, taskCycleValue, taskModeOf } from '@guard-tour/contract';
import { slotsToWire, type SlotMinutes } from '@guard-tour/contract';
import type { Schedule } from './schedule.js';

/**
 * How stored roads and tasks read as schedules (pure): their cycle numbers by name (the contract's RoadCycle and
 * TaskMode), their items, window, creation and closing. The road list, the rounds, the dashboard, the demo and the
 * simulator all read them through here.
 */

/** Stored slots (`time_slots`: start, end, start, end … in minutes) as slots; empty = the one window. */
export function storedSlots(flat: readonly number[] | null | undefined): SlotMinutes[] {
  const slots: SlotMinutes[] = [];
  for (let i = 0; flat && i + 1 < flat.length; i += 2) slots.push({ start: flat[i]!, end: flat[i + 1]! });
  return slots;
}

/** Slots as stored. */
export function flatSlots(slots: readonly SlotMinutes[]): number[] {
  return slots.flatMap((slot) => [slot.start, slot.end]);
}

/** A road's stored fields as its schedule, with its grace. */
export function roadSchedule(row: {
  cycle_repeat_type: number;
  cycle_items: number[];
  start_minute: number | null;
  end_minute: number | null;
  time_slots: number[];
  grace_minutes: number;
  created_at: Date;
  closed_at: Date | null;
}): Schedule {
  return {
    cycle: roadCycleValue(roadCycleOf(row.cycle_repeat_type), row.cycle_items),
    start: row.start_minute,
    end: row.end_minute,
    slots: storedSlots(row.time_slots),
    createdAt: row.created_at,
    closed: row.closed_at !== null,
    grace: row.grace_minutes,
  };
}

/** A task's stored fields as its schedule, with its grace; a closed road closes it. */
export function taskSchedule(
  row: {
    cycle_repeat_mode: number;
    cycle_items: number[];
    single_date: string | null;
    start_minute: number | null;
    end_minute: number | null;
    time_slots: number[];
    expire_date: string | null;
    created_at: Date;
    grace_minutes: number;
  },
  roadClosed: boolean,
): Schedule {
  return {
    cycle: taskCycleValue(taskModeOf(row.cycle_repeat_mode), row.cycle_items, row.single_date),
    start: row.start_minute,
    end: row.end_minute,
    slots: storedSlots(row.time_slots),
    createdAt: row.created_at,
    expireDate: row.expire_date ?? undefined,
    closed: roadClosed,
    grace: row.grace_minutes,
  };
}

/** The stored fields of a save with slots: the slots, and the first start and the last end as the one window. */
export function slotFields(slots: readonly SlotMinutes[]): {
  start_minute: number | null;
  end_minute: number | null;
  time_slots: number[];
} {
  return {
    start_minute: slots[0]?.start ?? null,
    end_minute: slots[slots.length - 1]?.end ?? null,
    time_slots: flatSlots(slots),
  };
}

/**
 * A road's or task's slots as its rows carry them (SHIFTS.md): its slots; one for a single window (an open edge
 * as 00:00 or 23:59); none for the whole day.
 */
export function rowSlots(row: { start_minute: number | null; end_minute: number | null; time_slots: number[] }) {
  const slots = storedSlots(row.time_slots);
  if (slots.length > 0) return slotsToWire(slots);
  if (row.start_minute === null && row.end_minute === null) return [];
  return slotsToWire([{ start: row.start_minute ?? 0, end: row.end_minute ?? 24 * 60 - 1 }]);
}
