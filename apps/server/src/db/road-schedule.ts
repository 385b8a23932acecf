import { road } from './schema.js';

/**
 * The fields of a road its schedule reads (`roadSchedule` in features/round/round.schedule.ts): selected by the
 * road list, the rounds, the dashboard and the demo alike, so they live here, owned by none of them.
 */
export const roadScheduleColumns = {
  cycle_repeat_type: road.cycle_repeat_type,
  cycle_items: road.cycle_items,
  start_minute: road.start_minute,
  end_minute: road.end_minute,
  created_at: road.create_time,
  closed_at: road.closed_at,
};
