import { MAX_GRACE_MINUTES } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { holdIdsOnPath } from '../../domain/organisation-path.js';
import { matchRounds, type PunchToMatch, type RoundToMatch } from '../../domain/round-match.js';
import { roundsToAdd, type StoredWindow } from '../../domain/rounds-to-add.js';
import {
  roundsOn,
  statusNow,
  type Round,
  type RoundProgress,
  type RoundStatus,
  type Schedule,
} from '../../domain/schedule.js';
import { roadSchedule, taskSchedule } from '../../domain/stored-schedule.js';
import { localDate } from '../../domain/time.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import { raiseMissedRounds } from '../alert/alert.service.js';
import { onDutyIn } from '../shift/shift.service.js';
import * as checks from './round-checks.repository.js';
import * as making from './round-making.repository.js';

export type { PunchToMatch } from '../../domain/round-match.js';

export interface Scheduled {
  id: number;
  /** With the road's or task's grace now (a stored round's own grace wins for its status). */
  schedule: Schedule;
  /**
   * How many points the road has now (a round not stored yet expects them all); when left out, `liveStatuses` counts
   * them with its `countCards`, only for the roads that have such a round.
   */
  cards?: number;
}

/** The live points of each of these roads or tasks, by id (an id without points may be left out). */
export type CountCards = (ids: number[]) => Promise<Map<number, number>>;

type StoredRow = Awaited<ReturnType<typeof checks.progressOf>>[number];
const NONE_STORED: readonly StoredRow[] = [];

/** A stored round as the schedule's functions read one: its own window, whatever the schedule now says. */
const storedRound = (row: StoredRow, date: string): Round => ({
  date,
  slot: row.slot_no,
  start: new Date(row.start_ms),
  end: new Date(row.end_ms),
});

/**
 * The live status of roads or tasks now (DOMAIN.md status table) over the rounds of today and yesterday's that reach
 * past midnight (SHIFTS.md): the stored ones with their own windows, grace and progress (an edit of the slots never
 * moves them), and those the schedule would still make now (`roundsToAdd`, as the sweep makes them), which have
 * checked nothing. A slot added after its time has no round, and a round kept through an edit is read under its own
 * window, whatever slot number the schedule now gives it. A round inside its grace after the window is not abnormal
 * yet.
 */
export async function liveStatuses(
  ctx: AppContext,
  q: Queryable,
  kind: 'road' | 'task',
  items: Scheduled[],
  countCards?: CountCards,
): Promise<Map<number, RoundStatus>> {
  const now = ctx.now();
  const tz = ctx.config.tzName;
  const today = localDate(now, tz);
  const yesterday = addDays(today, -1);
  const midnight = zonedInstant(today, 0, tz);
  const midnightMs = midnight.getTime();
  // Yesterday's rounds count only while they reach past midnight (an overnight slot, or a grace running into today).
  const reachesToday = (round: Round, grace: number) => round.end.getTime() + grace * 60_000 > midnightMs;
  // Yesterday's windows, and whether one reaches today under the schedule's grace: most roads have none, and then
  // none of yesterday's rounds is to be made, and only its stored rounds that reach today are read.
  const lastNights = items.map((item) => {
    const windows = roundsOn(item.schedule, yesterday, tz);
    const grace = item.schedule.grace ?? 0;
    return { windows, toMake: windows.some((round) => reachesToday(round, grace)) };
  });
  const stored = await checks.progressOf(
    q,
    kind,
    items.map((item) => item.id),
    { today, yesterday, midnight, overnight: items.flatMap((item, i) => (lastNights[i]!.toMake ? [item.id] : [])) },
  );
  // Grouped once by day and id: a search per item would cost items × stored rounds.
  const storedToday = new Map<number, StoredRow[]>();
  const storedYesterday = new Map<number, StoredRow[]>();
  for (const row of stored) {
    const byId = row.round_date === today ? storedToday : storedYesterday;
    const list = byId.get(row.id);
    if (list) list.push(row);
    else byId.set(row.id, [row]);
  }
  // Each item's rounds that count, in order: a stored one with its progress, or null for one not stored yet, which
  // expects all the points the road has now (counted below, for the items that have one).
  const counted = items.map((item, i) => {
    const rounds = new Map<Round, RoundProgress | null>();
    const grace = item.schedule.grace ?? 0;
    let unstored = false;
    const add = (date: string, own: readonly StoredRow[], windows: Round[], toMake: boolean) => {
      const counts = (round: Round, roundGrace: number) => date === today || reachesToday(round, roundGrace);
      const kept = own.map((row) => storedRound(row, date));
      own.forEach((row, k) => {
        if (counts(kept[k]!, row.grace_minutes)) {
          rounds.set(kept[k]!, {
            expected: Number(row.expected),
            checked: Number(row.checked),
            grace: row.grace_minutes,
          });
        }
      });
      if (!toMake) return;
      for (const round of roundsToAdd(windows, kept, now)) {
        if (counts(round, grace)) {
          rounds.set(round, null);
          unstored = true;
        }
      }
    };
    const lastNight = lastNights[i]!;
    add(yesterday, storedYesterday.get(item.id) ?? NONE_STORED, lastNight.windows, lastNight.toMake);
    add(today, storedToday.get(item.id) ?? NONE_STORED, roundsOn(item.schedule, today, tz), true);
    return { item, rounds, unstored };
  });
  const uncounted = counted.flatMap(({ item, unstored }) => (unstored && item.cards === undefined ? [item.id] : []));
  // An item without its points and no way to count them would expect none: its round would read as done.
  if (uncounted.length > 0 && !countCards)
    throw new Error(`liveStatuses: no count of points for ${kind} ${uncounted[0]}`);
  const cardsOf = uncounted.length > 0 && countCards ? await countCards(uncounted) : new Map<number, number>();
  const statuses = new Map<number, RoundStatus>();
  for (const { item, rounds } of counted) {
    const unstored: RoundProgress = { expected: item.cards ?? cardsOf.get(item.id) ?? 0, checked: 0 };
    statuses.set(
      item.id,
      statusNow(item.schedule, now, tz, (round) => rounds.get(round) ?? unstored, [...rounds.keys()]),
    );
  }
  return statuses;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number, value: (row: T) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}

