/** A cell of 排班表 by its place in the grid: the account's row and the day's column (0-based). */
export interface GridSpot {
  row: number;
  day: number;
}

/** The key of one account's day in the grid's selection. */
export const cellKey = (userId: number, date: string) => `${userId}|${date}`;

/** Whether a spot lies in the rectangle two corners span (either corner first). */
export function inRectangle(a: GridSpot, b: GridSpot, spot: GridSpot): boolean {
  return (
    spot.row >= Math.min(a.row, b.row) &&
    spot.row <= Math.max(a.row, b.row) &&
    spot.day >= Math.min(a.day, b.day) &&
    spot.day <= Math.max(a.day, b.day)
  );
}

/** The keys of every cell in the rectangle from `a` to `b` (a drag over the grid), row by row. */
export function rectangleKeys(userIds: readonly number[], days: readonly string[], a: GridSpot, b: GridSpot): string[] {
  const keys: string[] = [];
  for (let row = Math.min(a.row, b.row); row <= Math.max(a.row, b.row); row += 1) {
    const userId = userIds[row];
    if (userId === undefined) continue;
    for (let day = Math.min(a.day, b.day); day <= Math.max(a.day, b.day); day += 1) {
      const date = days[day];
      if (date !== undefined) keys.push(cellKey(userId, date));
    }
  }
  return keys;
}
