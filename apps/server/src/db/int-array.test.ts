import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseIntArray } from './int-array.js';
import './client.js';

const general = (text: string) => ['general', text];

describe('parseIntArray', () => {
  it('reads a one-dimensional integer array, negatives and nulls included', () => {
    expect(parseIntArray('{}', general)).toEqual([]);
    expect(parseIntArray('{7}', general)).toEqual([7]);
    expect(parseIntArray('{480,1020,-5,NULL,2147483647}', general)).toEqual([480, 1020, -5, null, 2147483647]);
  });

  it('leaves another dimension, or bounds, to the general reader', () => {
    expect(parseIntArray('{{1,2},{3,4}}', general)).toEqual(['general', '{{1,2},{3,4}}']);
    expect(parseIntArray('[0:1]={1,2}', general)).toEqual(['general', '[0:1]={1,2}']);
  });

  it('is what node-postgres reads integer[] and smallint[] with, the same as its own reader', () => {
    for (const oid of [1005, 1007]) {
      const read = pg.types.getTypeParser(oid, 'text');
      expect(read('{1,NULL,3}')).toEqual([1, null, 3]);
      expect(read('{{1,2},{3,4}}')).toEqual([
        [1, 2],
        [3, 4],
      ]);
      // Installed, not node-postgres's own reader: a text PostgreSQL never sends tells them apart (Number against
      // parseInt).
      expect(read('{1.5}')).toEqual([1.5]);
    }
  });
});
