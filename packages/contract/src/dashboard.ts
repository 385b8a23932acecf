import { z } from 'zod';
import { internal, optionalHoldId } from './common.js';
import { pagingSchema } from './envelope.js';

/** `Dashboard/Summary`'s `data[0]`: the spec's three counts, the two real figures (API.md) and the day. */
export const dashboardSummary = z.object({
  all_roads: z.number(),
  running_roads: z.number(),
  patrol_people_num: z.number(),
  missed_checks: z.number(),
  /** 0–100, one decimal; null when nothing was expected yet today (shown as —). */
  completion_rate: z.number().nullable(),
  /** The day these figures are for, `YYYY-MM-DD` in the deployment time zone (the greeting shows it). */
  today: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const dashboardScopeQuery = internal(z.object({ hold_id: optionalHoldId }));

export const todayLogsQuery = internal(
  pagingSchema.extend({
    PageSize: z.coerce.number().int().min(1).max(200).catch(20).default(20),
    hold_id: optionalHoldId,
  }),
);

export const trendQuery = internal(
  z.object({
    days: z.coerce.number().int().min(1).max(31).catch(7).default(7),
    hold_id: optionalHoldId,
  }),
);

/** One day of `Dashboard/Trend`, `YYYY-MM-DD`, oldest first. */
export const trendPoint = z.object({
  date: z.string(),
  punches: z.number(),
  /** Null on a day without rounds (the chart leaves it empty). */
  completion_rate: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof trendPoint>;

/** One point behind today's missed-checks figure; `window` is `HH:mm-HH:mm`. */
export const missedPoint = z.object({
  /** The round it belongs to (Report/RoundPoints opens it). */
  round_id: z.number(),
  road_name: z.string(),
  patrol_name: z.string(),
  patrol_sn: z.string(),
  window: z.string(),
});
export type MissedPoint = z.infer<typeof missedPoint>;
