import type { AppRound } from '@guard-tour/contract';

/**
 * The round the app opens on (SHIFTS.md): the one whose window holds `now` (local `YYYY-MM-DD HH:mm:ss`, as the
 * server sends windows), else the one whose grace holds it, else the next to open, else the last of the day.
 * Windows end exclusive, as the server reads them.
 */
export function currentRound<T extends Pick<AppRound, 'round_id' | 'window_start' | 'window_end' | 'grace_minutes'>>(
  rounds: readonly T[],
  now: string,
): T | undefined {
  const inside = rounds.find((round) => round.window_start <= now && now < round.window_end);
  if (inside) return inside;
  const at = Date.parse(now.replace(' ', 'T'));
  const graceHolds = (round: T) =>
    Date.parse(round.window_start.replace(' ', 'T')) - round.grace_minutes * 60_000 <= at &&
    at < Date.parse(round.window_end.replace(' ', 'T')) + round.grace_minutes * 60_000;
  return rounds.find(graceHolds) ?? rounds.find((round) => now < round.window_start) ?? rounds.at(-1);
}

/** Whether a round's window holds `now`. */
export function isRunning(round: Pick<AppRound, 'window_start' | 'window_end'>, now: string): boolean {
  return round.window_start <= now && now < round.window_end;
}
