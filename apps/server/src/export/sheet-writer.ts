import { Worker } from 'node:worker_threads';
import type { SheetColumn } from '@guard-tour/contract';
import type { SheetCells, SheetLayout } from './sheet-xml.js';
import type { FromSheetThread, SheetJob, ToSheetThread } from './sheet-writer.worker.js';

export type { SheetCells } from './sheet-xml.js';

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
/** Batches sent to the sheet's thread and not yet written: the walk runs this far ahead of the file, no further. */
const BATCHES_AHEAD = 2;
/** The thread's module beside this one: compiled JavaScript in the built server's dist/. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** Starts the thread that writes `job`'s file. */
function startThread(job: SheetJob): Worker {
  if (!FROM_SOURCE) return new Worker(new URL('./sheet-writer.worker.js', import.meta.url), { workerData: job });
  // From src/ (the tests run TypeScript): the thread registers tsx's loader before its module, as vitest loads the
  // rest; the same module, compiled, is what the server runs.
  const loader = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./sheet-writer.worker.ts', import.meta.url).href);
  const boot = `import(${loader}).then((tsx) => { tsx.register(); return import(${entry}); });`;
  return new Worker(boot, { eval: true, workerData: job });
}

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
 * The text is built on a thread of the export's own (sheet-writer.worker.ts): this thread only walks the rows out
 * of the database, the next batch while the thread writes the current one (P14: an export within 2 × its walk).
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
        thread.send({ kind: 'rows', sheet: i, rows: rows as SheetCells[] });
        sent += rows.length;
      }
      thread.send({ kind: 'end', sheet: i });
    }
    return await thread.done;
  } finally {
    thread.stop();
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

/** The thread writing one workbook: batches sent to it as it makes room, and its answer. */
class SheetThread {
  private readonly worker: Worker;
  private ahead = 0;
  private roomMade: (() => void) | null = null;
  private ended = false;
  /** The rows written per sheet, once the file is complete; rejected with why it is not. */
  readonly done: Promise<number[]>;

  constructor(job: SheetJob) {
    this.worker = startThread(job);
    this.done = new Promise<number[]>((resolve, reject) => {
      const end = (outcome: () => void) => {
        this.ended = true;
        this.roomMade?.();
        outcome();
      };
      this.worker.on('message', (message: FromSheetThread) => {
        if (message.kind === 'written') {
          this.ahead -= 1;
          this.roomMade?.();
        } else if (message.kind === 'done') end(() => resolve(message.counts));
        else end(() => reject(new Error(`sheet writer: ${message.message}`)));
      });
      this.worker.on('error', (error) => end(() => reject(error)));
      this.worker.on('exit', (code) => end(() => reject(new Error(`sheet writer exited (${code})`))));
    });
    // Observed by writeWorkbook; a walk that fails first leaves it unobserved.
    this.done.catch(() => undefined);
  }

  /** Waits until the thread has room for another batch; false once it has ended (written or failed). */
  async room(): Promise<boolean> {
    while (!this.ended && this.ahead >= BATCHES_AHEAD) {
      await new Promise<void>((resolve) => (this.roomMade = resolve));
      this.roomMade = null;
    }
    return !this.ended;
  }

  send(message: ToSheetThread): void {
    if (this.ended) return;
    if (message.kind === 'rows') this.ahead += 1;
    this.worker.postMessage(message);
  }

  /** Ends the thread, whether it finished or not (a failed walk: the caller removes the file). */
  stop(): void {
    void this.worker.terminate();
  }
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
