/** A row's cell values in column order; values past the last column are not written (a walk's cursor). */
export type SheetCells = readonly unknown[];

/**
 * A batch of rows as it crosses to the sheet's thread: each row's cell texts in one string, where each cell ends,
 * and which are numbers. Cloning the rows themselves (arrays of many short strings) cost that thread more than
 * writing their text; one string for the whole batch cost the main thread more than the walk's own reading of it
 * (built by appending, it is a tree of some 30,000 pieces that the clone must flatten first: 2.2 ms a batch of 2,000
 * rows, against 0.8 ms for a string a row). The thread takes each cell as a slice of its row's string.
 */
export interface PackedRows {
  rows: number;
  /** Cells in each row. */
  columns: number;
  /** Each row's cell texts one after another: a number as `${n}`, an empty field as ''. */
  texts: string[];
  /** Where cell k (row × columns + column) ends in its row's text; it starts where the cell before it ends, or at 0. */
  ends: Uint32Array<ArrayBuffer>;
  /** 1 where the cell is a finite number (written as a number), 0 where it is text. */
  numbers: Uint8Array<ArrayBuffer>;
}

/** Rows packed for the sheet's thread: their first `columns` cells (what follows is a walk's cursor, not written). */
export function packRows(rows: readonly SheetCells[], columns: number): PackedRows {
  const ends = new Uint32Array(rows.length * columns);
  const numbers = new Uint8Array(rows.length * columns);
  const texts = new Array<string>(rows.length);
  let k = 0;
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    let text = '';
    for (let i = 0; i < columns; i += 1, k += 1) {
      const value = row[i];
      if (typeof value === 'string') text += value;
      else if (typeof value === 'number' && Number.isFinite(value)) {
        numbers[k] = 1;
        text += `${value}`;
      } else if (value !== null && value !== undefined) text += String(value);
      ends[k] = text.length;
    }
    texts[r] = text;
  }
  return { rows: rows.length, columns, texts, ends, numbers };
}

/** The text of cell `column` of row `row` of a packed batch. */
export function cellText(batch: PackedRows, row: number, column: number): string {
  const k = row * batch.columns + column;
  return batch.texts[row]!.slice(column === 0 ? 0 : batch.ends[k - 1], batch.ends[k]);
}
