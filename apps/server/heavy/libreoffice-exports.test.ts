import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUNCH_COLUMNS, RECORD_COLUMNS, type PunchRow, type SheetColumn } from '@guard-tour/contract';
import { cellsOf, writeSheet } from '../src/export/sheet-writer.js';
import { useHarness } from '../src/test/harness.js';
import { buildPunchWorld, type PunchWorld } from '../src/test/record-punches.js';
import { tempDataDir } from '../src/test/uploads.js';

/**
 * Issue 19: the exports' own sheet writer replaced exceljs's, so its files must still open in a spreadsheet
 * application, not only in the libraries the API suite reads them with. LibreOffice Calc (Debian's
 * libreoffice-calc-nogui, installed by `npm run test:heavy`) opens each file and saves it as CSV; the CSV must hold
 * exactly the list's rows, formula-looking text kept as text.
 */
const work = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-calc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Opens `xlsx` in LibreOffice Calc and answers its one sheet as rows of text, read from the CSV it saves. */
function openInCalc(xlsx: Buffer | string): string[][] {
  const file = path.join(work, `sheet-${Date.now()}.xlsx`);
  if (typeof xlsx === 'string') writeFileSync(file, readFileSync(xlsx));
  else writeFileSync(file, xlsx);
  const result = spawnSync(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(work, 'profile')}`,
      '--headless',
      '--norestore',
      // CSV filter: comma, double quote, UTF-8 (76), from line 1; cells as shown.
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1',
      '--outdir',
      work,
      file,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return parseCsv(readFileSync(file.replace(/\.xlsx$/, '.csv'), 'utf8'));
}

/** RFC 4180 CSV: fields in double quotes may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) field += c;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** What Calc shows for a list's row: each column's text, formula-looking text with the export's leading quote. */
function shownRows<T>(rows: readonly T[], columns: readonly SheetColumn<T>[]): string[][] {
  const shown = (v: unknown) => {
    const text = v === null || v === undefined ? '' : String(v);
    return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  };
  // An empty field shows its column's text for one (无定位), else nothing.
  const cell = (v: unknown, blank = '') => (v === null || v === undefined || v === '' ? blank : shown(v));
  return rows.map((row) => columns.map((c) => cell(row[c.key], c.blank)));
}

describe('exports open in LibreOffice Calc', () => {
  const dataDir = tempDataDir();
  const h = useHarness({ dataDir });
  let w: PunchWorld;
  beforeAll(async () => {
    w = await buildPunchWorld(h);
  });

  async function exportOf(exportPath: string, listPath: string, body: object) {
    const reply = await h.post<string>(exportPath, body, w.a.token);
    expect(reply.code, reply.msg).toBe(200);
    const response = await h.app.inject({
      method: 'GET',
      url: '/proxyserver/api/file/download_excelfile',
      query: { fileName: reply.data },
    });
    expect(response.statusCode).toBe(200);
    const list = await h.post<PunchRow[]>(listPath, { ...body, PageIndex: 1, PageSize: 200 }, w.a.token);
    expect(list.code, list.msg).toBe(200);
    return { sheet: openInCalc(response.rawPayload), list: list.data };
  }

  it('巡检记录: every record under the screen’s headers, point names like =1+1 shown as text', async () => {
    const body = { time_limits: 1, start_time: '2026-10-01', end_time: '2026-11-20' };
    const { sheet, list } = await exportOf('/PatrolData/ExportRecords', '/PatrolData/Records', body);
    expect(list.length).toBeGreaterThan(10);
    expect(sheet[0]).toEqual(RECORD_COLUMNS.map((c) => c.title));
    expect(sheet.slice(1)).toEqual(shownRows(list, RECORD_COLUMNS));
    expect(sheet.flat()).toContain("'=1+1");
  });

  it('打卡数据: every punch of the period', async () => {
    const body = { time_range: 3, search_type: 'card_no', key: '' };
    const { sheet, list } = await exportOf(
      '/PatrolClockIn/ExportPatrolClockInList',
      '/PatrolClockIn/GetPatrolClockInList',
      body,
    );
    expect(list.length).toBeGreaterThan(10);
    expect(sheet[0]).toEqual(PUNCH_COLUMNS.map((c) => c.title));
    expect(sheet.slice(1)).toEqual(shownRows(list, PUNCH_COLUMNS));
  });
});

describe('the sheet writer’s files open in LibreOffice Calc', () => {
  it('keeps 100,000 rows with empty cells between others, edge spaces, long and escaped text', async () => {
    type Row = { a: string; b: string; c: string | null; d: string; e: string };
    const columns = (['a', 'b', 'c', 'd', 'e'] as const).map((key) => ({ key, title: `列${key}` }));
    const special = [
      'a<b & "c" > d',
      '  两端空格  ',
      '=SUM(A1:A2)',
      '@x',
      '-5',
      '+86 138',
      '逗号,与"引号"',
      '\u3000全角',
    ];
    const rowAt = (i: number): Row => ({
      a: `第${i}行`,
      b: i % 3 === 0 ? '' : `乙${i}`,
      c: i === 50_001 ? '巡'.repeat(30_000) : i % 5 === 0 ? null : special[i % special.length]!,
      d: '',
      e: `BD${String(i).padStart(8, '0')}`,
    });
    const total = 100_000;
    const file = path.join(work, 'writer.xlsx');
    const written = await writeSheet<Row>(
      file,
      '巡检记录',
      {
        columns,
        async *batches(size) {
          for (let i = 0; i < total; i += size) {
            yield cellsOf(
              columns,
              Array.from({ length: Math.min(size, total - i) }, (_, j) => rowAt(i + j)),
            );
          }
        },
      },
      { maxRows: total, batchSize: 2_000 },
    );
    expect(written).toBe(total);
    const sheet = openInCalc(file);
    expect(sheet).toHaveLength(total + 1);
    expect(sheet[0]).toEqual(columns.map((c) => c.title));
    const expected = shownRows(
      Array.from({ length: total }, (_, i) => rowAt(i)),
      columns,
    );
    const wrong = sheet.slice(1).findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(expected[i]));
    expect(wrong, `row ${wrong + 1}: ${JSON.stringify(sheet[wrong + 1])}`).toBe(-1);
  });
});