/**
 * Stores the rounds of these days that are not stored yet, with the points, walkers and grace of now. With
 * `graceOnly`, only those of roads and tasks whose grace reaches over midnight (the days an upload considers only
 * because of a grace: the others' rounds there are made when their own day needs them); with `holdIds`, only
 * those of these organisations (an upload's: the others' rounds are made when their own punches or a reader
 * needs them).
 */
export async function ensureRounds(
  ctx: AppContext,
  q: Queryable,
  dates: readonly string[],
  owners: Omit<making.RoundOwners, 'dates'> = {},
): Promise<void> {
  if (dates.length === 0) return;
  const tz = ctx.config.tzName;
  // Only roads and tasks still lacking a round on one of the days: rounds already stored are never rewritten.
  const { roads, accounts } = await making.activeRoads(q, { ...owners, dates });
  const tasks = await making.activeTasks(q, { ...owners, dates });
  if (roads.length === 0 && tasks.length === 0) return;
  // The points of the tasks' roads too: a task may lack its round on a day its road already has one.
  const cards = await making.roadCards(q, [...new Set([...roads, ...tasks].map((row) => row.road_id))]);
  // Grouped once: a filter per road would cost roads × points on every call.
  const byRoad = groupBy(
    cards,
    (c) => c.road_id,
    (c) => c.patrol_id,
  );
  const walkersOf = groupBy(
    accounts,
    (a) => a.road_id,
    (a) => a.user_id,
  );
  const cardsOf = (roadId: number) => byRoad.get(roadId) ?? [];
  // Roads and tasks walked by shift: those on duty in it each day, as the roster has them now.
  const shiftIds = [...new Set([...roads, ...tasks].flatMap((row) => (row.shift_id === null ? [] : [row.shift_id])))];
  const duty = new Map(
    (await onDutyIn(q, shiftIds, dates)).map((d) => [`${d.shift_id}|${d.duty_date}`, d.user_ids.map(Number)]),
  );
  const dutyOf = (shiftId: number | null, date: string) =>
    shiftId === null ? [] : (duty.get(`${shiftId}|${date}`) ?? []);
  // The rounds these roads and tasks already have on the days (kept through an edit, or made before): the missing
  // ones are placed around them (`roundsToAdd`).
  const stored = new Map<string, StoredWindow[]>();
  const storedRows = await making.storedWindows(q, dates, {
    roadIds: roads.map((r) => r.road_id),
    taskIds: tasks.map((t) => t.task_id),
  });
  for (const row of storedRows) {
    const key = row.task_id === null ? `r${row.road_id}|${row.round_date}` : `t${row.task_id}|${row.round_date}`;
    const list = stored.get(key) ?? [];
    list.push({ slot: row.slot_no, start: new Date(row.window_start), end: new Date(row.window_end) });
    stored.set(key, list);
  }
  const now = ctx.now();
  const toAdd = (key: string, windows: Round[]) => roundsToAdd(windows, stored.get(key) ?? [], now);
  const rounds: making.NewRound[] = [];
  for (const date of dates) {
    for (const row of roads) {
      const expected = cardsOf(row.road_id);
      if (expected.length === 0) continue;
      for (const round of toAdd(`r${row.road_id}|${date}`, roundsOn(roadSchedule(row), date, tz))) {
        rounds.push({
          road_id: row.road_id,
          task_id: null,
          hold_id: row.hold_id,
          round_date: date,
          slot_no: round.slot,
          window_start: round.start.toISOString(),
          window_end: round.end.toISOString(),
          expected_cards: expected,
          // Walked by shift: whoever is on duty (anyone in scope when nobody is rostered).
          walker_users: row.shift_id === null ? (walkersOf.get(row.road_id) ?? []) : dutyOf(row.shift_id, date),
          walker_device: null,
          grace_minutes: row.grace_minutes,
          shift_id: row.shift_id,
          responsible_users: dutyOf(row.shift_id, date),
        });
      }
    }
    for (const row of tasks) {
      const expected = cardsOf(row.road_id);
      if (expected.length === 0) continue;
      for (const round of toAdd(`t${row.task_id}|${date}`, roundsOn(taskSchedule(row, false), date, tz))) {
        rounds.push({
          road_id: row.road_id,
          task_id: row.task_id,
          hold_id: row.hold_id,
          round_date: date,
          slot_no: round.slot,
          window_start: round.start.toISOString(),
          window_end: round.end.toISOString(),
          expected_cards: expected,
          walker_users: [],
          walker_device: row.object_id,
          grace_minutes: row.grace_minutes,
          shift_id: row.shift_id,
          responsible_users: dutyOf(row.shift_id, date),
        });
      }
    }
  }
  await making.insertRounds(q, rounds);
}

