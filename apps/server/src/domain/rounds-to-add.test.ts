import { describe, expect, it } from 'vitest';
import { roundsToAdd } from './rounds-to-add.js';
import type { Round } from './schedule.js';

const at = (time: string) => new Date(`2026-11-23T${time}:00+08:00`);
const local = (d: Date) => d.toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai' }).slice(0, 5);
const round = (slot: number, start: string, end: string): Round => ({
  date: '2026-11-23',
  slot,
  start: at(start),
  end: at(end),
});
const kept = (slot: number, start: string, end: string) => ({ slot, start: at(start), end: at(end) });
const shown = (rounds: Round[]) => rounds.map((r) => [r.slot, `${local(r.start)}-${local(r.end)}`]);

describe('which windows of a day still need a round', () => {
  const windows = [round(1, '08:00', '09:01'), round(2, '11:00', '11:31'), round(3, '15:00', '16:01')];

  it('all of them, numbered by the schedule, when the day has none stored', () => {
    expect(roundsToAdd(windows, [], at('10:00'))).toEqual(windows);
  });

  it('nothing again for a day whose rounds are all stored as the schedule makes them', () => {
    const stored = windows.map((w) => ({ slot: w.slot, start: w.start, end: w.end }));
    expect(roundsToAdd(windows, stored, at('07:00'))).toEqual([]);
  });

  it('a new slot gets its round though a kept round holds its number', () => {
    // 06:00 (frozen) and 10:00 (under way) kept; the edit drops 06:00: 10:00 is now slot 1 (the kept slot 2 stands
    // for it) and 14:00 slot 2, whose number the kept 06:00 holds.
    const edit = [round(1, '10:00', '11:01'), round(2, '14:00', '15:01')];
    const stored = [kept(1, '06:00', '07:01'), kept(2, '10:00', '11:01')];
    expect(shown(roundsToAdd(edit, stored, at('10:30')))).toEqual([[3, '14:00-15:01']]);
    // A slot inserted before a kept one: the kept 12:00 round (slot 2) is the edit's slot 3, not doubled; 16:00 new.
    const inserted = [round(1, '08:00', '09:01'), round(2, '10:00', '11:01'), round(3, '12:00', '13:01')];
    const more = [...inserted, round(4, '16:00', '17:01')];
    const both = [kept(1, '08:00', '09:01'), kept(2, '12:00', '13:01')];
    expect(shown(roundsToAdd(more, both, at('12:30')))).toEqual([[3, '16:00-17:01']]);
  });

  it('a changed slot keeps the round under way: the one overlapping it, else the one of its number', () => {
    // Widened over the kept round.
    expect(roundsToAdd([round(1, '08:00', '10:31')], [kept(1, '08:00', '09:01')], at('08:30'))).toEqual([]);
    // A single window moved from 09:50 to 13:00 while its round is open: still one round today.
    expect(roundsToAdd([round(1, '13:00', '14:01')], [kept(1, '09:50', '10:41')], at('10:00'))).toEqual([]);
  });

  it('none for a slot new today whose window had ended at the edit', () => {
    expect(
      roundsToAdd([round(1, '08:00', '09:01'), round(2, '11:40', '11:51')], [kept(1, '08:00', '09:01')], at('12:00')),
    ).toEqual([]);
  });
});
