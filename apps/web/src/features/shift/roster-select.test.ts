import { describe, expect, it } from 'vitest';
import { inRectangle, rectangleKeys } from './roster-select';

describe('排班表 drag-select', () => {
  const users = [11, 12, 13];
  const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'];

  it('selects the rectangle two corners span, whichever way the drag went', () => {
    const down = rectangleKeys(users, days, { row: 0, day: 1 }, { row: 1, day: 2 });
    expect(down).toEqual(['11|2026-11-02', '11|2026-11-03', '12|2026-11-02', '12|2026-11-03']);
    expect(rectangleKeys(users, days, { row: 1, day: 2 }, { row: 0, day: 1 })).toEqual(down);
    expect(rectangleKeys(users, days, { row: 2, day: 3 }, { row: 2, day: 3 })).toEqual(['13|2026-11-04']);
  });

  it('tells which cells lie inside it, edges included', () => {
    const a = { row: 2, day: 0 };
    const b = { row: 0, day: 1 };
    expect(inRectangle(a, b, { row: 1, day: 1 })).toBe(true);
    expect(inRectangle(a, b, { row: 0, day: 0 })).toBe(true);
    expect(inRectangle(a, b, { row: 1, day: 2 })).toBe(false);
  });
});
