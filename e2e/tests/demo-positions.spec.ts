import { expect, test } from '@playwright/test';
import { login } from './support.js';

/**
 * SAFETY.md on the demo data: the demo's points have positions and radii, and 张伟's phone walked yesterday's
 * 早班全区巡逻 with the phone's position on each punch — the punch table's 位置 shows 距点 N 米 for seven of them
 * and 无定位 for one, 标记 shows 位置异常 on the punch made 150 m away; 巡检点管理 lists each point's 定位.
 */
test.use({ baseURL: process.env.E2E_DEMO_URL, viewport: { width: 1600, height: 900 } });

test('the demo’s phone punches show 距点, 位置异常 and 无定位, and its points their 定位', async ({
  page,
}, testInfo) => {
  await login(page);
  await page.goto('/patrol/total_by_device');
  const search = page.getByRole('search');
  const select = search.getByRole('combobox', { name: '查询类型' });
  await select.click();
  await page.getByTitle('设备号', { exact: true }).last().click();
  await search.getByLabel('关键字').fill('APP-DEMOPHONEZHANGWEI01');
  await search.getByRole('button', { name: '查询' }).click();
  const table = page.getByRole('table', { name: '设备统计列表' });
  await expect(table.locator('tbody').getByRole('row')).toHaveCount(8);
  await expect(table.getByText('位置异常')).toHaveCount(1);
  await expect(table.locator('tbody').getByRole('row').filter({ hasText: '位置异常' })).toContainText('距点 150 米');
  await expect(table.getByText('无定位')).toHaveCount(1);
  await expect(table.getByText(/^距点 \d+ 米$/)).toHaveCount(7);
  await page.screenshot({ path: testInfo.outputPath('demo-phone-punches.png') });

  await page.goto('/patrol/card_manage');
  const points = page.getByRole('table').first();
  await expect(points.getByText('半径 100 米').first()).toBeVisible();
  await expect(points.getByText('未设置')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('demo-points.png') });
});
