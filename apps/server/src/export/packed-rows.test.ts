import { describe, expect, it } from 'vitest';
import { cellText, packRows, type PackedRows } from './packed-rows.js';

/** The cells of a packed batch as the sheet's thread reads them: [text, is a number]. */
function unpacked(batch: PackedRows): [string, boolean][][] {
  return Array.from({ length: batch.rows }, (_, row) =>
    Array.from(
      { length: batch.columns },
      (_, i) => [cellText(batch, row, i), batch.numbers[row * batch.columns + i] === 1] as [string, boolean],
    ),
  );
}

describe('rows packed for the sheet thread', () => {
  it('keeps each cell’s text and marks finite numbers, whatever the text holds', () => {
    const batch = packRows(
      [
        ['巡检点1', 12, -0.5, null],
        ['', undefined, Number.NaN, true],
        ['a\u0000b', '12', Infinity, 1e21],
      ],
      4,
    );
    expect(batch.rows).toBe(3);
    expect(unpacked(batch)).toEqual([
      [
        ['巡检点1', false],
        ['12', true],
        ['-0.5', true],
        ['', false],
      ],
      [
        ['', false],
        ['', false],
        ['NaN', false],
        ['true', false],
      ],
      [
        ['a\u0000b', false],
        ['12', false],
        ['Infinity', false],
        ['1e+21', true],
      ],
    ]);
  });

  it('leaves out the cells past the columns (a walk’s cursor)', () => {
    const batch = packRows([['a', 'b', '2026-11-27 08:00:00', '99']], 2);
    expect(unpacked(batch)).toEqual([
      [
        ['a', false],
        ['b', false],
      ],
    ]);
    expect(batch.texts).toEqual(['ab']);
  });

  it('packs no rows', () => {
    expect(packRows([], 3)).toMatchObject({ rows: 0, texts: [] });
  });
});
