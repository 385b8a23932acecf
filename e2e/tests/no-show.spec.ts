import { expect, test } from '@playwright/test';
import { apiToken, callApi, login, unique } from './support.js';

// 未到岗 (SHIFTS.md; alert kind 5): a shift whose rostered account has not come by its start plus grace raises the
// alert within 60 s, once, and the console's toast and 告警管理 show it (the fresh server, on the real clock).

/** Local `YYYY-MM-DD` and `HH:mm` in the server's zone (TZ_NAME's default). */
function shanghai(at: Date) {
  const text = at.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
  return { date: text.slice(0, 10), clock: text.slice(11, 16) };
}

test('a shift nobody came to raises 未到岗 within a minute, shown as a toast and in 告警管理', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await apiToken(page);
  const guard = unique('noshow');
  const { user_id: userId } = await callApi<{ user_id: number }>(page, token, '/HoldInfo/SaveAccount', {
    user_id: 0,
    hold_id: 1,
    user_name: guard,
    user_password: 'password123',
    true_name: '缺岗测试员',
    role_id: 3,
  });
  // Began ten minutes ago, no grace: nobody has come.
  const now = Date.now();
  const start = shanghai(new Date(now - 10 * 60_000));
  const end = shanghai(new Date(now + 3 * 3_600_000));
  const shiftName = unique('缺岗班');
  const { shift_id: shiftId } = await callApi<{ shift_id: number }>(page, token, '/Shift/Save', {
    shift_id: 0,
    hold_id: 1,
    shift_name: shiftName,
    start_time: start.clock,
    end_time: end.clock,
    grace_minutes: 0,
  });
  await login(page);
  await callApi(page, token, '/Roster/Save', {
    hold_id: 1,
    cells: [{ user_id: userId, date: start.date, shift_id: shiftId }],
  });

  const toast = page.locator('.ant-notification-notice').filter({ hasText: shiftName });
  await expect(toast).toBeVisible({ timeout: 65_000 });
  await expect(toast).toContainText('未到岗');
  await page.goto('/sys/alerts');
  const row = page.getByRole('row').filter({ hasText: shiftName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('未到岗');
  await expect(row).toContainText('缺岗测试员');
  await page.screenshot({ path: test.info().outputPath('no-show.png') });
});
