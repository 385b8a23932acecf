import { randomBytes } from 'node:crypto';
import { once, type EventEmitter } from 'node:events';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {
  EXPORT_TITLES,
  LogType,
  MAX_EXPORT_ROWS,
  recordMessages,
  type ExportKind,
  type SheetColumn,
} from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { writeLog } from '../../audit/audit.js';
import { sheetText } from '../../domain/export-cell.js';
import { localDate } from '../../domain/time.js';
import type { Scope } from '../../http/scope.js';
import { invalid } from '../../errors.js';
import * as repo from './export.repository.js';

/** An export's name is its download capability for one hour (API.md, Files). */
export const EXPORT_TTL_MS = 60 * 60 * 1000;
/** What `writeExport` names a file: 128 random bits, nothing the client chose. */
const EXPORT_NAME = /^[0-9a-f]{32}\.xlsx$/;

export interface ExportLimits {
  /** More matching rows than this is refused (one sheet holds at most 1,048,576 rows). */
  maxRows: number;
  /** Rows read from the database at a time. */
  batchSize: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { maxRows: MAX_EXPORT_ROWS, batchSize: 2000 };

/** One export: what it is, the columns of its sheet, and how to count and walk its rows. */
export interface ExportJob<T> {
  kind: ExportKind;
  /** The organisation the export was made for (recorded with the file). */
  holdId: number;
  /** The filters, as the operation log names them. */
  description: string;
  columns: readonly SheetColumn<T>[];
  count: () => Promise<number>;
  /** The rows in sheet order, a batch at a time, never all at once. */
  batches: (batchSize: number) => AsyncIterable<T[]>;
}

export function exportsDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'exports');
}

const WIDTHS: Record<string, number> = {
  create_time: 20,
  upload_time: 20,
  create_date: 12,
  weekly: 7,
  create_htime: 10,
  patrol_sn: 16,
  device_no: 20,
  total_patrol_card: 10,
};

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

/** Streams the sheet to `file`: the header row, then the rows batch by batch (DOMAIN.md, Exports). */
async function writeSheet<T>(file: string, title: string, job: ExportJob<T>, limits: ExportLimits): Promise<number> {
  // No cell styles (a plain header row): exceljs spends half its time on styles, and a 1M-row export has to fit in
  // a minute (QUALITY.md P6). Column widths and the frozen header are sheet settings, not styles.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = job.columns.map((c) => ({ key: c.key, width: WIDTHS[c.key] ?? 16 }));
  sheet.addRow(job.columns.map((c) => c.title)).commit();
  let written = 0;
  walk: for await (const batch of job.batches(limits.batchSize)) {
    for (const row of batch) {
      // Rows stored after the count are left out beyond the cap.
      if (written >= limits.maxRows) break walk;
      sheet.addRow(job.columns.map((c) => cell(row[c.key]))).commit();
      written += 1;
    }
    await compressorDrained(sheet);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

/**
 * Writes an export (DOMAIN.md, Exports) and answers its file name, '' when no row matches. Refused (400) above
 * `maxRows`. The file is recorded with the account and organisation, valid for an hour, and the export is an
 * operation log entry (type 7) naming what was exported and how many rows.
 */
export async function writeExport<T>(
  ctx: AppContext,
  scope: Scope,
  job: ExportJob<T>,
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<string> {
  const total = await job.count();
  if (total === 0) return '';
  if (total > limits.maxRows) throw invalid(recordMessages.tooManyRows);
  await purgeExpired(ctx);
  const dir = exportsDir(ctx);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.xlsx`;
  const temporary = path.join(dir, `${name}.part`);
  const final = path.join(dir, name);
  const title = EXPORT_TITLES[job.kind];
  try {
    const rows = await writeSheet(temporary, title, job, limits);
    await rename(temporary, final);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await repo.insertExportFile(tx, {
        file_name: name,
        user_id: scope.caller.userId,
        hold_id: job.holdId,
        title,
        row_count: rows,
        create_time: now,
        expires_at: new Date(now.getTime() + EXPORT_TTL_MS),
      });
      await writeLog(tx, {
        type: LogType.export,
        actor: scope.actor,
        at: now,
        content: `导出${title} ${rows} 条（${job.description}）`,
      });
    });
    return name;
  } catch (error) {
    await rm(temporary, { force: true });
    await rm(final, { force: true });
    throw error;
  }
}

/** Removes expired exports, rows and files. */
async function purgeExpired(ctx: AppContext): Promise<void> {
  const names = await repo.deleteExpiredExports(ctx.db, ctx.now());
  const dir = exportsDir(ctx);
  await Promise.all(names.filter((n) => EXPORT_NAME.test(n)).map((n) => rm(path.join(dir, n), { force: true })));
}

export interface ExportDownload {
  path: string;
  size: number;
  /** The screen's Chinese name and the export's date: `打卡数据_2026-11-20.xlsx`. */
  fileName: string;
  asciiName: string;
}

/**
 * The file behind a download link (API.md, Files): only a name this server gave, recorded and not expired;
 * anything else (another pattern, `../`, unknown, expired, file gone) is null. Expired files are removed here.
 */
export async function exportForDownload(ctx: AppContext, fileName: string | undefined): Promise<ExportDownload | null> {
  if (!fileName || !EXPORT_NAME.test(fileName)) return null;
  const row = await repo.findExportFile(ctx.db, fileName);
  if (!row) return null;
  if (row.expires_at.getTime() <= ctx.now().getTime()) {
    await purgeExpired(ctx);
    return null;
  }
  const file = path.join(exportsDir(ctx), row.file_name);
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) return null;
  const day = localDate(row.create_time, ctx.config.tzName);
  return { path: file, size, fileName: `${row.title}_${day}.xlsx`, asciiName: `export_${day}.xlsx` };
}
