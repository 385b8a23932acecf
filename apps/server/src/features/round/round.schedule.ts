import type { Schedule } from '../../domain/schedule.js';

/** How a road's stored fields read as a schedule (cycle 1 daily, 2 weekly, 3 monthly). */
export function roadSchedule(row: {
  cycle_repeat_type: number;
  cycle_items: number[];
  start_minute: number | null;
  end_minute: number | null;
  created_at: Date;
  closed_at: Date | null;
}): Schedule {
  const cycle =
    row.cycle_repeat_type === 2
      ? { mode: 'weekly' as const, days: row.cycle_items }
      : row.cycle_repeat_type === 3
        ? { mode: 'monthly' as const, days: row.cycle_items }
        : { mode: 'daily' as const };
  return {
    cycle,
    start: row.start_minute,
    end: row.end_minute,
    createdAt: row.created_at,
    closed: row.closed_at !== null,
  };
}

/** How a task's stored fields read as a schedule (mode 1 single, 2 daily, 3 weekly, 4 monthly); a closed road closes it. */
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
  const cycle =
    row.cycle_repeat_mode === 1
      ? { mode: 'once' as const, date: row.single_date ?? '' }
      : row.cycle_repeat_mode === 3
        ? { mode: 'weekly' as const, days: row.cycle_items }
        : row.cycle_repeat_mode === 4
          ? { mode: 'monthly' as const, days: row.cycle_items }
          : { mode: 'daily' as const };
  return {
    cycle,
    start: row.start_minute,
    end: row.end_minute,
    createdAt: row.created_at,
    expireDate: row.expire_date ?? undefined,
    closed: roadClosed,
  };
}
