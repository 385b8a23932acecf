import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, callApi, login, unique } from './support.js';

// Alerts reach a person at once (ACCOUNTABILITY.md, Alerts; QUALITY.md R14): the bell's count, a toast when a new
// one arrives on the live stream, and 处理 in 告警管理.

/** The terminals' upload key the test server generated at its first start (kept in its data folder). */
const deviceKey = () => readFileSync(path.join(process.env.E2E_DATA_DIR!, 'device-upload.key'), 'utf8').trim();

/** `YYYY-MM-DD HH:mm:ss` in Shanghai, `seconds` from now. */
const shanghai = (seconds: number) =>
  new Date(Date.now() + seconds * 1000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A terminal punching three points within 20 seconds: 疑似代打, raised by the upload itself. */
async function bunchedPunches(page: Page, deviceNo: string): Promise<void> {
  const response = await page.request.post('/proxyserver/api/Terminal/UploadPunches', {
    headers: { Authorization: `Device ${deviceKey()}` },
    data: {
      device_no: deviceNo,
      records: [0, 10, 20].map((s, i) => ({ patrol_sn: `${deviceNo}-P${i}`, punch_time: shanghai(s - 120) })),
    },
  });
  expect(await response.json()).toMatchObject({ code: 200, data: { accepted: 3 } });
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^告警/ });

test.describe('alerts', () => {
  test('a live alert raises the bell’s count and a toast; 处理 in 告警管理 brings it down', async ({ page }) => {
    const token = await apiToken(page);
    const deviceNo = unique('ALERT').toUpperCase();
    await callApi(page, token, '/DeviceInfo/SaveDeviceInfo', {
      object_id: 0,
      hold_id: 1,
      device_no: deviceNo,
      object_name: '告警测试机',
    });
    const counted = await page.request.get('/proxyserver/api/Alert/UnhandledCount', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const before = ((await counted.json()) as { data: { count: number } }).data.count;
    await login(page);
    await expect(bell(page)).toHaveAccessibleName(before > 0 ? `告警：${before} 条未处理` : '告警');

    await bunchedPunches(page, deviceNo);
    const toast = page.locator('.ant-notification-notice').filter({ hasText: '疑似代打' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`${deviceNo}-P0`);
    await expect(bell(page)).toHaveAccessibleName(`告警：${before + 1} 条未处理`);

    // The drawer lists it first; 查看全部 opens 告警管理.
    await bell(page).click();
    const drawer = page.getByRole('dialog', { name: '最新告警' });
    await expect(drawer.getByText(`${deviceNo}-P0`, { exact: false }).first()).toBeVisible();
    await drawer
      .getByRole('link', { name: '查看全部' })
      .or(drawer.getByRole('button', { name: '查看全部' }))
      .click();
    await expect(page).toHaveURL(/\/sys\/alerts$/);

    const row = page.getByRole('row').filter({ hasText: deviceNo });
    await expect(row).toContainText('疑似代打');
    await expect(row).toContainText('未处理');
    await row.getByRole('button', { name: '处理' }).click();
    const dialog = page.getByRole('dialog', { name: '处理告警' });
    await dialog.getByLabel('处理说明').fill('已电话联系巡检员，确认为本人巡检');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(row).toContainText('已处理');
    await expect(row).toContainText('已电话联系巡检员，确认为本人巡检');
    await expect(bell(page)).toHaveAccessibleName(before > 0 ? `告警：${before} 条未处理` : '告警');

    // The flagged punches show their flag in 打卡数据.
    await page.goto('/patrol/data_manage');
    await page.getByLabel('仅看异常标记').check();
    await page.getByRole('button', { name: '查询' }).click();
    const flagged = page.getByRole('row').filter({ hasText: `${deviceNo}-P1` });
    await expect(flagged).toContainText('疑似代打');
  });
});
