import {
  REPORT_GROUP_TEXT,
  missedReportColumns,
  type MissedReportRow,
  type SheetColumn,
  type exportMissedInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { DEFAULT_EXPORT_LIMITS, writeExport, type ExportLimits } from '../../export/export.service.js';
import { cellsOf } from '../../export/sheet-writer.js';
import type { Scope } from '../scope.js';
import { allGroups, roundFilter } from './report.service.js';

/** The export's title: the sheet's name, the download's file name and the log's wording. */
export const MISSED_REPORT_TITLE = '漏检报表';

/** A report row as the sheet shows it: the rate, or "—" when nothing was expected. */
export interface MissedSheetRow extends Omit<MissedReportRow, 'group_key' | 'rate'> {
  rate: number | string;
}

/** A row of the report as its sheet row. */
export function sheetRow({ group_key: _key, rate, ...row }: MissedReportRow): MissedSheetRow {
  return { ...row, rate: rate ?? '—' };
}

const WIDTHS: Partial<Record<keyof MissedSheetRow, number>> = { group_name: 24 };

/**
 * `Report/ExportMissed`: every group of the report (not one page) with the screen's columns, through the export
 * register (formula-safe, downloadable by `file/download_excelfile` for an hour); '' when there is no row.
 */
export async function exportMissed(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof exportMissedInput>,
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<{ fileName: string }> {
  const hold = await scope.hold(input.holdId);
  const filter = await roundFilter(ctx, scope, { ...input, holdId: hold.hold_id });
  // Groups are few (a year of 2,000 roads is 2,000 rows): read once, counted and written from memory.
  let rows: MissedSheetRow[] | null = null;
  const columns: SheetColumn<MissedSheetRow>[] = missedReportColumns(input.group_by);
  const read = async () => (rows ??= (await allGroups(ctx, filter, input)).map(sheetRow));
  const description = [
    `${hold.hold_name}${input.includeChildren ? '及下级' : ''}`,
    `${input.start_date} 至 ${input.end_date}`,
    `按${REPORT_GROUP_TEXT[input.group_by]}`,
  ].join('，');
  const fileName = await writeExport(
    ctx,
    scope,
    {
      title: MISSED_REPORT_TITLE,
      holdId: hold.hold_id,
      description,
      columns,
      widths: WIDTHS,
      count: async () => (await read()).length,
      batches: async function* (size) {
        const all = await read();
        for (let i = 0; i < all.length; i += size) yield cellsOf(columns, all.slice(i, i + size));
      },
    },
    limits,
  );
  return { fileName };
}
