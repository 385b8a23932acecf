import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { apiToken, demoNow, login, useDemoClock } from './support.js';

// The demo tenant: 60 days of punches up to the present (DOMAIN.md, Demo data), on the demo clock (2026-03-18).
test.use({ baseURL: process.env.E2E_DEMO_URL });
test.beforeEach(({ page }) => useDemoClock(page));

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
}

type Row = Record<string, string | number>;

interface TreeNode {
  id: number;
  label: string;
  children: TreeNode[];
}

const namesOf = (nodes: TreeNode[]): string[] => nodes.flatMap((node) => [node.label, ...namesOf(node.children)]);

/** The period the screens are paged over: the demo clock's 本月 (the 18th) is long enough. */
const PERIOD = '本月';

/** The spreadsheet headers of each export (API.md, Files: the screen's Chinese column headers). */
const PUNCH_SHEET = [
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
];
const RECORD_SHEET = [
  '巡检时间',
  '星期',
  '标记',
  '巡检点名称',
  '卡号',
  '位置',
  '设备名称',
  'IMEI/SN',
  '账号',
  '巡检人',
  '当前路线',
  '所属组织',
  '纬度',
  '经度',
  '距点（米）',
  '上传时间',
  '检查结果',
];
const CARD_TOTAL_SHEET = ['日期', '卡号', '巡检点名称', '巡检次数', '所属组织'];

const PUNCH_COLUMNS = [
  '星期',
  '日期时间',
  '标记',
  '巡检点',
  '卡号',
  '设备号',
  '账号',
  '姓名',
  '当前路线',
  '所属组织',
  '位置',
  '事件',
  '检查结果',
];

interface Screen {
  path: string;
  table: string;
  list: string;
  export: string;
  columns: string[];
  sheet: string[];
  /** How the period is picked: tags (打卡数据, 设备统计, 人员统计) or the range radio (巡检记录, 巡检点统计). */
  period: 'tags' | 'radio';
  /** The row field the filter narrows by, and the column of the table and of the sheet that shows it. */
  field: string;
  column: string;
  sheetColumn: string;
  /** Types the keyword and searches. */
  narrow: (page: Page, keyword: string) => Promise<void>;
}

/** A call the screen makes, as answered: wait for it while the action runs. */
async function answerOf<T>(page: Page, path: string, action: () => Promise<unknown>, pageIndex?: number) {
  const answered = page.waitForResponse(
    (response: Response) =>
      response.url().includes(`/proxyserver/api${path}`) &&
      (pageIndex === undefined ||
        (response.request().postDataJSON() as { PageIndex?: number }).PageIndex === pageIndex),
  );
  await action();
  const envelope = (await (await answered).json()) as Envelope<T>;
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope;
}

function dataRows(page: Page, screen: Screen): Locator {
  return page.getByRole('table', { name: screen.table }).locator('tbody').getByRole('row');
}

/** A value as a cell shows it: an empty one as '—' (a punch without an account has no 账号). */
const asShown = (value: unknown): string => String(value ?? '').trim() || '—';

/** The cells of a column in the table, by its header. */
async function columnTexts(page: Page, screen: Screen, column: string): Promise<string[]> {
  const index = screen.columns.indexOf(column);
  return dataRows(page, screen).evaluateAll(
    (rows, at) => rows.map((row) => (row as HTMLTableRowElement).cells[at]?.textContent?.trim() ?? ''),
    index,
  );
}

async function keywordSearch(page: Page, type: string, keyword: string) {
  const search = page.getByRole('search');
  const select = search.getByRole('combobox', { name: '查询类型' });
  await select.click();
  await page.getByTitle(type, { exact: true }).last().click();
  await expect(select.locator('xpath=..')).toContainText(type);
  await search.getByLabel('关键字').fill(keyword);
  await search.getByRole('button', { name: '查询' }).click();
}

async function fieldSearch(page: Page, label: string, keyword: string) {
  const search = page.getByRole('search');
  await search.getByLabel(label, { exact: true }).fill(keyword);
  await search.getByRole('button', { name: '搜索' }).click();
}

const punchScreen = (path: string, table: string, list: string, exportPath: string, type: string, field: string) =>
  ({
    path,
    table,
    list,
    export: exportPath,
    columns: PUNCH_COLUMNS,
    sheet: PUNCH_SHEET,
    period: 'tags',
    field,
    column: field === 'user_name' ? '账号' : field === 'device_no' ? '设备号' : '卡号',
    sheetColumn: field === 'user_name' ? '账号' : field === 'device_no' ? '设备号' : '卡号',
    narrow: (page, keyword) => keywordSearch(page, type, keyword),
  }) satisfies Screen;

