// Exports of any screen (DOMAIN.md, Exports; API.md, Files): one streamed sheet written under `DATA_DIR/exports`,
// recorded in the register with its account and expiry, and found again by its name for the download link.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LogType, MAX_EXPORT_ROWS, recordMessages } from '@guard-tour/contract';
import type { AppContext } from '../context.js';
import { writeLog } from '../audit/audit.js';
import { localDate } from '../domain/time.js';
import type { Scope } from '../features/scope.js';
import { invalid } from '../errors.js';
import * as repo from './export.repository.js';
import { writeSheet, type SheetLimits, type SheetSource } from './sheet-writer.js';

/** An export's name is its download capability for one hour (API.md, Files). */
export const EXPORT_TTL_MS = 60 * 60 * 1000;
/** What `writeExport` names a file: 128 random bits, nothing the client chose. */
const EXPORT_NAME = /^[0-9a-f]{32}\.xlsx$/;

/** `maxRows`: more matching rows than this is refused (one sheet holds at most 1,048,576 rows). */
export type ExportLimits = SheetLimits;

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { maxRows: MAX_EXPORT_ROWS, batchSize: 2000 };

/** One export: what it is, the columns of its sheet, and how to count and walk its rows. */
export interface ExportJob<T> extends SheetSource<T> {
  /** The screen's Chinese name: the sheet's name, the download's file name and the log's wording. */
  title: string;
  /** The organisation the export was made for (recorded with the file). */
  holdId: number;
  /** The filters, as the operation log names them. */
  description: string;
  count: () => Promise<number>;
}

export function exportsDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'exports');
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
  const dir = exportsDir(ctx);
  // The housekeeping goes with the count, not after it: neither depends on the other.
  const [total] = await Promise.all([job.count(), purgeExpired(ctx), mkdir(dir, { recursive: true })]);
  if (total === 0) return '';
  if (total > limits.maxRows) throw invalid(recordMessages.tooManyRows);
  const name = `${randomBytes(16).toString('hex')}.xlsx`;
  const temporary = path.join(dir, `${name}.part`);
  const final = path.join(dir, name);
  try {
    const rows = await writeSheet(temporary, job.title, job, limits);
    await rename(temporary, final);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await repo.insertExportFile(tx, {
        file_name: name,
        user_id: scope.caller.userId,
        hold_id: job.holdId,
        title: job.title,
        row_count: rows,
        create_time: now,
        expires_at: new Date(now.getTime() + EXPORT_TTL_MS),
      });
      await writeLog(tx, {
        type: LogType.export,
        actor: scope.actor,
        at: now,
        content: `导出${job.title} ${rows} 条（${job.description}）`,
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
