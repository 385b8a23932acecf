// The export's own thread (sheet-writer.ts starts one per workbook): the rows' SpreadsheetML is built, encoded,
// checksummed and handed to the compressor here, while the main thread walks the database and answers other calls.
import { parentPort, workerData } from 'node:worker_threads';
import type { SheetCells, SheetLayout } from './sheet-xml.js';
import { writeWorkbookFile } from './workbook-file.js';

/** What the thread is started with. */
export interface SheetJob {
  file: string;
  layouts: SheetLayout[];
  maxRows: number;
}

/** The main thread's messages: a sheet's rows a batch at a time, in sheet order, then the end of each sheet. */
export type ToSheetThread = { kind: 'rows'; sheet: number; rows: SheetCells[] } | { kind: 'end'; sheet: number };

/** The thread's answers: a batch written (room for the next), the file done with its row counts, or why not. */
export type FromSheetThread =
  { kind: 'written' } | { kind: 'done'; counts: number[] } | { kind: 'failed'; message: string };

const port = parentPort!;
const job = workerData as SheetJob;
const say = (message: FromSheetThread) => port.postMessage(message);

/** Messages not yet taken, and the taker waiting for the next one. */
const waiting: ToSheetThread[] = [];
let wake: (() => void) | null = null;
port.on('message', (message: ToSheetThread) => {
  waiting.push(message);
  wake?.();
});

async function next(): Promise<ToSheetThread> {
  while (waiting.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  return waiting.shift()!;
}

/**
 * A sheet's batches as they arrive; each one written (or left out past the cap) makes room for the main thread to
 * send another. Rows still coming for an earlier sheet, which stopped at its cap, are passed over.
 */
async function* batchesOf(sheet: number): AsyncGenerator<readonly SheetCells[]> {
  for (;;) {
    const message = await next();
    if (message.sheet < sheet) {
      if (message.kind === 'rows') say({ kind: 'written' });
      continue;
    }
    if (message.kind === 'end') return;
    try {
      yield message.rows;
    } finally {
      say({ kind: 'written' });
    }
  }
}

try {
  say({ kind: 'done', counts: await writeWorkbookFile(job.file, job.layouts, batchesOf, job.maxRows) });
} catch (error) {
  say({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.close();
