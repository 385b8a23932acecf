import ExcelJS from 'exceljs';
import { expect, test, type Page, type Response } from '@playwright/test';
import { login, menuEntry, useDemoClock } from './support.js';

// 漏检报表 on the demo tenant: 60 days of rounds with every result (ACCOUNTABILITY.md, Reports).
test.use({ baseURL: process.env.E2E_DEMO_URL });
// The console's 本月, 上周 … are the demo server's (its clock stands at 2026-03-18 20:00).
test.beforeEach(({ page }) => useDemoClock(page));

interface ReportRow {
  group_key: number | string;
  group_name: string;
  rounds_expected: number;
  rounds_done: number;
  points_expected: number;
  on_time: number;
  early: number;
  late: number;
  missed: number;
  rate: number | null;
}

interface Page1 {
  code: number;
  data: ReportRow[];
  total: number;
}

const HEADERS = ['应巡轮次', '完成轮次', '应巡点数', '正常', '早到', '迟到', '漏检', '完成率'];

/** What the screen shows of a row, cell by cell (a rate to one decimal with %, "—" when nothing was expected). */
const cellsOf = (row: ReportRow) => [
  row.group_name,
  ...[row.rounds_expected, row.rounds_done, row.points_expected, row.on_time, row.early, row.late, row.missed].map(
    String,
  ),
  row.rate === null ? '—' : `${row.rate.toFixed(1)}%`,
];

const isReport = (response: Response) =>
  response.url().includes('/proxyserver/api/Report/Missed') && response.request().method() === 'POST';

/** Does `act` and reads the report page it asks for. */
async function reportAfter(page: Page, act: () => Promise<unknown>): Promise<Page1> {
  const [response] = await Promise.all([page.waitForResponse(isReport), act()]);
  return (await response.json()) as Page1;
}

async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: '漏检报表' });
  const rows = table.locator('tbody tr.ant-table-row');
  const count = await rows.count();
  const all: string[][] = [];
  for (let i = 0; i < count; i += 1) {
    all.push((await rows.nth(i).locator('td').allInnerTexts()).map((text) => text.trim()));
  }
  return all;
}

test.describe('漏检报表 on the demo data', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('groups four ways, each row as the server counted it', async ({ page }) => {
    const first = await reportAfter(page, () => menuEntry(page, '漏检报表').click());
    expect(first.code).toBe(200);
    expect(first.total).toBeGreaterThan(0);
    // The demo shows every result somewhere: 早到, 迟到 and 漏检 all happen.
    const sums = first.data.reduce(
      (acc, row) => ({ early: acc.early + row.early, late: acc.late + row.late, missed: acc.missed + row.missed }),
      { early: 0, late: 0, missed: 0 },
    );
    expect(sums.early).toBeGreaterThan(0);
    expect(sums.missed).toBeGreaterThan(0);

    const grouping = page.getByRole('radiogroup', { name: '分组' });
    for (const [label, header] of [
      ['巡检人', '巡检人'],
      ['组织', '组织'],
      ['日期', '日期'],
      ['路线', '路线'],
    ] as const) {
      const reply = await reportAfter(page, () => grouping.getByText(label, { exact: true }).click());
      expect(reply.code).toBe(200);
      const table = page.getByRole('table', { name: '漏检报表' });
      await expect(table.getByRole('columnheader').first()).toHaveText(header);
      for (const title of HEADERS) await expect(table.getByRole('columnheader', { name: title })).toBeVisible();
      await expect.poll(() => tableRows(page)).toEqual(reply.data.map(cellsOf));
    }
  });

  test('a row opens its rounds, a round its missed points and each point’s result', async ({ page }) => {
    const reply = await reportAfter(page, () => menuEntry(page, '漏检报表').click());
    const worst = reply.data[0]!;
    expect(worst.missed).toBeGreaterThan(0);
    await page.getByRole('button', { name: worst.group_name, exact: true }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('table', { name: '巡检轮次' })).toBeVisible();

    const onlyMissed = page.waitForResponse((r) => r.url().includes('/Report/MissedRounds'));
    await drawer.getByRole('switch').click();
    const rounds = (await (await onlyMissed).json()) as { data: { missed: { patrol_name: string }[] }[] };
    expect(rounds.data.length).toBeGreaterThan(0);
    const missedName = rounds.data[0]!.missed[0]!.patrol_name;
    await drawer
      .getByRole('button', { name: /展开行|Expand row/ })
      .first()
      .click();
    await expect(drawer.getByLabel('漏检点').first()).toContainText(missedName);

    await drawer.getByRole('button', { name: '各点结果' }).first().click();
    const points = page.getByRole('dialog', { name: '本轮各点结果' });
    await expect(points).toBeVisible();
    await expect(points.getByText('漏检', { exact: true }).first()).toBeVisible();
  });

  test('exports the same rows and columns as the screen, and prints them on A4 landscape', async ({ page }) => {
    const reply = await reportAfter(page, () => menuEntry(page, '漏检报表').click());

    const downloaded = page.waitForEvent('download');
    const [exported] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/Report/ExportMissed')),
      page.getByRole('search').getByRole('button', { name: '导出' }).click(),
    ]);
    const fileName = ((await exported.json()) as { data: { fileName: string } }).data.fileName;
    expect(fileName).toMatch(/^[0-9a-f]{32}\.xlsx$/);
    const download = await downloaded;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(['路线', ...HEADERS]);
    const rows: string[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
    });
    expect(rows).toHaveLength(reply.total);
    expect(rows[0]![0]).toBe(reply.data[0]!.group_name);
    expect(Number(rows[0]![7])).toBe(reply.data[0]!.missed);

    const [print] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('search').getByRole('button', { name: '打印' }).click(),
    ]);
    await print.emulateMedia({ media: 'print' });
    const table = print.getByRole('table', { name: '漏检报表' });
    await expect(table.locator('tbody tr')).toHaveCount(reply.total);
    await expect(print.getByText(/打印时间/)).toBeVisible();
    await expect(print.getByText(/运营商/).first()).toBeVisible();
    await print.screenshot({ path: test.info().outputPath('missed-report-print.png'), fullPage: true });
  });
});
