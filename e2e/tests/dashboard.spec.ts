import { expect, test, type Page } from '@playwright/test';
import { apiToken, login, useDemoClock } from './support.js';

// The demo tenant: 60 days of punches up to the present, 9 roads (the night patrol's four slots one of them), their
// tasks and rounds (DOMAIN.md, Demo data),
// seen at the demo clock's moment: Wednesday 2026-03-18 20:00, the day's rounds over (playwright.config.ts).
test.use({ baseURL: process.env.E2E_DEMO_URL });
test.beforeEach(({ page }) => useDemoClock(page));

interface Summary {
  all_roads: number;
  running_roads: number;
  patrol_people_num: number;
  missed_checks: number;
  completion_rate: number | null;
}

/** A dashboard call as the screen makes it, for the test to know what the screen must show. */
async function getApi<T>(page: Page, token: string, path: string): Promise<{ data: T; total: number }> {
  const response = await page.request.get(`/proxyserver/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const envelope = (await response.json()) as { code: number; msg: string; data: T; total?: number };
  if (envelope.code !== 200) throw new Error(`${path} → ${envelope.code} ${envelope.msg}`);
  return { data: envelope.data, total: envelope.total ?? 0 };
}

const figure = (page: Page, name: string) => page.getByRole(name === '漏检数' ? 'button' : 'group', { name });

test.describe('the dashboard on the demo data', () => {
  let token = '';
  const problems: string[] = [];

  test.beforeEach(async ({ page }) => {
    problems.length = 0;
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    token = await apiToken(page);
  });

  test.afterEach(async ({ page }) => {
    await expect(page.getByText('undefined')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('shows real figures and draws both 7-day charts', async ({ page }) => {
    const summary = (await getApi<Summary[]>(page, token, '/Dashboard/Summary')).data[0];
    const trend = (await getApi<{ punches: number }[]>(page, token, '/Dashboard/Trend?days=7')).data;
    expect(summary?.all_roads).toBe(9);
    expect(trend).toHaveLength(7);
    expect(trend.some((day) => day.punches > 0)).toBe(true);

    const summaryShown = page.waitForResponse((r) => r.url().includes('/Dashboard/Summary'));
    await login(page);
    const shown = ((await (await summaryShown).json()) as { data: Summary[] }).data[0];
    // The demo's 9 roads, whole numbers for the counts, the rate with a percent sign.
    await expect(figure(page, '路线总数')).toHaveText(/^路线总数\s*9$/);
    await expect(figure(page, '运行中路线')).toHaveText(/^运行中路线\s*\d+$/);
    await expect(figure(page, '漏检数')).toHaveText(/^漏检数\s*\d+\s*点击查看明细$/);
    await expect(figure(page, '巡检人数')).toHaveText(/^巡检人数\s*\d+$/);
    // The evening's rate, with its percent sign ("—" only before the day's first window opens).
    expect(shown?.completion_rate).toEqual(expect.any(Number));
    await expect(figure(page, '完成率')).toHaveText(/^完成率\s*\d{1,3}(\.\d)?%$/);
    // ECharts draws on a canvas.
    for (const name of ['近7日打卡数', '近7日完成率']) {
      await expect(page.getByRole('figure', { name }).locator('canvas')).toBeVisible();
    }
  });

  test('lists today’s punches newest first, 20 a page', async ({ page }) => {
    const today = await getApi<{ create_time: string; patrol_sn: string }[]>(
      page,
      token,
      '/Dashboard/TodayPatrolLogs?PageIndex=1&PageSize=20',
    );
    await login(page);
    const table = page.getByRole('table', { name: '今日巡检记录' });
    await expect(table.getByRole('columnheader')).toHaveText([
      '序号',
      '巡检时间',
      '巡检点名称',
      '设备名称',
      'IMEI/SN',
      '巡检点卡号',
      '巡检人',
    ]);
    // By the evening the day has more punches than a page holds.
    expect(today.total).toBeGreaterThan(20);
    const first = today.data[0]!;
    const rows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText(first.create_time);
    await expect(rows.first()).toContainText(first.patrol_sn);
    await expect(page.getByText(`共 ${today.total} 条`)).toBeVisible();
    await page.getByTitle('2', { exact: true }).click();
    await expect(rows.first().getByRole('cell').first()).toHaveText('21');
  });

  test('the missed-checks figure opens today’s missed points', async ({ page }) => {
    await login(page);
    await expect(figure(page, '漏检数')).toHaveText(/\d/);
    const missed = (await getApi<{ patrol_name: string }[]>(page, token, '/Dashboard/MissedToday')).data;
    await figure(page, '漏检数').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('今日漏检');
    await expect(dialog.getByRole('columnheader')).toHaveText(['路线', '巡检点', '卡号', '时段']);
    // The evening has missed points (the demo clock's day): the dialog lists them.
    expect(missed.length).toBeGreaterThan(0);
    await expect(dialog).toContainText(missed[0]!.patrol_name);
    await dialog
      .getByRole('button', { name: 'Close' })
      .or(dialog.getByRole('button', { name: '关闭' }))
      .click();
    await expect(dialog).toBeHidden();
  });
});
