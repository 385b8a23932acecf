import type { DashboardSummary, MissedPoint, Page, Paging, PunchRow, TrendPoint } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { roadSchedule } from '../../domain/stored-schedule.js';
import { localDate } from '../../domain/time.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import type { Scope } from '../scope.js';
import { freshRounds, liveStatuses } from '../round/round.service.js';
import { punchesIn } from '../record/record.service.js';
import * as repo from './dashboard.repository.js';

/** checked ÷ expected as a percentage with one decimal; null when nothing was expected (shown as —). */
export function completionRate(checked: number, expected: number): number | null {
  return expected > 0 ? Math.round((checked / expected) * 1000) / 10 : null;
}

function today(ctx: AppContext) {
  const tz = ctx.config.tzName;
  const day = localDate(ctx.now(), tz);
  return { day, start: zonedInstant(day, 0, tz), end: zonedInstant(addDays(day, 1), 0, tz) };
}

/** Open roads (not closed) and running ones (status 1) among the organisations' live roads, now. */
async function roadCounts(ctx: AppContext, holdIds: number[]) {
  const roads = await repo.roadSchedules(ctx.db, holdIds);
  const statuses = await liveStatuses(
    ctx,
    ctx.db,
    'road',
    roads.map((r) => ({ id: r.road_id, schedule: roadSchedule(r) })),
    (ids) => repo.liveCardCounts(ctx.db, ids),
  );
  const status = (roadId: number) => statuses.get(roadId) ?? 0;
  return {
    open: roads.filter((r) => status(r.road_id) !== 4).length,
    running: roads.filter((r) => status(r.road_id) === 1).length,
  };
}

/** The five figures of the dashboard for the caller's scope, today (DOMAIN.md, Dashboard). */
export async function summary(ctx: AppContext, scope: Scope, holdId: number | undefined): Promise<DashboardSummary[]> {
  const holdIds = await scope.holdIds(holdId, true);
  await freshRounds(ctx);
  const { day, start, end } = today(ctx);
  // At once, each on a connection of its own: the figures do not depend on one another, so Summary takes its longest
  // chain (the roads, then their rounds) rather than the sum (P4 at 10M: 72 ms one after another, the people 19 ms).
  const [roads, rounds, people] = await Promise.all([
    roadCounts(ctx, holdIds),
    repo.roundFigures(ctx.db, holdIds, day, ctx.now()),
    repo.peopleWhoPunched(ctx.db, holdIds, start, end),
  ]);
  return [
    {
      all_roads: roads.open,
      running_roads: roads.running,
      patrol_people_num: people,
      missed_checks: rounds.missed,
      completion_rate: completionRate(rounds.checked, rounds.expected),
      today: day,
    },
  ];
}

/** Punches and completion rate per day over the last `days` days, oldest first (from the stored rounds). */
export async function trend(
  ctx: AppContext,
  scope: Scope,
  holdId: number | undefined,
  days: number,
): Promise<TrendPoint[]> {
  const holdIds = await scope.holdIds(holdId, true);
  await freshRounds(ctx);
  const tz = ctx.config.tzName;
  const { day: lastDay, end } = today(ctx);
  const firstDay = addDays(lastDay, -(days - 1));
  const [punches, rounds] = await Promise.all([
    repo.punchesPerDay(ctx.db, holdIds, zonedInstant(firstDay, 0, tz), end, tz),
    repo.roundsPerDay(ctx.db, holdIds, firstDay, lastDay, ctx.now()),
  ]);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(firstDay, i);
    const round = rounds.find((r) => r.date === date);
    return {
      date,
      punches: punches.find((p) => p.date === date)?.n ?? 0,
      completion_rate: completionRate(round?.checked ?? 0, round?.expected ?? 0),
    };
  });
}

/** The points behind the missed-checks figure: today's frozen rounds' unchecked points, with their round. */
export async function missedToday(ctx: AppContext, scope: Scope, holdId: number | undefined): Promise<MissedPoint[]> {
  const holdIds = await scope.holdIds(holdId, true);
  await freshRounds(ctx);
  const rows = await repo.missedPoints(ctx.db, holdIds, today(ctx).day, ctx.config.tzName);
  return rows.map((r) => ({
    round_id: r.round_id,
    road_name: r.task_name ? `${r.road_name}（${r.task_name}）` : r.road_name,
    patrol_name: r.patrol_name,
    patrol_sn: r.patrol_sn,
    window: r.window,
  }));
}

/** Today's punches, newest first, 20 a page. */
export async function todayPunches(
  ctx: AppContext,
  scope: Scope,
  holdId: number | undefined,
  paging: Paging,
): Promise<Page<PunchRow>> {
  const holdIds = await scope.holdIds(holdId, true);
  const { start, end } = today(ctx);
  return punchesIn(ctx, holdIds, { from: start, to: end }, paging);
}
