// A sheet thread (sheet-thread.ts starts and keeps them): each job's SpreadsheetML is built, encoded, checksummed and
// handed to the compressor here, while the main thread walks the database and answers other calls.
import { parentPort } from 'node:worker_threads';
import type { PackedRows } from './packed-rows.js';
import type { SheetLayout } from './sheet-xml.js';
import { writeWorkbookFile } from './workbook-file.js';

/** The workbook a thread writes. */
export interface SheetJob {
  file: string;
  layouts: SheetLayout[];
  maxRows: number;
}

/** The main thread's messages about a sheet: its rows a batch at a time, in sheet order, then its end. */
type SheetPart = { kind: 'rows'; sheet: number; rows: PackedRows } | { kind: 'end'; sheet: number };

/** What the main thread sends: a job, then its sheets' parts; the next job once this one is done. */
export type ToSheetThread = { kind: 'job'; job: SheetJob } | SheetPart;

/** The thread's answers: a batch written (room for the next), the file done with its row counts, or why not. */
export type FromSheetThread =
  { kind: 'written' } | { kind: 'done'; counts: number[] } | { kind: 'failed'; message: string };

const port = parentPort!;
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
async function* batchesOf(sheet: number): AsyncGenerator<PackedRows> {
  for (;;) {
    const message = await next();
    // The main thread sends a job only once the last one is written.
    if (message.kind === 'job') throw new Error('a job came before the last one was written');
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

for (;;) {
  const message = await next();
  // Parts of the last job that came after its file was written (its last sheet stopped at the cap, and the end of
  // that sheet followed): they were all sent before the next job, so they are passed over here.
  if (message.kind !== 'job') continue;
  const { file, layouts, maxRows } = message.job;
  try {
    say({ kind: 'done', counts: await writeWorkbookFile(file, layouts, batchesOf, maxRows) });
  } catch (error) {
    say({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
