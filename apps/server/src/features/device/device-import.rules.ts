import { importReasons } from '@guard-tour/contract';
import { parseSerialNumber } from '../../domain/serial-number.js';
import { cellText, type RawCell } from '../../domain/sheet-cell.js';
import type { NewDevice } from '../../db/schema.js';

/** A device made from a bare SN (DOMAIN.md, Imports): `device_no` = `IMEI` = name = SN, type 1. */
export function deviceFromSn(sn: string): NewDevice {
  return { device_no: sn, object_name: sn, object_type: 1, imei: sn, sim: '', iccid: '', remark: '' };
}

/** An SN list as typed: split on commas (either width) and line breaks, trimmed, blanks dropped. */
export function splitSnList(text: string): string[] {
  return text
    .split(/[,，\r\n]+/)
    .map((sn) => sn.trim())
    .filter(Boolean);
}

export interface SnPlan {
  /** Well-formed numbers, each once, in the order typed. */
  candidates: { index: number; sn: string; value: string }[];
  /** Malformed SNs, and each repeated SN once. */
  failures: { index: number; sn: string; reason: string }[];
}

/** Sorts an SN list into numbers to create and SNs refused before the database is asked. */
export function planSnList(sns: string[]): SnPlan {
  const plan: SnPlan = { candidates: [], failures: [] };
  const seen = new Set<string>();
  const reported = new Set<string>();
  sns.forEach((sn, index) => {
    const number = parseSerialNumber(sn);
    if (!number.ok) {
      plan.failures.push({ index, sn, reason: importReasons.malformed });
    } else if (seen.has(number.value)) {
      if (!reported.has(number.value)) plan.failures.push({ index, sn, reason: importReasons.duplicate });
      reported.add(number.value);
    } else {
      seen.add(number.value);
      plan.candidates.push({ index, sn, value: number.value });
    }
  });
  return plan;
}

/** Where the template's columns are in a sheet, found by their header texts in row 1. */
export interface ColumnMap {
  sn: number;
  name?: number;
  sim?: number;
  iccid?: number;
  remark?: number;
}

const HEADERS: Record<keyof ColumnMap, string[]> = {
  sn: ['imei/sn', 'imei', 'sn', '设备imei/sn', 'imei/sn号', '设备号'],
  name: ['设备名称', '名称'],
  sim: ['sim', 'sim卡号', 'sim卡'],
  iccid: ['iccid'],
  remark: ['备注'],
};

export const HEADER_MESSAGE = '表头不正确，第1行应为：IMEI/SN、设备名称、SIM、ICCID、备注（请使用导入模板）';

/** The columns of a header row, or null without an IMEI/SN column. */
export function mapHeader(cells: (RawCell | null)[]): ColumnMap | null {
  const found: Partial<ColumnMap> = {};
  cells.forEach((cell, index) => {
    const text = cellText(cell, 'text')
      .text.replace(/[\s*＊]/g, '')
      .toLowerCase();
    for (const [key, names] of Object.entries(HEADERS) as [keyof ColumnMap, string[]][]) {
      if (found[key] === undefined && names.includes(text)) found[key] = index;
    }
  });
  return found.sn === undefined ? null : (found as ColumnMap);
}

export interface SheetPlan {
  candidates: { row: number; sn: string; device: NewDevice }[];
  failures: { row: number; sn: string; reason: string }[];
}

const LIMITS = { object_name: 50, sim: 32, iccid: 32, remark: 200 } as const;
const LABELS = { object_name: '设备名称', sim: 'SIM', iccid: 'ICCID', remark: '备注' } as const;

/**
 * Each data row on its own (DOMAIN.md, Imports): blank rows skipped; the SN required, well formed, not rounded
 * by the spreadsheet and not repeated in the file; a rounded SIM or ICCID left empty; lengths within limits.
 */
export function planSheetRows(rows: { row: number; cells: (RawCell | null)[] }[], columns: ColumnMap): SheetPlan {
  const plan: SheetPlan = { candidates: [], failures: [] };
  const seen = new Set<string>();
  const at = (cells: (RawCell | null)[], index: number | undefined) => (index === undefined ? null : cells[index]);
  for (const { row, cells } of rows) {
    const snCell = at(cells, columns.sn);
    const sn = cellText(snCell, 'number');
    const name = cellText(at(cells, columns.name), 'text').text.trim();
    const sim = cellText(at(cells, columns.sim), 'number');
    const iccid = cellText(at(cells, columns.iccid), 'number');
    const remark = cellText(at(cells, columns.remark), 'text').text.trim();
    const snText = sn.text.trim();
    const rounded = sn.rounded || sim.rounded || iccid.rounded;
    if (!rounded && [snText, name, sim.text.trim(), iccid.text.trim(), remark].every((text) => !text)) continue;
    const fail = (shown: string, reason: string) => plan.failures.push({ row, sn: shown, reason });
    if (sn.rounded) {
      fail(snCell?.w ?? String(snCell?.v ?? ''), importReasons.rounded);
      continue;
    }
    if (!snText) {
      fail('', importReasons.missing);
      continue;
    }
    const number = parseSerialNumber(snText);
    if (!number.ok) {
      fail(snText, importReasons.malformed);
      continue;
    }
    const device: NewDevice = {
      device_no: number.value,
      object_name: name || number.value,
      object_type: 1,
      imei: number.value,
      sim: sim.rounded ? '' : sim.text.trim(),
      iccid: iccid.rounded ? '' : iccid.text.trim(),
      remark,
    };
    const tooLong = (Object.keys(LIMITS) as (keyof typeof LIMITS)[]).find((key) => device[key].length > LIMITS[key]);
    if (tooLong) {
      fail(snText, `${LABELS[tooLong]}超过${LIMITS[tooLong]}个字符`);
      continue;
    }
    if (seen.has(number.value)) {
      fail(snText, importReasons.duplicate);
      continue;
    }
    seen.add(number.value);
    plan.candidates.push({ row, sn: snText, device });
  }
  return plan;
}
