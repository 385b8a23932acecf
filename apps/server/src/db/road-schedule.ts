import { road, task } from './schema.js';

/**
 * The fields of a road its schedule reads (`roadSchedule` in domain/stored-schedule.ts), with its grace: selected by
 * the road list, the rounds and the demo alike, so they live here, owned by none of them (the dashboard reads the
 * same fields by hand, dashboard.repository.ts).
 */
export const roadScheduleColumns = {
  cycle_repeat_type: road.cycle_repeat_type,
  cycle_items: road.cycle_items,
  start_minute: road.start_minute,
  end_minute: road.end_minute,
  time_slots: road.time_slots,
  created_at: road.create_time,
  closed_at: road.closed_at,
  grace_minutes: road.grace_minutes,
};

/** The fields of a task its schedule reads (`taskSchedule`), with its grace: the task list, the rounds, the demo. */
export const taskScheduleColumns = {
  cycle_repeat_mode: task.cycle_repeat_mode,
  cycle_items: task.cycle_items,
  single_date: task.single_date,
  start_minute: task.start_minute,
  end_minute: task.end_minute,
  time_slots: task.time_slots,
  expire_date: task.expire_date,
  created_at: task.create_time,
  grace_minutes: task.grace_minutes,
};
