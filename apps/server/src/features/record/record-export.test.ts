import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_TOTAL_COLUMNS,
  PUNCH_COLUMNS,
  RECORD_COLUMNS,
  punchExportInput,
  recordExportInput,
  type CardTotalRow,
  type PunchRow,
  type SheetColumn,
  type SysLogRow,
} from '@guard-tour/contract';
import { exportFile } from '../../db/schema.js';
import { resolveCaller } from '../auth/auth.service.js';
import { AppError } from '../../errors.js';
import { Scope } from '../scope.js';
import { HOUR, useHarness } from '../../test/harness.js';
import { NOW, buildPunchWorld, type PunchWorld } from '../../test/record-punches.js';
import { tempDataDir } from '../../test/uploads.js';
import { exportCardTotals, exportPunches, exportRecords } from './record-export.service.js';

const dataDir = tempDataDir();
const h = useHarness({ dataDir });
let w: PunchWorld;
beforeAll(async () => {
  w = await buildPunchWorld(h);
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exported = (name: string) => path.join(dataDir, 'exports', name);

function download(fileName: string | undefined) {
  return h.app.inject({
    method: 'GET',
    url: '/proxyserver/api/file/download_excelfile',
    query: fileName === undefined ? {} : { fileName },
  });
}

/** Opens an export as a spreadsheet application would: every row's cell values, the header first. */
async function readSheet(content: Buffer): Promise<{ name: string; rows: unknown[][]; cells: ExcelJS.Cell[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  const cells: ExcelJS.Cell[] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      values.push(cell.value ?? '');
      cells.push(cell);
    });
    rows.push(values);
  });
  return { name: sheet.name, rows, cells };
}

/**
 * What a row of the list looks like in the sheet: its columns' values, formula-looking text quoted, an empty field
 * empty or its column's text for one (无定位).
 */
function sheetRows<T>(rows: T[], columns: readonly SheetColumn<T>[]): unknown[][] {
  const quote = (v: unknown) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  const cell = (v: unknown, blank = '') => (v === null || v === undefined || v === '' ? blank : quote(v));
  return rows.map((row) => {
    const values = columns.map((c) => cell(row[c.key], c.blank));
    // A trailing empty cell is not stored: the reader sees the row shorter.
    while (values.length > 0 && values.at(-1) === '') values.pop();
    return values;
  });
}
const trimmed = (rows: unknown[][]) =>
  rows.map((row) => {
    const copy = [...row];
    while (copy.length > 0 && copy.at(-1) === '') copy.pop();
    return copy;
  });

/** Exports through the API, downloads without a token and opens the sheet. */
async function exportAndOpen(exportPath: string, body: object, token = w.a.token) {
  const reply = await h.post<string>(exportPath, body, token);
  expect(reply.code, reply.msg).toBe(200);
  expect(reply.data).toMatch(/^[0-9a-f]{32}\.xlsx$/);
  const response = await download(reply.data);
  expect(response.statusCode).toBe(200);
  return { name: reply.data, response, sheet: await readSheet(response.rawPayload) };
}

