import { protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { bindMessage } from './bind.js';

describe('the Bind message of a statement’s values', () => {
  it('is byte for byte what PGlite’s own serializer writes for text values and nulls', () => {
    const cases: (string | null)[][] = [
      [],
      ['1'],
      [null, '', '巡检点 🚶', 'x'.repeat(70_000), null],
      Array.from({ length: 40_000 }, (_, i) => (i % 3 === 0 ? null : String(i))),
    ];
    for (const values of cases) {
      expect(Buffer.compare(bindMessage(values), Buffer.from(protocol.serialize.bind({ values })))).toBe(0);
    }
  });
});
