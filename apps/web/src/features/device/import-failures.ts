import type { ExcelImportResult, SnImportResult } from '@guard-tour/contract';
import { errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';

/** One refused SN or spreadsheet row, as the result block lists it. */
export interface ImportFailure {
  key: string;
  /** The spreadsheet row (the header is row 1); absent for the 批量输入 list. */
  row?: number;
  sn: string;
  reason: string;
}

export function snFailures(result: SnImportResult): ImportFailure[] {
  return result.failSNList.map((fail, index) => ({
    key: `${index}`,
    sn: fail.sn ?? '',
    reason: fail.reason || '未知原因',
  }));
}

export function rowFailures(result: ExcelImportResult): ImportFailure[] {
  return result.failList.map((fail, index) => ({
    key: `${index}`,
    row: fail.row,
    sn: fail.sn ?? '',
    reason: fail.reason || '未知原因',
  }));
}

/** An import refused or not answered (spec section 8): 导入失败！ and the reason. */
export function importFailedText(error: unknown): string {
  const detail = errorText(error, '');
  return detail ? `${MSG.importFailed}${detail}` : MSG.importFailed;
}
