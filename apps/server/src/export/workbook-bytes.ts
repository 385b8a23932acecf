import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeWorkbook, type SheetLimits, type WorkbookSheet } from './sheet-writer.js';

/**
 * A small workbook's bytes, written by the exports' sheet writer (formula-safe cells; no timestamps inside, so the
 * same rows give the same bytes): an e-mail's attachment, a template to download.
 */
export async function workbookBytes<T>(
  sheets: readonly WorkbookSheet<T>[],
  limits: SheetLimits = { maxRows: 100_000, batchSize: 2_000 },
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'workbook-'));
  const file = path.join(dir, 'book.xlsx');
  try {
    await writeWorkbook(file, sheets, limits);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
