import { describe, expect, it } from 'vitest';
import { matchRounds, type PunchToMatch, type RoundToMatch } from './round-match.js';

const round = (over: Partial<RoundToMatch> = {}): RoundToMatch => ({
  round_id: 1,
  road_id: 10,
  hold_id: 5,
  task_id: null,
  walker_device: null,
  walker_users: [],
  expected_cards: [100, 101],
  window_start: new Date('2026-11-25T08:00:00Z'),
  window_end: new Date('2026-11-25T10:00:00Z'),
  grace_minutes: 15,
  ...over,
});
const punch = (over: Partial<PunchToMatch> = {}): PunchToMatch => ({
  idx: 0,
  punch_time: '2026-11-25T09:00:00.000Z',
  patrol_id: 100,
  user_id: 7,
  object_id: 3,
  device_path: '/1/5/12/',
  ...over,
});
const rounds = (punches: PunchToMatch[], stored: RoundToMatch[]) => matchRounds(punches, stored).map((m) => m.round_id);

describe('which rounds a punch checks (the one decision)', () => {
  it('counts a punch from the window widened by the grace: its start inclusive, its end exclusive', () => {
    const at = (time: string) => rounds([punch({ punch_time: time })], [round()]);
    expect(at('2026-11-25T07:45:00.000Z')).toEqual([1]);
    expect(at('2026-11-25T07:44:59.999Z')).toEqual([]);
    expect(at('2026-11-25T10:14:59.999Z')).toEqual([1]);
    expect(at('2026-11-25T10:15:00.000Z')).toEqual([]);
  });

  it('counts only expected points, each once however often the round lists it', () => {
    expect(rounds([punch({ patrol_id: 999 })], [round()])).toEqual([]);
    expect(rounds([punch()], [round({ expected_cards: [100, 100, 101] })])).toEqual([1]);
  });

  it('counts a task’s punch from its device only, a road’s from a bound account, anyone when none are bound', () => {
    const task = round({ task_id: 4, walker_device: 3 });
    expect(rounds([punch()], [task])).toEqual([1]);
    expect(rounds([punch({ object_id: 9 })], [task])).toEqual([]);
    const bound = round({ walker_users: [7, 8] });
    expect(rounds([punch()], [bound])).toEqual([1]);
    expect(rounds([punch({ user_id: 9 })], [bound])).toEqual([]);
    expect(rounds([punch({ user_id: null })], [bound])).toEqual([1]);
    expect(rounds([punch({ user_id: 9 })], [round()])).toEqual([1]);
  });

  it('counts punches from devices under the round’s organisation only', () => {
    expect(rounds([punch({ device_path: '/1/5/' })], [round()])).toEqual([1]);
    expect(rounds([punch({ device_path: '/1/6/12/' })], [round()])).toEqual([]);
    expect(rounds([punch({ device_path: '/1/55/' })], [round()])).toEqual([]);
  });

  it('answers by punch, then road, then round: a punch’s road is its first match’s', () => {
    const stored = [round({ round_id: 3, road_id: 20 }), round({ round_id: 2, road_id: 30 }), round({ round_id: 1 })];
    const matches = matchRounds([punch({ idx: 1 }), punch({ idx: 0, patrol_id: 101 })], stored);
    expect(matches.map((m) => [m.idx, m.road_id, m.round_id])).toEqual([
      [0, 10, 1],
      [0, 20, 3],
      [0, 30, 2],
      [1, 10, 1],
      [1, 20, 3],
      [1, 30, 2],
    ]);
  });

  describe('several slots of one road (SHIFTS.md): one punch checks one round of a road', () => {
    // Slots 08:00–09:00 and 09:30–10:30 (UTC here), grace 30: the graces overlap between them.
    const first = round({
      round_id: 1,
      window_start: new Date('2026-11-25T08:00:00Z'),
      window_end: new Date('2026-11-25T09:01:00Z'),
      grace_minutes: 30,
    });
    const second = round({
      round_id: 2,
      window_start: new Date('2026-11-25T09:30:00Z'),
      window_end: new Date('2026-11-25T10:31:00Z'),
      grace_minutes: 30,
    });
    const at = (time: string) => rounds([punch({ punch_time: time })], [second, first]);

    it('the window holding the punch wins over a grace that also holds it', () => {
      expect(at('2026-11-25T08:50:00.000Z')).toEqual([1]);
      expect(at('2026-11-25T09:35:00.000Z')).toEqual([2]);
    });

    it('between two windows the nearer one, a tie to the earlier round', () => {
      expect(at('2026-11-25T09:05:00.000Z')).toEqual([1]);
      expect(at('2026-11-25T09:25:00.000Z')).toEqual([2]);
      // 09:15:30 lies 14.5 minutes past the first window's end (09:01) and 14.5 before the second's start.
      expect(at('2026-11-25T09:15:30.000Z')).toEqual([1]);
    });

    it('a task of the road keeps its own round beside the road’s', () => {
      const task = round({ round_id: 5, task_id: 4, walker_device: 3 });
      expect(rounds([punch()], [first, task]).sort()).toEqual([1, 5]);
    });
  });
});