/**
 * Today's rounds follow a save (or a close or delete) at once, in its transaction: the rounds of these roads (with
 * their tasks') and tasks that nothing has touched yet are made again from them as saved, and those missing are
 * made as the sweep would (yesterday's too, for a window still open over midnight). So every reader on every
 * server sees a road or task saved while its window has not ended; a closed road, an expired or deleted task has
 * none. A round already open, checked or frozen keeps what it was made with.
 */
export async function followSaved(
  ctx: AppContext,
  q: Queryable,
  owners: { roadIds?: readonly number[]; taskIds?: readonly number[] },
): Promise<void> {
  const roadIds = owners.roadIds ?? [];
  const taskIds = owners.taskIds ?? [];
  if (roadIds.length === 0 && taskIds.length === 0) return;
  const now = ctx.now();
  const today = localDate(now, ctx.config.tzName);
  await making.dropUntouched(q, today, { roadIds, taskIds }, now);
  await ensureRounds(ctx, q, [addDays(today, -1), today], { roadIds, taskIds });
}

/** Every time zone's offset is a whole number of quarter hours: within one UTC quarter hour the local day holds. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The days whose rounds may hold these instants (a window may start the day before and cross midnight); with
 * `graceMinutes`, also those whose window widened by that grace may hold them (a round of the next day opening
 * early, one of the day before the day before ending late).
 */
export function roundDays(instants: readonly Date[], tz: string, graceMinutes = 0): string[] {
  const quarters = new Set(instants.map((at) => Math.floor(at.getTime() / QUARTER_HOUR_MS)));
  // An instant of quarter q lies within the grace of instants of quarters q − reach … q + reach at most.
  const reach = Math.ceil((graceMinutes * 60_000) / QUARTER_HOUR_MS);
  const days = new Set<string>();
  for (const quarter of quarters) {
    const first = addDays(localDate(new Date((quarter - reach) * QUARTER_HOUR_MS), tz), -1);
    const last = localDate(new Date((quarter + reach) * QUARTER_HOUR_MS), tz);
    for (let day = first; day <= last; day = addDays(day, 1)) days.add(day);
  }
  return [...days].sort();
}

export interface PunchLinks {
  /** Each punch's road (by `idx`): the first by road id when several rounds match. */
  roads: Map<number, { road_id: number }>;
  /** The round points the punches check, with the punch's time and account (they decide the point's result). */
  marks: (checks.CheckMark & { idx: number })[];
}

/**
 * The one decision of which rounds punches check (stored rounds, made first if missing). The upload links each
 * punch to its road before storing it, then records the checks of the punches actually stored.
 */
export async function linkPunches(ctx: AppContext, q: Queryable, punches: PunchToMatch[]): Promise<PunchLinks> {
  if (punches.length === 0) return { roads: new Map(), marks: [] };
  const rounds = await roundsFor(
    ctx,
    q,
    punches.map((p) => new Date(p.punch_time)),
    punches.map((p) => p.device_path),
  );
  return linksOf(punches, rounds);
}

