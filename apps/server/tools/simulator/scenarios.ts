import { frozenAt, qualifies } from '../../src/domain/point-result.js';
import { roundsOn, type Round } from '../../src/domain/schedule.js';
import { localDate } from '../../src/domain/time.js';
import { addDays } from '../../src/domain/zoned-time.js';
import { terminalTime, type PatrolRoute, type PunchRecord } from '../../src/demo/punch-walk.js';

/**
 * The simulator's scenarios: the batches that make one alert kind happen on demand (ACCOUNTABILITY.md, Alerts),
 * generated without a server so each can be checked against the rules that raise it.
 */
export const SCENARIOS = ['late', 'silent', 'skewed', 'bunched'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** A road or task as walked, with what the scenarios print about it. */
export interface SimRoute extends PatrolRoute {
  kind: '线路' | '任务';
  name: string;
}

/** One upload of a terminal: `device_time` is its clock when sending (the server compares it with earlier ones). */
export interface Batch {
  device: string;
  records: PunchRecord[];
  device_time?: string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** A late walker's pace: over 30 s a point, so the late punches never look like 疑似代打 themselves. */
const LATE_PACE_MS = 40 * SECOND;

/** A round walked after its window plus grace: every punch too late to count, so its points stay 漏检. */
export interface LatePlan {
  route: SimRoute;
  round: Round;
  /** When the round froze (or will): its window's end plus grace. */
  frozen: Date;
  batch: Batch;
  /** When the last late punch has happened and the batch may go. */
  readyAt: number;
}

/**
 * The round to walk late: the one whose late walk ends soonest within `waitMs` from now (its 漏检 alert arrives
 * while the person watches), else the one whose late walk ended last (frozen already: its alert came at its freeze).
 */
export function latePlan(routes: readonly SimRoute[], now: Date, tz: string, waitMs: number): LatePlan | null {
  const plans: LatePlan[] = [];
  const today = localDate(now, tz);
  for (const route of routes) {
    const device = route.devices[0];
    const walker = route.walkers.find(Boolean);
    if (!device || route.cards.length === 0) continue;
    for (let day = addDays(today, -8); day <= addDays(today, 1); day = addDays(day, 1)) {
      for (const round of roundsOn(route.schedule, day, tz)) {
        const frozen = frozenAt(round, route.grace);
        const records = route.cards.map((card, i) => ({
          patrol_sn: card,
          punch_time: terminalTime(new Date(frozen.getTime() + 30 * SECOND + i * LATE_PACE_MS), tz),
          ...(walker ? { user_name: walker } : {}),
        }));
        const readyAt = frozen.getTime() + 30 * SECOND + (route.cards.length - 1) * LATE_PACE_MS + SECOND;
        plans.push({ route, round, frozen, batch: { device, records }, readyAt });
      }
    }
  }
  const t = now.getTime();
  const soon = plans.filter((p) => p.readyAt > t && p.readyAt <= t + waitMs).sort((a, b) => a.readyAt - b.readyAt);
  const past = plans.filter((p) => p.readyAt <= t).sort((a, b) => b.readyAt - a.readyAt);
  return soon[0] ?? past[0] ?? null;
}

/**
 * The terminal kept silent: preferably one a task is bound to, else one of a road's; the routes without it.
 * A task's own terminal stays silent, so its rounds go unwalked too.
 */
export function silence(routes: readonly SimRoute[]): { device: string; route: SimRoute; rest: SimRoute[] } | null {
  const route = [...routes]
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === '任务' ? -1 : 1))
    .find((r) => r.devices[0]);
  const device = route?.devices[0];
  if (!route || !device) return null;
  return { device, route, rest: routes.map((r) => ({ ...r, devices: r.devices.filter((d) => d !== device) })) };
}

/** Clock jumps shown by the skewed terminal's second upload (the server flags more than 10 and 30 minutes). */
export const SKEW_AHEAD_MS = 20 * MINUTE;
export const SKEW_DRIFT_MS = 45 * MINUTE;

/**
 * Two uploads of one terminal: first with its clock right, then with its clock moved SKEW_DRIFT_MS ahead and a punch
 * stamped SKEW_AHEAD_MS ahead of now: 时钟异常 on both counts.
 */
export function skewedBatches(route: SimRoute, now: Date, tz: string): Batch[] {
  const device = route.devices[0] ?? '';
  const at = (ms: number) => terminalTime(new Date(now.getTime() + ms), tz);
  const first = route.cards[0] ?? '';
  const second = route.cards[1] ?? first;
  return [
    { device, device_time: at(0), records: [{ patrol_sn: first, punch_time: at(-MINUTE) }] },
    { device, device_time: at(SKEW_DRIFT_MS), records: [{ patrol_sn: second, punch_time: at(SKEW_AHEAD_MS) }] },
  ];
}

/**
 * Three distinct points punched within 20 s by one terminal (疑似代打): a route with three points, preferably one
 * whose round is open now, so the punches check points of a round.
 */
export function bunchedBatch(
  routes: readonly SimRoute[],
  now: Date,
  tz: string,
): { route: SimRoute; batch: Batch } | null {
  const start = new Date(now.getTime() - MINUTE);
  const open = (route: SimRoute) =>
    [addDays(localDate(now, tz), -1), localDate(now, tz)].some((day) => {
      return roundsOn(route.schedule, day, tz).some((round) => qualifies(round, route.grace, start));
    });
  const fit = routes.filter((r) => r.cards.length >= 3 && r.devices[0]);
  const route = fit.find(open) ?? fit[0];
  if (!route) return null;
  const walker = route.walkers.find(Boolean);
  const records = route.cards.slice(0, 3).map((card, i) => ({
    patrol_sn: card,
    punch_time: terminalTime(new Date(start.getTime() + i * 10 * SECOND), tz),
    ...(walker ? { user_name: walker } : {}),
  }));
  return { route, batch: { device: route.devices[0]!, records } };
}