const SCREENS: Record<string, Screen> = {
  打卡数据: punchScreen(
    '/patrol/data_manage',
    '打卡数据列表',
    '/PatrolClockIn/GetPatrolClockInList',
    '/PatrolClockIn/ExportPatrolClockInList',
    '卡号/巡检点',
    'patrol_sn',
  ),
  设备统计: punchScreen(
    '/patrol/total_by_device',
    '设备统计列表',
    '/PatrolLog/List',
    '/PatrolLog/List_Export',
    '设备号',
    'device_no',
  ),
  人员统计: punchScreen(
    '/patrol/total_by_user',
    '人员统计列表',
    '/PatrolLog/List',
    '/PatrolLog/List_Export',
    '账号',
    'user_name',
  ),
  巡检记录: {
    path: '/patrol/records',
    table: '巡检记录列表',
    list: '/PatrolData/Records',
    export: '/PatrolData/ExportRecords',
    columns: PUNCH_COLUMNS,
    sheet: RECORD_SHEET,
    period: 'radio',
    field: 'patrol_sn',
    column: '卡号',
    sheetColumn: '卡号',
    narrow: (page, keyword) => fieldSearch(page, '卡号', keyword),
  },
  巡检点统计: {
    path: '/patrol/total_by_pointer',
    table: '巡检点统计列表',
    list: '/PatrolData/TotalByPatrolCard',
    export: '/PatrolData/ExportTotalByPatrolCard',
    columns: ['日期', '卡号', '巡检点名称', '次数', '所属组织'],
    sheet: CARD_TOTAL_SHEET,
    period: 'radio',
    field: 'patrol_sn',
    column: '卡号',
    sheetColumn: '卡号',
    narrow: (page, keyword) => fieldSearch(page, '卡号', keyword),
  },
};

async function pickPeriod(page: Page, screen: Screen) {
  const search = page.getByRole('search');
  if (screen.period === 'tags') await search.getByRole('checkbox', { name: PERIOD, exact: true }).click();
  else await search.getByText(PERIOD, { exact: true }).click();
}

