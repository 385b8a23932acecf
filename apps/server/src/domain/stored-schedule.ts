import { roadCycleOf, roadCycleValue, taskCycleValue, taskModeOf } from '@guard-tour/contract';
import type { Schedule } from './schedule.js';

/**
 * How stored roads and tasks read as schedules (pure): their cycle numbers by name (the contract's RoadCycle and
 * TaskMode), their items, window, creation and closing. The road list, the rounds, the dashboard, the demo and the
 * simulator all read them through here.
 */

/** A road's stored fields as its schedule. */
export function roadSchedule(row: {
  cycle_repeat_type: number;
  cycle_items: number[];
  start_minute: number | null;
  end_minute: number | null;
  created_at: Date;
  closed_at: Date | null;
}): Schedule {
  return {
    cycle: roadCycleValue(roadCycleOf(row.cycle_repeat_type), row.cycle_items),
    start: row.start_minute,
    end: row.end_minute,
    createdAt: row.created_at,
    closed: row.closed_at !== null,
  };
}

/** A task's stored fields as its schedule; a closed road closes it. */
export function taskSchedule(
  row: {
    cycle_repeat_mode: number;
    cycle_items: number[];
    single_date: string | null;
    start_minute: number | null;
    end_minute: number | null;
    expire_date: string | null;
    created_at: Date;
  },
  roadClosed: boolean,
): Schedule {
  return {
    cycle: taskCycleValue(taskModeOf(row.cycle_repeat_mode), row.cycle_items, row.single_date),
    start: row.start_minute,
    end: row.end_minute,
    createdAt: row.created_at,
    expireDate: row.expire_date ?? undefined,
    closed: roadClosed,
  };
}
