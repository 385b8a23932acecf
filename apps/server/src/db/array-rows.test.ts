import { describe, expect, it } from 'vitest';
import { arrayRowReader } from './array-rows.js';

describe('arrayRowReader', () => {
  const read = arrayRowReader<{ id: number; name: string; lat: number | null; 'odd key"': string }>(
    ['id', 'name', 'lat', 'odd key"'],
    new Set(['id', 'lat']),
  );

  it('names the values in column order, the numeric ones as numbers, null kept', () => {
    expect(read(['9007199254740', '巡检点 1', '31.2304', 'x'])).toEqual({
      id: 9007199254740,
      name: '巡检点 1',
      lat: 31.2304,
      'odd key"': 'x',
    });
    expect(read([7n, null, null, ''])).toEqual({ id: 7, name: null, lat: null, 'odd key"': '' });
  });

  it('keeps the keys in column order, one shape for every row', () => {
    const rows = [read(['1', 'a', '1.5', 'b']), read(['2', 'c', null, 'd'])];
    expect(rows.map((row) => Object.keys(row))).toEqual([
      ['id', 'name', 'lat', 'odd key"'],
      ['id', 'name', 'lat', 'odd key"'],
    ]);
  });
});
