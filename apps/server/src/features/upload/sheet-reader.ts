import { Worker } from 'node:worker_threads';
import type { RawCell } from '../../domain/sheet-cell.js';

export interface SheetRow {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  cells: (RawCell | null)[];
}

export type SheetRead =
  | { ok: true; rows: SheetRow[]; /** The sheet's last used row, read or not. */ lastRow: number }
  | { ok: false; reason: 'unreadable' | 'timeout' | 'memory'; detail?: string };

export interface SheetLimits {
  maxRows: number;
  maxColumns: number;
  timeoutMs: number;
  /** Heap of the worker: a hostile file exhausts it and not the server. */
  maxHeapMb: number;
}

const DEFAULT_LIMITS: SheetLimits = { maxRows: 10_000, maxColumns: 50, timeoutMs: 60_000, maxHeapMb: 1536 };
const WORKER = new URL('./sheet-reader.worker.mjs', import.meta.url);

/**
 * The first sheet's cells (raw values and formatted text, formulas as their cached values), parsed in a worker
 * thread so that a large file never stalls other calls. At most `maxRows + 2` rows are read.
 */
export function readFirstSheet(path: string, limits: Partial<SheetLimits> = {}): Promise<SheetRead> {
  const { maxRows, maxColumns, timeoutMs, maxHeapMb } = { ...DEFAULT_LIMITS, ...limits };
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      workerData: { path, maxRows, maxColumns },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (result: SheetRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), timeoutMs);
    worker.on('message', (message: SheetRead) => settle(message));
    worker.on('error', (error: Error & { code?: string }) =>
      settle({
        ok: false,
        reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable',
        detail: error.message,
      }),
    );
    worker.on('exit', () => settle({ ok: false, reason: 'unreadable', detail: 'worker exited' }));
  });
}
