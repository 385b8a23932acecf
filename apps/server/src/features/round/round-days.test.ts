import { describe, expect, it } from 'vitest';
import { roundDays } from './round.service.js';

describe('roundDays: the days whose rounds may hold punches', () => {
  it('gives each punch’s local day and the day before, across midnight, in a zone off the whole hour', () => {
    const instants = ['2026-03-01T23:59:59+05:45', '2026-03-02T00:00:00+05:45', '2026-03-02T00:14:59+05:45'];
    expect(
      roundDays(
        instants.map((t) => new Date(t)),
        'Asia/Kathmandu',
      ),
    ).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('reads many punches of one quarter hour once, with the same answer', () => {
    const start = Date.parse('2026-11-23T15:45:00Z');
    const instants = Array.from({ length: 900 }, (_, i) => new Date(start + i * 1000));
    expect(roundDays(instants, 'Asia/Shanghai')).toEqual(['2026-11-22', '2026-11-23']);
    expect(roundDays([new Date(start + 900_000)], 'Asia/Shanghai')).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('widened by a grace, adds the next day before midnight and the day before the day before after it', () => {
    const at = (text: string) => [new Date(`${text}+08:00`)];
    expect(roundDays(at('2026-11-23T23:45:00'), 'Asia/Shanghai', 120)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(roundDays(at('2026-11-23T21:59:59'), 'Asia/Shanghai', 120)).toEqual(['2026-11-22', '2026-11-23']);
    expect(roundDays(at('2026-11-23T22:00:00'), 'Asia/Shanghai', 120)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(roundDays(at('2026-11-24T01:59:59'), 'Asia/Shanghai', 120)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(roundDays(at('2026-11-24T02:00:00'), 'Asia/Shanghai', 120)).toEqual(['2026-11-23', '2026-11-24']);
    expect(roundDays(at('2026-11-24T12:00:00'), 'Asia/Shanghai', 120)).toEqual(
      roundDays(at('2026-11-24T12:00:00'), 'Asia/Shanghai'),
    );
  });
});
