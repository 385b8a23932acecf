import { holdIdsOnPath } from './organisation-path.js';
import { qualifies } from './point-result.js';

/** A punch to be matched against stored rounds. */
export interface PunchToMatch {
  idx: number;
  /** ISO 8601. */
  punch_time: string;
  patrol_id: number;
  user_id: number | null;
  object_id: number;
  /** The device's organisation path: a round counts only punches from devices under its organisation. */
  device_path: string;
}

/** What the match needs of a stored round. */
export interface RoundToMatch {
  round_id: number;
  road_id: number;
  hold_id: number;
  task_id: number | null;
  walker_device: number | null;
  walker_users: number[];
  expected_cards: number[];
  window_start: Date;
  window_end: Date;
  grace_minutes: number;
}

/** A round point a punch checks. */
export interface RoundMatch {
  idx: number;
  round_id: number;
  road_id: number;
  patrol_id: number;
}

/** Whether the round's walkers include the punch's: a task its device; a road a bound account, anyone when none
 * are bound, or any device when the punch names no account. */
function walkedBy(round: RoundToMatch, punch: PunchToMatch): boolean {
  if (round.task_id !== null) return round.walker_device === punch.object_id;
  return punch.user_id === null || round.walker_users.length === 0 || round.walker_users.includes(punch.user_id);
}

/**
 * How far a punch lies from a round's window: −1 inside it (so it wins over any grace), else the milliseconds to
 * its start or past its end (exclusive).
 */
export function distanceToWindow(round: { window_start: Date; window_end: Date }, at: Date): number {
  if (at < round.window_start) return round.window_start.getTime() - at.getTime();
  if (at >= round.window_end) return at.getTime() - round.window_end.getTime();
  return -1;
}

/** Whether a round comes before another: by window, then (two rounds of one window) by id. */
function earlier(a: Pick<RoundToMatch, 'window_start'>, b: Pick<RoundToMatch, 'window_start'>): boolean {
  const ra = a as Partial<RoundToMatch>;
  const rb = b as Partial<RoundToMatch>;
  if (a.window_start.getTime() !== b.window_start.getTime()) return a.window_start < b.window_start;
  return (ra.round_id ?? 0) < (rb.round_id ?? 0);
}

/**
 * Of the rounds a punch qualifies for, one per road (or task) at most (SHIFTS.md): the round whose window holds the
 * punch, else the one whose grace holds it with the nearer window, a tie going to the earlier round.
 */
export function oneRoundEach<T extends Pick<RoundToMatch, 'road_id' | 'task_id' | 'window_start' | 'window_end'>>(
  rounds: readonly T[],
  at: Date,
): T[] {
  const best = new Map<string, { round: T; distance: number }>();
  for (const round of rounds) {
    const owner = `${round.road_id}|${round.task_id ?? ''}`;
    const distance = distanceToWindow(round, at);
    const known = best.get(owner);
    if (!known || distance < known.distance || (distance === known.distance && earlier(round, known.round))) {
      best.set(owner, { round, distance });
    }
  }
  return [...best.values()].map((b) => b.round);
}

/**
 * The one decision of which rounds a punch checks (one per road or task, `oneRoundEach`): its point is expected, it falls inside the window widened by
 * the round's own grace (`qualifies`), it was made by one of the round's walkers, from a device under the round's
 * organisation. Answers the matches by punch, then road, then round (a punch's road is its first match's).
 */
export function matchRounds(punches: readonly PunchToMatch[], rounds: readonly RoundToMatch[]): RoundMatch[] {
  const byPoint = new Map<number, RoundToMatch[]>();
  for (const round of rounds) {
    for (const patrolId of new Set(round.expected_cards)) {
      const expecting = byPoint.get(patrolId);
      if (expecting) expecting.push(round);
      else byPoint.set(patrolId, [round]);
    }
  }
  const organisations = new Map<string, Set<number>>();
  const matches: RoundMatch[] = [];
  for (const punch of punches) {
    const candidates = byPoint.get(punch.patrol_id);
    if (!candidates) continue;
    let above = organisations.get(punch.device_path);
    if (!above) organisations.set(punch.device_path, (above = new Set(holdIdsOnPath(punch.device_path))));
    const at = new Date(punch.punch_time);
    const qualifying = candidates.filter(
      (round) =>
        above.has(round.hold_id) &&
        walkedBy(round, punch) &&
        qualifies({ start: round.window_start, end: round.window_end }, round.grace_minutes, at),
    );
    for (const round of oneRoundEach(qualifying, at)) {
      matches.push({ idx: punch.idx, round_id: round.round_id, road_id: round.road_id, patrol_id: punch.patrol_id });
    }
  }
  return matches.sort((a, b) => a.idx - b.idx || a.road_id - b.road_id || a.round_id - b.round_id);
}