/** The export as the browser gets it: the name the call answered, then the download of the window it opens. */
async function exportSheet(page: Page, screen: Screen) {
  // Chromium closes the new window once the download starts; the download is reported on the opener.
  const downloaded = page.waitForEvent('download');
  const opened = page.waitForEvent('popup');
  const envelope = await answerOf<string>(page, screen.export, () =>
    page.getByRole('search').getByRole('button', { name: '导出' }).click(),
  );
  const fileName = envelope.data;
  expect(fileName).toMatch(/^[0-9a-f]{32}\.xlsx$/);
  await opened;
  const download = await downloaded;
  // A plain link without a token: the file name is the credential (API.md, Files).
  expect(download.url()).toContain(`/proxyserver/api/file/download_excelfile?fileName=${fileName}`);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: string[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return { header, rows, suggested: download.suggestedFilename() };
}

test.describe('record screens on the demo data', () => {
  const problems: string[] = [];

  test.beforeEach(async ({ page }) => {
    problems.length = 0;
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await login(page);
  });

  test.afterEach(async ({ page }) => {
    await expect(page.getByText('undefined')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  for (const [title, screen] of Object.entries(SCREENS)) {
    test(`${title}: ${PERIOD} lists rows, page 2 turns, a filter narrows them, the export holds them all`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // The screen opens on 本周 with the spec's columns.
      await answerOf(page, screen.list, () => page.goto(screen.path));
      await expect(page.getByRole('table', { name: screen.table }).getByRole('columnheader')).toHaveText(
        screen.columns,
      );

      // The demo reaches 60 days back: this or last month has pages of rows.
      const period = await answerOf<Row[]>(page, screen.list, () => pickPeriod(page, screen));
      const periodTotal = period.total ?? 0;
      expect(periodTotal).toBeGreaterThan(25);
      await expect(dataRows(page, screen)).toHaveCount(25);
      await expect(page.getByText(`共 ${periodTotal} 条`)).toBeVisible();
      expect((await columnTexts(page, screen, screen.column))[0]).toBe(asShown(period.data[0]![screen.field]));

      // Page 2 asks for page 2 (not the page count, the spec's defect) and shows other rows.
      const second = await answerOf<Row[]>(page, screen.list, () => page.getByTitle('2', { exact: true }).click(), 2);
      expect(second.data.length).toBeGreaterThan(0);
      const keyOf = (row: Row) => `${row.punch_id ?? ''}|${row.create_date}|${row.patrol_sn}`;
      const firstPage = new Set(period.data.map(keyOf));
      expect(second.data.filter((row) => firstPage.has(keyOf(row)))).toEqual([]);
      await expect(dataRows(page, screen).first()).toContainText(asShown(second.data[0]![screen.field]));

      // A keyword from a row of the list narrows it to the rows that match, back on page 1.
      const sample = [...period.data, ...second.data].find((row) => String(row[screen.field] ?? '').trim() !== '');
      if (!sample) throw new Error(`the first two pages of ${title} have no ${screen.field} to search for`);
      const keyword = String(sample[screen.field]);
      const narrowed = await answerOf<Row[]>(page, screen.list, () => screen.narrow(page, keyword), 1);
      const narrowedTotal = narrowed.total ?? 0;
      expect(narrowedTotal).toBeGreaterThan(0);
      expect(narrowedTotal).toBeLessThan(periodTotal);
      await expect(page.getByText(`共 ${narrowedTotal} 条`)).toBeVisible();
      const shown = await columnTexts(page, screen, screen.column);
      expect(shown.length).toBe(Math.min(25, narrowedTotal));
      for (const text of shown) expect(text).toContain(keyword);

      // The export holds every matching row under the screen's headers, newest first like the list.
      const { header, rows, suggested } = await exportSheet(page, screen);
      expect(suggested).toContain(title);
      expect(header).toEqual(screen.sheet);
      expect(rows).toHaveLength(narrowedTotal);
      const at = screen.sheet.indexOf(screen.sheetColumn);
      expect(rows[0]![at]).toBe(String(narrowed.data[0]![screen.field]));
      expect(rows.every((row) => row[at]!.includes(keyword))).toBe(true);
    });
  }

  test('人员统计 picks the organisation in a floating tree that closes on pick and asks again', async ({ page }) => {
    const token = await apiToken(page);
    const tree = await page.request.get('/proxyserver/api/HoldInfo/GetHoldTree', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const roots = ((await tree.json()) as Envelope<TreeNode[]>).data;
    const enterprise = roots[0]!.children[0]!;
    const below = new Set(namesOf([enterprise]));

    const all = await answerOf<Row[]>(page, '/PatrolLog/List', () => page.goto('/patrol/total_by_user'));
    const button = page.getByRole('search').getByRole('button', { name: `组织：${roots[0]!.label}` });
    await button.click();
    const picker = page.getByRole('region', { name: '组织机构' }).getByRole('tree');
    await expect(picker).toBeVisible();
    const picked = await answerOf<Row[]>(page, '/PatrolLog/List', () =>
      picker.getByText(enterprise.label, { exact: true }).click(),
    );
    await expect(picker).toBeHidden();
    await expect(page.getByRole('search').getByRole('button', { name: `组织：${enterprise.label}` })).toBeVisible();
    expect(picked.total ?? 0).toBeGreaterThan(0);
    expect(picked.total ?? 0).toBeLessThan(all.total ?? 0);
    for (const row of picked.data) expect(below.has(String(row.hold_name))).toBe(true);
  });

  test('巡检记录: dates override the range', async ({ page }) => {
    await answerOf(page, '/PatrolData/Records', () => page.goto('/patrol/records'));
    const day = new Date(demoNow().getTime() - 10 * 86_400_000).toLocaleDateString('sv-SE', {
      timeZone: 'Asia/Shanghai',
    });
    const search = page.getByRole('search');
    await search.getByLabel('开始日期').fill(day);
    const startOnly = await answerOf<Row[]>(page, '/PatrolData/Records', () =>
      search.getByLabel('开始日期').press('Enter'),
    );
    expect(startOnly.total ?? 0).toBeGreaterThan(0);
    await search.getByLabel('结束日期').fill(day);
    const oneDay = await answerOf<Row[]>(page, '/PatrolData/Records', () =>
      search.getByLabel('结束日期').press('Enter'),
    );
    expect(oneDay.total ?? 0).toBeGreaterThan(0);
    expect(oneDay.total ?? 0).toBeLessThan(startOnly.total ?? 0);
    for (const text of await columnTexts(page, SCREENS['巡检记录']!, '日期时间'))
      expect(text.startsWith(day)).toBe(true);
    // No range is picked while dates decide.
    for (const range of ['本周', '上周', '本月', '上月']) {
      await expect(search.getByRole('radio', { name: range })).not.toBeChecked();
    }
  });
});
