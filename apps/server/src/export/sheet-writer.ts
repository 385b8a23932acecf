import { once, type EventEmitter } from 'node:events';
import ExcelJS from 'exceljs';
import type { SheetColumn } from '@guard-tour/contract';
import { sheetText } from '../domain/export-cell.js';

/** What a sheet is made of: its columns (with optional widths) and its rows, a batch at a time. */
export interface SheetSource<T> {
  columns: readonly SheetColumn<T>[];
  /** Column widths by row field; a column not named is 16 characters wide. */
  widths?: Partial<Record<keyof T & string, number>>;
  /** The rows in sheet order, a batch at a time, never all at once. */
  batches: (batchSize: number) => AsyncIterable<T[]>;
}

export interface SheetLimits {
  /** Rows written at most: rows the walk yields beyond it are left out. */
  maxRows: number;
  /** Rows read from the database at a time. */
  batchSize: number;
}

const DEFAULT_WIDTH = 16;

/** A cell's value: numbers as numbers, anything else as text a spreadsheet will not run as a formula. */
function cell(value: unknown): string | number {
  if (typeof value === 'number') return value;
  return sheetText(typeof value === 'string' ? value : String(value ?? ''));
}

/** exceljs's compressor (a readable-stream Transform of its own; only its internal state tells the backlog). */
type Compressor = EventEmitter & { _writableState?: { length: number } };
/** Uncompressed sheet bytes allowed to queue before the compressor (a few batches' worth). */
const COMPRESSOR_BACKLOG = 4 * 1024 * 1024;

/**
 * exceljs hands the sheet's XML to its zip compressor without waiting for it (its StreamBuf ignores backpressure),
 * so a fast walk piles the uncompressed rows up in memory. Waiting for the compressor after each batch keeps an
 * export's memory flat however many rows it has (QUALITY.md P6: peak RSS ≤ 600 MB with two 1M-row exports).
 */
async function compressorDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  const compressor = (sheet as unknown as { stream?: { pipes?: Compressor[] } }).stream?.pipes?.[0];
  if ((compressor?._writableState?.length ?? 0) > COMPRESSOR_BACKLOG) await once(compressor as EventEmitter, 'drain');
}

/**
 * Streams one sheet named `title` to the .xlsx `file`: the header row, then the rows batch by batch (DOMAIN.md,
 * Exports). Answers the number of rows written.
 */
export async function writeSheet<T>(
  file: string,
  title: string,
  source: SheetSource<T>,
  limits: SheetLimits,
): Promise<number> {
  // No cell styles (a plain header row): exceljs spends half its time on styles, and a 1M-row export has to fit in
  // a minute (QUALITY.md P6). Column widths and the frozen header are sheet settings, not styles.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths: Partial<Record<string, number>> = source.widths ?? {};
  sheet.columns = source.columns.map((c) => ({ key: c.key, width: widths[c.key] ?? DEFAULT_WIDTH }));
  sheet.addRow(source.columns.map((c) => c.title)).commit();
  let written = 0;
  walk: for await (const batch of source.batches(limits.batchSize)) {
    for (const row of batch) {
      // Rows stored after the count are left out beyond the cap.
      if (written >= limits.maxRows) break walk;
      sheet.addRow(source.columns.map((c) => cell(row[c.key]))).commit();
      written += 1;
    }
    await compressorDrained(sheet);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
