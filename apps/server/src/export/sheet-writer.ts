import type { SheetColumn } from '@guard-tour/contract';
import { packRows, type SheetCells } from './packed-rows.js';
import { SheetThread } from './sheet-thread.js';
import type { SheetLayout } from './sheet-xml.js';

export type { SheetCells } from './packed-rows.js';

/** What a sheet is made of: its columns (with optional widths) and its rows, a batch at a time. */
export interface SheetSource<T> {
  columns: readonly SheetColumn<T>[];
  /** Column widths by row field; a column not named is 16 characters wide. */
  widths?: Partial<Record<keyof T & string, number>>;
  /** The rows in sheet order as cells, a batch at a time, never all at once. */
  batches: (batchSize: number) => AsyncIterable<readonly SheetCells[]>;
}

/** Rows as their cells in the columns' order. */
export function cellsOf<T>(columns: readonly SheetColumn<T>[], rows: readonly T[]): SheetCells[] {
  return rows.map((row) => columns.map((c) => row[c.key]));
}

export interface SheetLimits {
  /** Rows written at most: rows the walk yields beyond it are left out. */
  maxRows: number;
  /** Rows read from the database at a time. */
  batchSize: number;
}

/** One sheet of a workbook: its tab's title and its rows. */
export interface WorkbookSheet<T> {
  title: string;
  source: SheetSource<T>;
}

const DEFAULT_WIDTH = 16;

/**
 * Streams one sheet named `title` to the .xlsx `file` (DOMAIN.md, Exports): the header row frozen, the column
 * widths, then the rows batch by batch (workbook-file.ts). Answers the number of rows written.
 */
export async function writeSheet<T>(
  file: string,
  title: string,
  source: SheetSource<T>,
  limits: SheetLimits,
): Promise<number> {
  const [written] = await writeWorkbook(file, [{ title, source }], limits);
  return written ?? 0;
}

/**
 * Several sheets in one .xlsx (a scheduled report's attachment: one sheet per section), each written as
 * `writeSheet` writes its one, with the same cell rules (formula-safe text). Tab titles should differ. Answers the
 * rows written per sheet.
 *
 * The text is built on a sheet thread (sheet-thread.ts, sheet-writer.worker.ts): this thread only walks the rows out
 * of the database, the next batch while that one writes the current one (P14: an export within 2 × its walk).
 */
export async function writeWorkbook<T>(
  file: string,
  sheets: readonly WorkbookSheet<T>[],
  limits: SheetLimits,
): Promise<number[]> {
  const thread = new SheetThread({ file, layouts: sheets.map(layoutOf), maxRows: limits.maxRows });
  try {
    for (const [i, sheet] of sheets.entries()) {
      let sent = 0;
      for await (const rows of prefetched(sheet.source.batches(limits.batchSize))) {
        // Rows stored after the count are left out beyond the cap.
        if (sent >= limits.maxRows || !(await thread.room())) break;
        thread.rows(i, packRows(rows, sheet.source.columns.length));
        sent += rows.length;
      }
      thread.end(i);
    }
    return await thread.done;
  } finally {
    thread.release();
  }
}

function layoutOf<T>({ title, source }: WorkbookSheet<T>): SheetLayout {
  const widths: Partial<Record<string, number>> = source.widths ?? {};
  return {
    title,
    columns: source.columns.map((c) => ({ title: c.title, blank: c.blank ?? '' })),
    widths: source.columns.map((c) => widths[c.key] ?? DEFAULT_WIDTH),
  };
}

/**
 * The batches of `source`, the next one already being read while the caller writes the current one (the database
 * works while the server builds text). A batch read after the caller stopped early is dropped.
 */
async function* prefetched<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const step = await next;
      if (step.done) return;
      next = iterator.next();
      // Settled unobserved if the caller stops before awaiting it.
      next.catch(() => {});
      yield step.value;
    }
  } finally {
    await next.then(
      () => iterator.return?.(),
      () => undefined,
    );
  }
}
