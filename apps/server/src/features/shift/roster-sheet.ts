import { ROSTER_SHEET_COLUMNS, isCalendarDate } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { cellText, type RawCell } from '../../domain/sheet-cell.js';
import { invalid } from '../../errors.js';
import { workbookBytes } from '../../export/workbook-bytes.js';
import type { Scope } from '../scope.js';
import * as uploads from '../upload/upload.service.js';
import type { ImportRow } from './roster.service.js';

/** The roster's spreadsheet: the template and reading an uploaded file (账号, 姓名, 日期, 班次 per row). */

export const ROSTER_IMPORT_MAX_ROWS = 10_000;

/**
 * The template: the header row and two example rows of the caller's shifts, every cell text (the date too), by the
 * exports' sheet writer — the same bytes for the same rows, whenever it is asked for.
 */
export function rosterTemplate(examples: readonly string[][]): Promise<Buffer> {
  const columns = ROSTER_SHEET_COLUMNS.map((title, index) => ({ key: String(index), title }));
  return workbookBytes([
    {
      title: '排班导入',
      source: {
        columns,
        widths: Object.fromEntries(columns.map((column) => [column.key, 18])),
        batches: async function* () {
          yield examples;
        },
      },
    },
  ]);
}

/** A date cell as YYYY-MM-DD: typed text, or a spreadsheet date. */
export function cellDate(cell: RawCell | null | undefined): string {
  if (cell?.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  const text = cellText(cell, 'text').text.trim().replace(/\//g, '-');
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  return match ? `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}` : text;
}

/** The rows of an uploaded roster file (the caller's own upload), by the template's columns. */
export async function readRosterFile(ctx: AppContext, scope: Scope, filePath: string): Promise<ImportRow[]> {
  const file = await uploads.uploadedFile(ctx, scope.caller, filePath.trim());
  const sheet = await uploads.readFirstSheet(file.path, { maxRows: ROSTER_IMPORT_MAX_ROWS });
  if (!sheet.ok) throw invalid('文件无法读取，请使用排班模板另存为xlsx后重试');
  if (sheet.lastRow > ROSTER_IMPORT_MAX_ROWS + 1) throw invalid(`一次最多导入 ${ROSTER_IMPORT_MAX_ROWS} 行`);
  const [header, ...rows] = sheet.rows;
  const names = (header?.cells ?? []).map((c) => cellText(c, 'text').text.trim());
  const at = (name: string) => names.indexOf(name);
  const [account, , date, shift] = ROSTER_SHEET_COLUMNS.map(at);
  if (account === undefined || account < 0 || date! < 0 || shift! < 0) {
    throw invalid('表头应为：账号、姓名、日期、班次（请使用排班模板）');
  }
  return rows.map((r) => ({
    row: r.row,
    account: cellText(r.cells[account], 'text').text.trim(),
    date: cellDate(r.cells[date!]),
    shift: cellText(r.cells[shift!], 'text').text.trim(),
  }));
}

export const isImportDate = isCalendarDate;
