import { expect, test } from '@playwright/test';
import { chooseOperation, login } from './support.js';

test.describe('leaving the console', () => {
  test('logging out returns to the login page, and screens then ask for a login again', async ({ page }) => {
    await login(page);
    await chooseOperation(page, '退出登录');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/device/manage');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  });

  test('a screen opened without logging in goes to the login page', async ({ page }) => {
    await page.goto('/sys/opt_logs');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a token revoked elsewhere ends the session at the next call', async ({ page }) => {
    await login(page);
    // Revoke this browser's token from outside the page, as a logout in another window would.
    const token = await page.evaluate(() => localStorage.getItem('gt.token'));
    expect(token).toBeTruthy();
    const revoked = await page.request.get('/proxyserver/api/UserInfo/Logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await revoked.json()).code).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('gt.token'))).toBeNull();
  });
});
