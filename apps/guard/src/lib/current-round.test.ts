import { describe, expect, it } from 'vitest';
import { currentRound, isRunning } from './current-round';

const round = (id: number, start: string, end: string, grace = 0) => ({
  round_id: id,
  window_start: `2026-11-20 ${start}:00`,
  window_end: `2026-11-20 ${end}:00`,
  grace_minutes: grace,
});
// A night road every two hours and a day check: today's rounds slot by slot, in window order.
const rounds = [round(1, '00:00', '01:01'), round(2, '02:00', '03:01', 10), round(3, '08:00', '09:01')];

describe('the round the app opens on', () => {
  it('is the one running now', () => {
    expect(currentRound(rounds, '2026-11-20 02:30:00')?.round_id).toBe(2);
    expect(isRunning(rounds[1]!, '2026-11-20 02:30:00')).toBe(true);
  });

  it('else the one whose grace holds now, else the next, else the last', () => {
    expect(currentRound(rounds, '2026-11-20 03:05:00')?.round_id).toBe(2);
    expect(currentRound(rounds, '2026-11-20 05:00:00')?.round_id).toBe(3);
    expect(currentRound(rounds, '2026-11-20 23:00:00')?.round_id).toBe(3);
    expect(currentRound([], '2026-11-20 23:00:00')).toBeUndefined();
  });
});
