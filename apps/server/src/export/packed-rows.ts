/** A row's cell values in column order; values past the last column are not written (a walk's cursor). */
export type SheetCells = readonly unknown[];

/**
 * A batch of rows as it crosses to the sheet's thread: every cell's text in one string, where each ends, and which
 * are numbers. Cloning the rows themselves (arrays of many short strings) cost that thread more than writing their
 * text; one string is copied whole, and the thread takes each cell as a slice of it.
 */
export interface PackedRows {
  rows: number;
  /** Cells in each row. */
  columns: number;
  /** The cells' texts one after another, row by row: a number as `${n}`, an empty field as ''. */
  text: string;
  /** Where cell k's text starts (`ends[k]`) and ends (`ends[k + 1]`) in `text`. */
  ends: Uint32Array<ArrayBuffer>;
  /** 1 where the cell is a finite number (written as a number), 0 where it is text. */
  numbers: Uint8Array<ArrayBuffer>;
}

/** Rows packed for the sheet's thread: their first `columns` cells (what follows is a walk's cursor, not written). */
export function packRows(rows: readonly SheetCells[], columns: number): PackedRows {
  const ends = new Uint32Array(rows.length * columns + 1);
  const numbers = new Uint8Array(rows.length * columns);
  let text = '';
  let k = 0;
  for (const row of rows) {
    for (let i = 0; i < columns; i += 1, k += 1) {
      const value = row[i];
      if (typeof value === 'string') text += value;
      else if (typeof value === 'number' && Number.isFinite(value)) {
        numbers[k] = 1;
        text += `${value}`;
      } else if (value !== null && value !== undefined) text += String(value);
      ends[k + 1] = text.length;
    }
  }
  return { rows: rows.length, columns, text, ends, numbers };
}