async function fullList<T>(listPath: string, body: object, token = w.a.token): Promise<T[]> {
  const reply = await h.post<T[]>(listPath, { ...body, PageIndex: 1, PageSize: 200 }, token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
}

describe('exports hold exactly the list’s rows under the screen’s headers', () => {
  it('打卡数据: every punch of the period, newest first, with the punch table’s columns', async () => {
    const body = { time_range: 3, search_type: 'card_no', key: '' };
    const { sheet, response } = await exportAndOpen('/PatrolClockIn/ExportPatrolClockInList', body);
    expect(sheet.name).toBe('打卡数据');
    expect(sheet.rows[0]).toEqual([
      '日期',
      '星期',
      '时间',
      '标记',
      '巡检点',
      '卡号',
      '设备号',
      '账号',
      '姓名',
      '当前路线',
      '所属组织',
      '纬度',
      '经度',
      '距点（米）',
      '检查结果',
    ]);
    const list = await fullList<PunchRow>('/PatrolClockIn/GetPatrolClockInList', body);
    expect(list.length).toBe(14);
    expect(trimmed(sheet.rows.slice(1))).toEqual(sheetRows(list, PUNCH_COLUMNS));
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="export_2026-11-20.xlsx"; filename*=UTF-8''${encodeURIComponent('打卡数据_2026-11-20.xlsx')}`,
    );
  });

  it('设备统计 and 人员统计: named by the screen, or else by the search type', async () => {
    const byAccount = { time_range: 1, search_type: 'account', key: 'guard_li' };
    const people = await exportAndOpen('/PatrolLog/List_Export', byAccount);
    expect(people.response.headers['content-disposition']).toContain(encodeURIComponent('人员统计_'));
    const list = await fullList<PunchRow>('/PatrolLog/List', byAccount);
    expect(list.map((r) => r.true_name)).toEqual(['李娜', '李娜']);
    expect(trimmed(people.sheet.rows.slice(1))).toEqual(sheetRows(list, PUNCH_COLUMNS));

    const byDevice = { time_range: 2, search_type: 'device_no', key: 'DEV-A1', include_children: true };
    const devices = await exportAndOpen('/PatrolLog/List_Export', byDevice);
    expect(devices.response.headers['content-disposition']).toContain(encodeURIComponent('设备统计_'));
    expect(trimmed(devices.sheet.rows.slice(1))).toEqual(
      sheetRows(await fullList<PunchRow>('/PatrolLog/List', byDevice), PUNCH_COLUMNS),
    );
    const named = await exportAndOpen('/PatrolLog/List_Export', { ...byAccount, screen: 'device' });
    expect(named.sheet.name).toBe('设备统计');
  });

  it('巡检记录: the records table’s columns, explicit dates and filters included', async () => {
    const body = { time_limits: 1, start_time: '2026-10-01', end_time: '2026-11-20', device_name: '机' };
    const { sheet } = await exportAndOpen('/PatrolData/ExportRecords', body);
    expect(sheet.name).toBe('巡检记录');
    expect(sheet.rows[0]).toEqual(RECORD_COLUMNS.map((c) => c.title));
    const list = await fullList<PunchRow>('/PatrolData/Records', body);
    expect(list.length).toBe(16);
    expect(trimmed(sheet.rows.slice(1))).toEqual(sheetRows(list, RECORD_COLUMNS));
  });

  it('巡检点统计: date, card, name, count and organisation, the count as a number', async () => {
    const body = { time_limits: 3 };
    const { sheet } = await exportAndOpen('/PatrolData/ExportTotalByPatrolCard', body);
    expect(sheet.rows[0]).toEqual(['日期', '卡号', '巡检点名称', '巡检次数', '所属组织']);
    const list = await fullList<CardTotalRow>('/PatrolData/TotalByPatrolCard', body);
    expect(trimmed(sheet.rows.slice(1))).toEqual(sheetRows(list, CARD_TOTAL_COLUMNS));
    expect(sheet.rows[1]).toEqual(['2026-11-20', 'C-EAST', '东门', 2, '甲一部']);
  });

  it('answers an empty file name when nothing matches, and writes no file', async () => {
    const before = await h.ctx.db.select().from(exportFile);
    for (const [exportPath, body] of [
      ['/PatrolClockIn/ExportPatrolClockInList', { time_range: 3, search_type: 'card_no', key: '不存在的点' }],
      ['/PatrolLog/List_Export', { time_range: 4, search_type: 'device_no', key: 'DEV-B' }],
      ['/PatrolData/ExportRecords', { time_limits: 2, device_sn: 'DEV-B' }],
      ['/PatrolData/ExportTotalByPatrolCard', { start_time: '2026-01-01', end_time: '2026-01-31' }],
    ] as const) {
      expect(await h.post(exportPath, body, w.a.token), exportPath).toMatchObject({ code: 200, data: '' });
    }
    expect(await h.ctx.db.select().from(exportFile)).toHaveLength(before.length);
  });
});

describe('formula cells (QUALITY.md R6)', () => {
  it('come back as text with a leading quote, never as formulas', async () => {
    const body = { time_range: 1, search_type: 'card_no', key: 'F-' };
    const { sheet, response } = await exportAndOpen('/PatrolClockIn/ExportPatrolClockInList', body);
    const name = PUNCH_COLUMNS.findIndex((c) => c.key === 'patrol_name');
    expect(sheet.rows.slice(1).map((r) => r[name])).toEqual(["'@SUM(A1)", "'-1", "'+1", "'=1+1"]);
    const nameCells = sheet.cells.filter((c) => typeof c.value === 'string' && c.value.startsWith("'"));
    expect(nameCells).toHaveLength(4);
    for (const cell of nameCells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    // A second reader (SheetJS) sees text cells and no formula anywhere in the file.
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    const cells = Object.entries(book.Sheets[book.SheetNames[0]!]!).filter(([key]) => !key.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
    expect(cells.find(([, cell]) => (cell as XLSX.CellObject).v === "'=1+1")?.[1]).toMatchObject({ t: 's' });
  });

  it('are quoted in every text column, the location of 巡检记录 too', async () => {
    const { sheet } = await exportAndOpen('/PatrolData/ExportRecords', { time_limits: 1, patrol_card_no: 'F-' });
    const location = RECORD_COLUMNS.findIndex((c) => c.key === 'location');
    expect(sheet.rows.slice(1).map((r) => r[location])).toEqual(["'@SUM(A1)", "'-1", "'+1", "'=1+1"]);
  });
});

describe('formula cells in every export (QUALITY.md R6)', () => {
  const FORMULA_NAMES = ['=1+1', '+1', '-1', '@SUM(A1)'];
  it.each([
    ['打卡数据', '/PatrolClockIn/ExportPatrolClockInList', { time_range: 1, search_type: 'card_no', key: 'F-' }],
    ['人员统计', '/PatrolLog/List_Export', { time_range: 1, search_type: 'account', key: 'guard_zhang' }],
    ['巡检记录', '/PatrolData/ExportRecords', { time_limits: 1, patrol_card_no: 'F-' }],
    ['巡检点统计', '/PatrolData/ExportTotalByPatrolCard', { time_limits: 1 }],
  ])('%s: no cell is a formula, and every formula-looking text is quoted', async (_title, exportPath, body) => {
    const { sheet, response } = await exportAndOpen(exportPath, body);
    const texts = sheet.cells.map((cell) => cell.value).filter((value): value is string => typeof value === 'string');
    expect(texts.filter((text) => /^[=+\-@\t\r]/.test(text))).toEqual([]);
    // Not vacuous: the points named like formulas are in this export, quoted.
    for (const name of FORMULA_NAMES) expect(texts).toContain(`'${name}`);
    expect(sheet.cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula || cell.formula)).toEqual([]);
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    const cells = Object.entries(book.Sheets[book.SheetNames[0]!]!).filter(([key]) => !key.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
  });
});

describe('the download link', () => {
  it('is recorded with the account, organisation and title, valid one hour, then gone', async () => {
    const reply = await h.post<string>('/PatrolData/ExportRecords', { time_limits: 2 }, w.a.token);
    const [row] = await h.ctx.db.select().from(exportFile).where(eq(exportFile.file_name, reply.data));
    expect(row).toMatchObject({ hold_id: w.holds.a, title: '巡检记录', row_count: 3 });
    expect(row?.expires_at.getTime()).toBe(new Date(NOW).getTime() + HOUR);
    try {
      h.clock.set(new Date(new Date(NOW).getTime() + HOUR - 1000));
      expect((await download(reply.data)).statusCode).toBe(200);
      h.clock.set(new Date(new Date(NOW).getTime() + HOUR));
      const expired = await download(reply.data);
      expect(expired.statusCode).toBe(404);
      expect(expired.json()).toMatchObject({ code: 404, msg: '文件不存在或已过期，请重新导出', data: null });
      // An expired export is deleted when it is asked for.
      expect(existsSync(exported(reply.data))).toBe(false);
      expect(await h.ctx.db.select().from(exportFile).where(eq(exportFile.file_name, reply.data))).toEqual([]);
    } finally {
      h.clock.set(NOW);
    }
  });

  it('answers 404 to any name it did not give, path tricks included', async () => {
    const reply = await h.post<string>('/PatrolData/ExportRecords', { time_limits: 3 }, w.a.token);
    const good = reply.data;
    for (const name of [
      undefined,
      '',
      'report.xlsx',
      good.toUpperCase(),
      good.replace('.xlsx', ''),
      `${good}.part`,
      `../exports/${good}`,
      `..%2F${good}`,
      `/${good}`,
      `${path.join(dataDir, 'exports', good)}`,
      `${good}\u0000`,
      '../../../../etc/passwd',
      `${'0'.repeat(32)}.xlsx`,
    ]) {
      const response = await download(name);
      expect(response.statusCode, String(name)).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
    expect((await download(good)).statusCode).toBe(200);
  });
});

describe('the operation log', () => {
  it('names what was exported, how many rows and by whom (type 7 导出)', async () => {
    await h.post(
      '/PatrolClockIn/ExportPatrolClockInList',
      { time_range: 3, search_type: 'account', key: '张伟' },
      w.a.token,
    );
    const logs = await h.post<SysLogRow[]>(
      '/SysLog/GetSysLogsList',
      { logType: [], key: '导出打卡数据', PageIndex: 1, PageSize: 50 },
      w.a.token,
    );
    expect(logs.data[0]).toMatchObject({
      log_type: 7,
      log_type_text: '导出',
      user_name: 'a_admin',
      hold_name: '甲企业',
      log_content: '导出打卡数据 10 条（甲企业及下级，2026-11-01 至 2026-11-30，账号/姓名：张伟）',
    });
  });
});

describe('the export service', () => {
  async function scopeOfA(): Promise<Scope> {
    return new Scope(h.ctx.db, (await resolveCaller(h.ctx, w.a.token))!, '127.0.0.1');
  }

  it('refuses more rows than the cap with the spec’s message', async () => {
    const scope = await scopeOfA();
    const input = punchExportInput.parse({ time_range: 3 });
    const refused = exportPunches(h.ctx, scope, input, 'clockIn', { maxRows: 13, batchSize: 4 });
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toMatchObject({ code: 400, message: '导出数据超过100万行，请缩小查询范围' });
    // Exactly at the cap is allowed.
    const name = await exportPunches(h.ctx, scope, input, 'clockIn', { maxRows: 14, batchSize: 4 });
    expect(name).toMatch(/^[0-9a-f]{32}\.xlsx$/);
  });

  it('walks the rows a batch at a time without losing or repeating one, ties included', async () => {
    const scope = await scopeOfA();
    const body = { time_limits: 3 };
    const name = await exportRecords(h.ctx, scope, recordExportInput.parse(body), {
      maxRows: 1_000_000,
      batchSize: 1,
    });
    const sheet = await readSheet((await download(name)).rawPayload);
    expect(trimmed(sheet.rows.slice(1))).toEqual(
      sheetRows(await fullList<PunchRow>('/PatrolData/Records', body), RECORD_COLUMNS),
    );
    const totals = await exportCardTotals(h.ctx, scope, recordExportInput.parse({ start_time: '2026-10-01' }));
    const totalSheet = await readSheet((await download(totals)).rawPayload);
    const list = await h.post<CardTotalRow[]>('/PatrolData/TotalByPatrolCard', { start_time: '2026-10-01' }, w.a.token);
    expect(trimmed(totalSheet.rows.slice(1))).toEqual(sheetRows(list.data, CARD_TOTAL_COLUMNS));
    expect(list.data.length).toBe(14);
  });
});
