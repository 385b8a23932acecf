import { Worker } from 'node:worker_threads';
import type { PackedRows } from './packed-rows.js';
import type { FromSheetThread, SheetJob, ToSheetThread } from './sheet-writer.worker.js';

/**
 * The threads that write sheets (sheet-writer.worker.ts), seen from the main thread: kept between exports, and one
 * workbook's job on one of them.
 */

/** Batches sent to the sheet's thread and not yet written: the walk runs this far ahead of the file, no further. */
const BATCHES_AHEAD = 2;
/** Threads kept waiting for the next export; more finish only when exports overlap, and those end. */
const KEPT_IDLE = 2;
/** The thread's module beside this one: compiled JavaScript in the built server's dist/. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** Starts a sheet thread; it writes the jobs it is sent, one after another, until it is ended. */
function startThread(): Worker {
  const worker = FROM_SOURCE ? startFromSource() : new Worker(new URL('./sheet-writer.worker.js', import.meta.url));
  // A thread that fails or ends while kept (it should not) is no longer handed out; a job's own listeners say why.
  worker.on('error', () => forget(worker));
  worker.on('exit', () => forget(worker));
  return worker;
}

/**
 * From src/ (the tests run TypeScript): the thread registers tsx's loader before its module, as vitest loads the
 * rest; the same module, compiled, is what the server runs.
 */
function startFromSource(): Worker {
  const loader = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./sheet-writer.worker.ts', import.meta.url).href);
  const boot = `import(${loader}).then((tsx) => { tsx.register(); return import(${entry}); });`;
  return new Worker(boot, { eval: true });
}

/**
 * Threads that wrote an export and wait for the next: a new thread loads its modules (some 30 ms) and runs the
 * writer unoptimised at first, a kept one starts at once. A kept thread does not keep the process alive.
 */
const idle: Worker[] = [];

function takeThread(): Worker {
  const worker = idle.pop() ?? startThread();
  worker.ref();
  return worker;
}

function keepThread(worker: Worker): void {
  if (idle.length >= KEPT_IDLE) {
    void worker.terminate();
    return;
  }
  worker.unref();
  idle.push(worker);
}

function forget(worker: Worker): void {
  const at = idle.indexOf(worker);
  if (at >= 0) idle.splice(at, 1);
}

/** One workbook written on a sheet thread: batches sent to it as it makes room, and its answer. */
export class SheetThread {
  private readonly worker = takeThread();
  private ahead = 0;
  private roomMade: (() => void) | null = null;
  private ended = false;
  private written = false;
  private readonly listeners: { message: (m: FromSheetThread) => void; error: (e: Error) => void; exit: () => void };
  /** The rows written per sheet, once the file is complete; rejected with why it is not. */
  readonly done: Promise<number[]>;

  constructor(job: SheetJob) {
    let resolve: (counts: number[]) => void = () => undefined;
    let reject: (error: Error) => void = () => undefined;
    this.done = new Promise<number[]>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // Observed by writeWorkbook; a walk that fails first leaves it unobserved.
    this.done.catch(() => undefined);
    const end = (outcome: () => void) => {
      this.ended = true;
      this.roomMade?.();
      outcome();
    };
    this.listeners = {
      message: (message) => {
        if (message.kind === 'written') {
          this.ahead -= 1;
          this.roomMade?.();
        } else if (message.kind === 'done') {
          this.written = true;
          end(() => resolve(message.counts));
        } else end(() => reject(new Error(`sheet writer: ${message.message}`)));
      },
      error: (error) => end(() => reject(error)),
      exit: () => end(() => reject(new Error('sheet writer exited'))),
    };
    this.worker.on('message', this.listeners.message);
    this.worker.on('error', this.listeners.error);
    this.worker.on('exit', this.listeners.exit);
    this.post({ kind: 'job', job });
  }

  /** Waits until the thread has room for another batch; false once it has ended (written or failed). */
  async room(): Promise<boolean> {
    while (!this.ended && this.ahead >= BATCHES_AHEAD) {
      await new Promise<void>((resolve) => (this.roomMade = resolve));
      this.roomMade = null;
    }
    return !this.ended;
  }

  /** Sends sheet `sheet`'s next batch of rows. */
  rows(sheet: number, rows: PackedRows): void {
    if (this.ended) return;
    this.ahead += 1;
    // The typed arrays move to the thread; the rows' texts are copied.
    this.post({ kind: 'rows', sheet, rows }, [rows.ends.buffer, rows.numbers.buffer]);
  }

  /** Says sheet `sheet` has no more rows. */
  end(sheet: number): void {
    if (!this.ended) this.post({ kind: 'end', sheet });
  }

  /**
   * Lets the thread go, whether its file is written or not: a thread that wrote it is kept for the next export, any
   * other (failed, or still writing for a walk that failed: the caller removes the file) is ended.
   */
  release(): void {
    this.worker.off('message', this.listeners.message);
    this.worker.off('error', this.listeners.error);
    this.worker.off('exit', this.listeners.exit);
    if (!this.written) {
      void this.worker.terminate();
      return;
    }
    keepThread(this.worker);
  }

  private post(message: ToSheetThread, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}
