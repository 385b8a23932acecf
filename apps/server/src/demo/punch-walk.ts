import { roundsOn, type Schedule } from '../domain/schedule.js';
import { localDate } from '../domain/time.js';
import { addDays, zoneOffsetMs } from '../domain/zoned-time.js';

/**
 * Realistic punches for roads and tasks (pure, seeded): guards start a little late, take a few minutes per
 * point, now and then miss a point or a whole round. The demo and the device simulator both walk with it.
 */
export interface PatrolRoute {
  schedule: Schedule;
  /** Card numbers in walking order. */
  cards: string[];
  /** Accounts that walk it ('' entries or none: the terminal names no account). */
  walkers: string[];
  /** Terminals that may walk it. */
  devices: string[];
  /** The road's or task's grace in minutes: how early or late a guard may be and still count. */
  grace: number;
}

export interface PunchRecord {
  patrol_sn: string;
  punch_time: string;
  user_name?: string;
}

export interface WalkOptions {
  tz: string;
  seed: number;
  /** Chance of skipping one point, and a whole round. */
  missPoint?: number;
  missRound?: number;
  /** Chance that a round with a grace starts before its window (早到), and that it runs past its end (迟到). */
  early?: number;
  late?: number;
}

/** A small seeded generator (mulberry32): the same seed walks the same way. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in the zone, as a terminal writes it. */
export function terminalTime(at: Date, tz: string): string {
  const local = new Date(at.getTime() + zoneOffsetMs(at.getTime(), tz));
  return local.toISOString().slice(0, 19).replace('T', ' ');
}

const MINUTE = 60_000;

/** The punches of every round of the routes between `from` and `to`, grouped by terminal. */
export function walk(
  routes: readonly PatrolRoute[],
  from: Date,
  to: Date,
  options: WalkOptions,
): Map<string, PunchRecord[]> {
  const next = random(options.seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
  const byDevice = new Map<string, PunchRecord[]>();
  const lastDay = localDate(to, options.tz);
  for (let day = addDays(localDate(from, options.tz), -1); day <= lastDay; day = addDays(day, 1)) {
    for (const route of routes) {
      // Every slot of the day is a round of its own (a day without one still draws, so the walk stays as it was).
      const rounds = roundsOn(route.schedule, day, options.tz);
      for (const round of rounds.length > 0 ? rounds : [null]) {
        const device = pick(route.devices);
        if (!round || !device || route.cards.length === 0 || next() < (options.missRound ?? 0.03)) continue;
        const span = (round.end.getTime() - round.start.getTime()) / MINUTE;
        // Long windows are walked several times: one pass an hour, at most eight.
        const passes = Math.max(1, Math.min(8, Math.floor(span / 60)));
        const slot = span / passes;
        const perPoint = Math.max(1, Math.min(7, slot / (route.cards.length + 1)));
        const walker = pick(route.walkers) ?? '';
        const habit = next();
        const walkMinutes = route.cards.length * perPoint;
        for (let pass = 0; pass < passes; pass++) {
          let at = round.start.getTime() + (pass * slot + next() * Math.min(30, slot / 4)) * MINUTE;
          // Now and then a guard starts inside the grace before the window, or ends the last pass inside the grace
          // after it: the first points are 早到, the last ones 迟到.
          if (route.grace > 0 && pass === 0 && habit < (options.early ?? 0.1)) {
            at = round.start.getTime() - route.grace * (0.5 + next() / 3) * MINUTE;
          } else if (route.grace > 0 && pass === passes - 1 && habit > 1 - (options.late ?? 0.1)) {
            at = round.end.getTime() - (walkMinutes / 2) * MINUTE;
          }
          for (const card of route.cards) {
            at += (0.5 + next()) * perPoint * MINUTE;
            if (at < from.getTime() || at > to.getTime() || next() < (options.missPoint ?? 0.04)) continue;
            const records = byDevice.get(device) ?? [];
            records.push({
              patrol_sn: card,
              punch_time: terminalTime(new Date(Math.floor(at / 1000) * 1000), options.tz),
              ...(walker ? { user_name: walker } : {}),
            });
            byDevice.set(device, records);
          }
        }
      }
    }
  }
  return byDevice;
}
