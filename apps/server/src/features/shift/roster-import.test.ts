import ExcelJS from 'exceljs';
import type { RosterImported, RosterMonth } from '@guard-tour/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { tempDataDir, uploadOne } from '../../test/uploads.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/**
 * 排班导入 (SHIFTS.md): the template downloaded, filled as a supervisor would in a spreadsheet, uploaded and imported;
 * good rows saved, each bad one reported with its row number and reason, and a file of another account refused.
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
const users: Record<string, number> = {};
let dayShift: number;

beforeAll(async () => {
  w = await buildWorld(h);
  for (const [name, trueName, holdId] of [
    ['wu', '吴一', w.a.holdId],
    ['zheng', '郑二', w.a1.holdId],
  ] as const) {
    const saved = await h.post<{ user_id: number }>(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: holdId, user_name: name, user_password: PASSWORD, true_name: trueName },
      w.a.token,
    );
    users[name] = saved.data.user_id;
  }
  dayShift = (
    await h.post<{ shift_id: number }>(
      '/Shift/Save',
      { shift_id: 0, hold_id: w.a.holdId, shift_name: '早班', start_time: '08:00', end_time: '16:00' },
      w.a.token,
    )
  ).data.shift_id;
});

async function template(): Promise<ExcelJS.Workbook> {
  const response = await h.app.inject({
    method: 'GET',
    url: `/proxyserver/api/Roster/Template?hold_id=${w.a.holdId}`,
    headers: { authorization: `Bearer ${w.a.token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return book;
}

describe('排班导入', () => {
  it('downloads a template with the columns 账号, 姓名, 日期, 班次', async () => {
    const sheet = (await template()).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['账号', '姓名', '日期', '班次']);
  });

  it('imports the good rows of a filled template and reports each bad row', async () => {
    const book = await template();
    const sheet = book.worksheets[0]!;
    // The template's two example rows (the caller's own account: a shift, then 休) stay and are imported too.
    sheet.addRow(['wu', '吴一', '2026-12-01', '早班']); // row 4
    sheet.addRow(['zheng', '郑二', '2026-12-01', '早班']); // row 5
    sheet.addRow(['nobody', '无名', '2026-12-01', '早班']); // row 6: unknown account
    sheet.addRow(['wu', '吴一', '2026-12-02', '夜班']); // row 7: unknown shift
    sheet.addRow(['wu', '吴一', '2026-02-30', '早班']); // row 8: no such day
    sheet.addRow(['zheng', '郑二', '2026-12-02', '休']); // row 9: a day off
    sheet.addRow(['b_admin', '', '2026-12-01', '早班']); // row 10: another enterprise's account
    const file = await uploadOne(h, w.a.token, 'roster.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const imported = await h.post<RosterImported>('/Roster/Import', { hold_id: w.a.holdId, FilePath: file }, w.a.token);
    expect(imported).toMatchObject({
      code: 200,
      data: {
        saved: 5,
        failList: [
          { row: 6, reason: '账号不存在或不在本组织内：nobody' },
          { row: 7, reason: '班次不存在：夜班' },
          { row: 8, reason: '日期不正确：2026-02-30' },
          { row: 10, reason: '账号不存在或不在本组织内：b_admin' },
        ],
      },
    });
    const month = await h.post<RosterMonth>('/Roster/Month', { hold_id: w.a.holdId, month: '2026-12' }, w.a.token);
    const shiftOf = (user: string) => month.data.rows.find((r) => r.user_id === users[user])!.cells[0]!.shift_id;
    expect([shiftOf('wu'), shiftOf('zheng')]).toEqual([dayShift, dayShift]);
  });

  it('refuses another account’s uploaded file', async () => {
    const book = await template();
    const file = await uploadOne(h, w.a.token, 'mine.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const other = await h.post('/Roster/Import', { hold_id: w.a1.holdId, FilePath: file }, w.a1.token);
    expect(other.code).toBe(404);
  });
});
