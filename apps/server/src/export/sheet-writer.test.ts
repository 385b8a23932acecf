import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { SheetColumn } from '@guard-tour/contract';
import { cellsOf, writeSheet, writeWorkbook } from './sheet-writer.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sheet-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Row {
  id: number;
  text: string;
}

async function written(title: string, rows: Row[], maxRows = 100) {
  const file = path.join(dir, `${rows.length}-${maxRows}.xlsx`);
  const columns = [
    { key: 'id', title: '编号' },
    { key: 'text', title: '内容' },
  ] as const;
  const count = await writeSheet<Row>(
    file,
    title,
    {
      columns,
      widths: { text: 40 },
      async *batches(size) {
        for (let i = 0; i < rows.length; i += size) yield cellsOf(columns, rows.slice(i, i + size));
      },
    },
    { maxRows, batchSize: 2 },
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return { count, sheet, values };
}

/** Writes `batches` of `rows` to a new file named `name`, one sheet `title`; answers the file's path. */
async function writeBatches<T>(
  name: string,
  title: string,
  columns: readonly SheetColumn<T>[],
  batches: readonly T[][],
): Promise<string> {
  const file = path.join(dir, name);
  await writeSheet<T>(
    file,
    title,
    {
      columns,
      async *batches() {
        for (const rows of batches) yield cellsOf(columns, rows);
      },
    },
    { maxRows: 100, batchSize: 100 },
  );
  return file;
}

describe('the .xlsx sheet writer', () => {
  it('writes the header, numbers as numbers and text as text, escaped, formulas never run', async () => {
    const { count, sheet, values } = await written('巡检记录', [
      { id: 1, text: 'a<b & "c" > d' },
      { id: 2, text: '=1+1' },
      { id: 3, text: 'bell\u0007 and tab-free' },
      { id: 4, text: '  spaces kept  ' },
      { id: 5, text: '' },
    ]);
    expect(count).toBe(5);
    expect(sheet.name).toBe('巡检记录');
    expect(values).toEqual([
      ['编号', '内容'],
      [1, 'a<b & "c" > d'],
      [2, "'=1+1"],
      [3, 'bell and tab-free'],
      [4, '  spaces kept  '],
      [5],
    ]);
    expect(sheet.getColumn(2).width).toBe(40);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps every formula start and edge space, whichever character it is', async () => {
    const formulas = ['@SUM(A1)', '-5', '+1', '\tx'];
    const kept = ['end ', '\u3000全角空格', '名字\u00a0', '2026-11-25', 'BD00000009', '巡检员'];
    const { values } = await written(
      '边界',
      [...formulas, ...kept].map((text, i) => ({ id: i, text })),
    );
    expect(values.slice(1).map((row) => row[1])).toEqual([...formulas.map((text) => `'${text}`), ...kept]);
  });

  it('writes every row across many parts, a long cell whole', async () => {
    const long = '巡'.repeat(30_000);
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      id: i + 1,
      text: i === 1_500 ? long : `第${i + 1}行，巡检点${i}。`.repeat(8),
    }));
    const { count, values } = await written('多段', rows, 5_000);
    expect(count).toBe(3_000);
    expect(values.slice(1)).toEqual(rows.map((row) => [row.id, row.text]));
  });

  it('stops at the row cap, and names the sheet within the rules of a sheet name', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, text: `第${i + 1}行` }));
    const { count, sheet, values } = await written(
      'a/b:c*d?e[f]g\\h 这是一个非常非常长的工作表名称超过三十一个字符',
      rows,
      5,
    );
    expect(count).toBe(5);
    expect(values).toHaveLength(6);
    expect(sheet.name).toHaveLength(31);
    expect(sheet.name).not.toMatch(/[[\]:*?/\\]/);
  });

  it('puts each cell in its column when cells before it were empty (only those name their place)', async () => {
    type Wide = { a: unknown; b: unknown; c: unknown; d: unknown };
    const columns = (['a', 'b', 'c', 'd'] as const).map((key) => ({ key, title: key.toUpperCase() }));
    const rows: Wide[] = [
      { a: 1, b: '', c: '丙', d: null },
      { a: '', b: '乙', c: '', d: 4 },
      { a: '', b: '', c: '', d: '丁' },
      { a: '甲', b: 2, c: '=3', d: '  空格  ' },
    ];
    const file = await writeBatches('gaps.xlsx', '空格', columns, [rows]);
    const expected = [{ A: 1, C: '丙' }, { B: '乙', D: 4 }, { D: '丁' }, { A: '甲', B: 2, C: "'=3", D: '  空格  ' }];

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const byExcelJs = [2, 3, 4, 5].map((n) => {
      const cells: Record<string, unknown> = {};
      book.worksheets[0]!.getRow(n).eachCell((cell) => (cells[cell.address.replace(/\d+$/, '')] = cell.value));
      return cells;
    });
    expect(byExcelJs).toEqual(expected);

    const sheet = XLSX.read(readFileSync(file), { type: 'buffer' }).Sheets['空格']!;
    const bySheetJs = [2, 3, 4, 5].map((n) =>
      Object.fromEntries(
        ['A', 'B', 'C', 'D'].flatMap((column) => {
          const cell = sheet[`${column}${n}`] as XLSX.CellObject | undefined;
          return cell ? [[column, cell.v]] : [];
        }),
      ),
    );
    expect(bySheetJs).toEqual(expected);
  });

  it('escapes a cell anywhere in a batch, and a column’s text for an empty field', async () => {
    type Pair = { name: string; note: string };
    const columns = [
      { key: 'name', title: '名称' },
      { key: 'note', title: '备注', blank: '<无> & "空"' },
    ] as const;
    // A cell to escape among plain ones; a column's text for an empty field, which is in no row's own text.
    const rows: Pair[] = Array.from({ length: 40 }, (_, i) => ({ name: `巡检点${i}`, note: i === 23 ? 'a<b' : '' }));
    const file = await writeBatches('escapes.xlsx', '转义', columns, [rows, [{ name: '末行', note: '' }]]);
    const sheet = XLSX.read(readFileSync(file), { type: 'buffer' }).Sheets['转义']!;
    const notes = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 }).map((row) => row[1]);
    expect(notes.slice(1)).toEqual([...rows.map((row) => row.note || '<无> & "空"'), '<无> & "空"']);
  });

  it('writes each sheet of a workbook to its cap, the rows past one sheet’s cap never reaching the next', async () => {
    const columns = [{ key: 'id', title: '编号' }] as const;
    const sheetOf = (title: string, count: number) => ({
      title,
      source: {
        columns,
        async *batches(size: number) {
          for (let i = 0; i < count; i += size) {
            yield Array.from({ length: Math.min(size, count - i) }, (_, j) => [i + j + 1]);
          }
        },
      },
    });
    const file = path.join(dir, 'book.xlsx');
    const counts = await writeWorkbook(file, [sheetOf('甲', 50), sheetOf('乙', 3)], { maxRows: 7, batchSize: 2 });
    expect(counts).toEqual([7, 3]);
    const book = XLSX.read(readFileSync(file), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['甲', '乙']);
    expect(XLSX.utils.sheet_to_json(book.Sheets['乙']!, { header: 1 })).toEqual([['编号'], [1], [2], [3]]);
  });

  it('writes the next workbook whole on the thread kept from one whose last sheet stopped at its cap', async () => {
    const columns = [{ key: 'id', title: '编号' }] as const;
    const numbered = (count: number) => ({
      columns,
      async *batches(size: number) {
        for (let i = 0; i < count; i += size) {
          yield Array.from({ length: Math.min(size, count - i) }, (_, j) => [i + j + 1]);
        }
      },
    });
    // The first sheet's end reaches the thread after its file is written: the next job must pass over it.
    expect(await writeSheet(path.join(dir, 'capped.xlsx'), '甲', numbered(50), { maxRows: 7, batchSize: 2 })).toBe(7);
    const next = path.join(dir, 'next.xlsx');
    expect(await writeSheet(next, '乙', numbered(5), { maxRows: 100, batchSize: 2 })).toBe(5);
    const book = XLSX.read(readFileSync(next), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets['乙']!, { header: 1 })).toEqual([['编号'], [1], [2], [3], [4], [5]]);
  });

  it('fails, without waiting for ever, when the walk fails or the file cannot be written', async () => {
    const columns = [{ key: 'id', title: '编号' }] as const;
    const failing = {
      columns,
      async *batches() {
        yield [[1]];
        throw new Error('数据库连接中断');
      },
    };
    await expect(writeSheet(path.join(dir, 'walk.xlsx'), '表', failing, { maxRows: 10, batchSize: 1 })).rejects.toThrow(
      '数据库连接中断',
    );
    const rows = {
      columns,
      async *batches() {
        yield [[1]];
      },
    };
    await expect(
      writeSheet(path.join(dir, 'no-such-folder', 'x.xlsx'), '表', rows, { maxRows: 10, batchSize: 1 }),
    ).rejects.toThrow(/ENOENT/);
  });
});
