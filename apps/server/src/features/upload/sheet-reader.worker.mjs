// Parses a spreadsheet off the request thread (DOMAIN.md, Imports). Plain JavaScript so that it runs as a
// worker both from src/ (tests) and dist/; sheet-reader.ts starts it and types its messages.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/** @param {{ path: string, maxRows: number, maxColumns: number }} job */
function readFirstSheet(job) {
  const workbook = XLSX.read(readFileSync(job.path), {
    type: 'buffer',
    dense: true,
    sheets: 0,
    // The header, the allowed rows, and one more to notice a sheet that is too long.
    sheetRows: job.maxRows + 2,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellDates: false,
  });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet || !sheet['!ref']) return { ok: true, rows: [], lastRow: 0 };
  const full = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref']);
  const rows = [];
  const data = sheet['!data'] ?? [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells = [];
    for (let c = 0; c < Math.min(row.length, job.maxColumns); c++) {
      const cell = row[c];
      cells.push(cell ? { t: cell.t, v: cell.v, w: cell.w } : null);
    }
    rows.push({ row: r + 1, cells });
  }
  return { ok: true, rows, lastRow: full.e.r + 1 };
}

try {
  parentPort?.postMessage(readFirstSheet(workerData));
} catch (error) {
  parentPort?.postMessage({ ok: false, reason: 'unreadable', detail: String(error?.message ?? error) });
}
