import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { login, menuEntry, rowWith, tab, treeNode, useDemoClock } from './support.js';

// 班次管理 and 排班表 on the demo tenant (SHIFTS.md): 华安物业's 白班 and 夜班, 滨江花园保安部's month of rota with
// its attendance — yesterday's 白班 late, the day before's 夜班 absent (the demo server's clock: 2026-03-18 20:00).
test.use({ baseURL: process.env.E2E_DEMO_URL });
test.beforeEach(({ page }) => useDemoClock(page));

test('make a shift, fill the roster with it, and see who came, who was late and who never came', async ({ page }) => {
  await login(page);
  await menuEntry(page, '班次管理').click();
  await expect(tab(page, '班次管理')).toBeVisible();
  const shifts = page.getByRole('table', { name: '班次列表' });
  await expect(shifts.getByText('白班', { exact: true })).toBeVisible();
  await expect(rowWith(page, '夜班')).toContainText('20:00-08:00（次日）');

  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增班次' });
  await dialog.getByLabel('班次名称').fill('中班');
  await dialog.getByLabel('开始时间').fill('12:00');
  await dialog.getByLabel('结束时间').fill('20:00');
  await dialog
    .getByRole('button', { name: '确 定' })
    .or(dialog.getByRole('button', { name: '确定' }))
    .click();
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, '中班')).toContainText('12:00-20:00');

  await menuEntry(page, '排班表').click();
  await expect(tab(page, '排班表')).toBeVisible();
  const grid = page.getByRole('table', { name: '排班表' });
  // The department's own accounts (its admin first), not the whole tree's.
  await expect(async () => {
    await treeNode(page, '滨江花园保安部').click();
    await expect(grid.locator('tbody tr').nth(1)).toContainText('刘海涛', { timeout: 1_000 });
  }).toPass();
  const zhang = grid.getByRole('row').filter({ hasText: '张伟' });
  await expect(zhang).toBeVisible();
  // The month gone by: each cell of a shift that happened says how it went.
  await expect(grid.getByRole('button', { name: /^2026-03-17 白班.*迟到$/ })).toHaveCount(1);
  await expect(grid.getByRole('button', { name: /^2026-03-16 夜班.*缺勤$/ })).toHaveCount(1);
  await expect(grid.getByRole('button', { name: /正常$/ }).first()).toBeVisible();
  await grid
    .getByRole('button', { name: /^2026-03-19 / })
    .first()
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('roster-attendance.png') });

  // 中班 for 张伟 on the 25th by a click, then the 26th and 27th gathered with Ctrl and filled at once.
  await page.getByRole('combobox', { name: '排班班次' }).click();
  await page.getByTitle('中班 12:00-20:00').click();
  await zhang.getByRole('button', { name: /^2026-03-25 / }).click();
  await expect(zhang.getByRole('button', { name: /^2026-03-25 中班/ })).toBeVisible();
  await zhang.getByRole('button', { name: /^2026-03-26 / }).click({ modifiers: ['Control'] });
  await zhang.getByRole('button', { name: /^2026-03-27 / }).click({ modifiers: ['Control'] });
  await page.getByRole('button', { name: /填充所选（2）/ }).click();
  await expect(zhang.getByRole('button', { name: /^2026-03-26 中班/ })).toBeVisible();
  await expect(zhang.getByRole('button', { name: /^2026-03-27 中班/ })).toBeVisible();

  // A press dragged from one cell to another selects their rectangle: two accounts × the 28th to the 30th.
  const [first, second] = [grid.locator('tbody tr').nth(2), grid.locator('tbody tr').nth(3)];
  const corner = (row: typeof first, day: string) => row.getByRole('button', { name: new RegExp(`^${day} `) });
  await corner(second, '2026-03-30').scrollIntoViewIfNeeded();
  await corner(first, '2026-03-28').hover();
  await page.mouse.down();
  await corner(first, '2026-03-29').hover();
  await corner(second, '2026-03-30').hover();
  await page.mouse.up();
  await expect(grid.getByRole('button', { pressed: true })).toHaveCount(6);
  await page.getByRole('button', { name: /填充所选（6）/ }).click();
  for (const row of [first, second]) {
    for (const day of ['2026-03-28', '2026-03-29', '2026-03-30']) {
      await expect(row.getByRole('button', { name: new RegExp(`^${day} 中班`) })).toBeVisible();
    }
  }
  await expect(grid.getByRole('button', { pressed: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('roster-filled.png') });
});

test('copy last week onto this one, and import a month from a spreadsheet with its refused rows', async ({ page }) => {
  await login(page);
  await menuEntry(page, '排班表').click();
  const grid = page.getByRole('table', { name: '排班表' });
  await expect(async () => {
    await treeNode(page, '科技园保安部').click();
    await expect(grid.locator('tbody tr').nth(1)).toContainText('赵敏', { timeout: 1_000 });
  }).toPass();
  const sun = grid.getByRole('row').filter({ hasText: '孙磊' });
  await expect(sun.getByRole('button', { name: /^2026-03-16 休/ })).toBeVisible();

  // Last week (9th–15th) gets a 白班 on Monday, then 复制上周 carries it to this Monday, the 16th.
  await page.getByRole('combobox', { name: '排班班次' }).click();
  await page.getByTitle('白班 08:00-20:00').click();
  await sun.getByRole('button', { name: /^2026-03-09 / }).click();
  await expect(sun.getByRole('button', { name: /^2026-03-09 白班/ })).toBeVisible();
  await page.getByRole('button', { name: '复制上周' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /复\s*制/ })
    .click();
  await expect(sun.getByRole('button', { name: /^2026-03-16 白班/ })).toBeVisible();

  // 导入: 周洋 on 夜班 for the last days of the month; an unknown account and an unknown shift are refused by row.
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('排班导入');
  sheet.addRow(['账号', '姓名', '日期', '班次']);
  for (const day of ['2026-03-28', '2026-03-29', '2026-03-30']) sheet.addRow(['zhouyang', '周洋', day, '夜班']);
  sheet.addRow(['nobody', '无名', '2026-03-30', '白班']);
  sheet.addRow(['zhouyang', '周洋', '2026-03-31', '午班']);
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入排班' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'roster.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  const refused = dialog.getByRole('table', { name: '导入失败的行' });
  await expect(refused).toContainText('账号不存在或不在本组织内：nobody');
  await expect(refused).toContainText('班次不存在：午班');
  await page.screenshot({ path: test.info().outputPath('roster-import.png') });
  await dialog.getByRole('button', { name: 'Close' }).or(dialog.getByLabel('Close')).first().click();
  const zhou = grid.getByRole('row').filter({ hasText: '周洋' });
  await expect(zhou.getByRole('button', { name: /^2026-03-30 夜班/ })).toBeVisible();
});