/**
 * The stored rounds that punches at these instants from devices at these organisation paths may check, made
 * first when missing: those of the devices' organisations and their ancestors, on the punches' days and the days
 * only a grace reaches (where only rounds whose grace crosses midnight are made).
 */
export async function roundsFor(
  ctx: AppContext,
  q: Queryable,
  instants: readonly Date[],
  devicePaths: readonly string[],
): Promise<RoundToMatch[]> {
  const days = roundDays(instants, ctx.config.tzName);
  const graceDays = roundDays(instants, ctx.config.tzName, MAX_GRACE_MINUTES).filter((d) => !days.includes(d));
  const holdIds = [...new Set([...new Set(devicePaths)].flatMap(holdIdsOnPath))];
  const wanted = [
    { dates: days, holdIds },
    { dates: graceDays, holdIds, graceOnly: true },
  ];
  const allDays = [...days, ...graceDays];
  // The probe and the read go together: nearly always every round these punches may check is stored already.
  const [lacking, rounds] = await Promise.all([
    making.anyLacking(q, wanted),
    checks.roundsToMatch(q, allDays, holdIds),
  ]);
  if (!lacking) return rounds;
  for (const { dates, ...owners } of wanted) await ensureRounds(ctx, q, dates, owners);
  return checks.roundsToMatch(q, allDays, holdIds);
}

/** The punches' links to the rounds they check (`matchRounds`), with each punch's road and the points it marks. */
export function linksOf(punches: readonly PunchToMatch[], rounds: readonly RoundToMatch[]): PunchLinks {
  const matches = matchRounds(punches, rounds);
  const byIdx = new Map(punches.map((p) => [p.idx, p]));
  const roads = new Map<number, { road_id: number }>();
  for (const match of matches) {
    if (!roads.has(match.idx)) roads.set(match.idx, { road_id: match.road_id });
  }
  return {
    roads,
    marks: matches.map((m) => {
      const punch = byIdx.get(m.idx)!;
      return {
        idx: m.idx,
        round_id: m.round_id,
        patrol_id: m.patrol_id,
        punch_time: punch.punch_time,
        user_id: punch.user_id,
      };
    }),
  };
}

/**
 * Records the checks in their rounds (each point once per round, its first qualifying punch deciding its result;
 * frozen rounds decided again); answers the frozen rounds these checks finished.
 */
export function recordChecks(_ctx: AppContext, q: Queryable, marks: PunchLinks['marks']): Promise<number[]> {
  return checks.addChecked(
    q,
    marks.map(({ round_id, patrol_id, punch_time, user_id }) => ({ round_id, patrol_id, punch_time, user_id })),
  );
}

/** Links and records in one go (punches already stored). */
export async function checkPunches(
  ctx: AppContext,
  q: Queryable,
  punches: PunchToMatch[],
): Promise<PunchLinks['roads']> {
  const links = await linkPunches(ctx, q, punches);
  await recordChecks(ctx, q, links.marks);
  return links.roads;
}

/**
 * Freezes the results of rounds whose window's end plus grace has come (finished or abnormal), each exactly once
 * whichever server gets there first; answers the rounds this call froze.
 */
export function freezeEndedRounds(ctx: AppContext, q: Queryable): Promise<{ round_id: number; result: number }[]> {
  return checks.freezeEnded(q, ctx.now());
}

/**
 * The periodic sweep: today's and yesterday's rounds stored, ended ones frozen (so history has missed days too);
 * answers the rounds it froze.
 */
export async function sweepRounds(ctx: AppContext): Promise<{ round_id: number; result: number }[]> {
  const today = localDate(ctx.now(), ctx.config.tzName);
  await ensureRounds(ctx, ctx.db, [addDays(today, -1), today]);
  return freezeEndedRounds(ctx, ctx.db);
}

const lastSweeps = new WeakMap<Queryable, number>();
/** How stale the stored rounds of today may be when a reader needs them. */
const SWEEP_FRESH_MS = 60_000;

/**
 * Today's rounds stored and ended ones frozen, at most once a minute per database (readers call this). The 漏检
 * alerts of the rounds it froze are raised at once, as the freeze timer raises its own: a round a report shows
 * missed has its alert then, not up to a timer's period later.
 */
export async function freshRounds(ctx: AppContext): Promise<void> {
  const now = ctx.now().getTime();
  const last = lastSweeps.get(ctx.db);
  if (last !== undefined && Math.abs(now - last) < SWEEP_FRESH_MS) return;
  const frozen = await sweepRounds(ctx);
  // Only the abnormal ones get an alert: raiseMissedRounds picks them.
  if (frozen.length > 0) await raiseMissedRounds(ctx, 'due');
  lastSweeps.set(ctx.db, now);
}
