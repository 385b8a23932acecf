import { z } from 'zod';
import { optionalHoldId } from './common.js';
import { pagingSchema } from './envelope.js';

/** `Dashboard/Summary`'s `data[0]`: the spec's three counts, the two real figures (API.md) and the day. */
export interface DashboardSummary {
  all_roads: number;
  running_roads: number;
  patrol_people_num: number;
  missed_checks: number;
  /** 0–100, one decimal. */
  completion_rate: number;
  /** The day these figures are for, `YYYY-MM-DD` in the deployment time zone (the greeting shows it). */
  today: string;
}

export const dashboardScopeQuery = z.object({ hold_id: optionalHoldId });

export const todayLogsQuery = pagingSchema.extend({
  PageSize: z.coerce.number().int().min(1).max(200).catch(20).default(20),
  hold_id: optionalHoldId,
});

export const trendQuery = z.object({
  days: z.coerce.number().int().min(1).max(31).catch(7).default(7),
  hold_id: optionalHoldId,
});

export interface TrendPoint {
  date: string;
  punches: number;
  completion_rate: number;
}

export interface MissedPoint {
  road_name: string;
  patrol_name: string;
  patrol_sn: string;
  window: string;
}
