import { expect, test } from '@playwright/test';
import { ADMIN, fillLogin, login, PRODUCT, tab } from './support.js';

test.describe('login', () => {
  test('an empty form asks for the account and the password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('请输入账号', { exact: true })).toBeVisible();
    await expect(page.getByText('请输入密码', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('too short an account or password is refused with the length rules', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'a', '123');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('长度在 2 到 20 个字符', { exact: true })).toBeVisible();
    await expect(page.getByText('长度在 4 到 20 个字符', { exact: true })).toBeVisible();
  });

  test('a wrong password is refused and the person stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ADMIN.account, 'not-the-password');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await expect(page.getByText('登录失败! 账号或密码不对!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Not exact: antd's loading icon may still be fading out of the button's name ("loading 登录").
    await expect(page.getByRole('button', { name: '登录' })).toBeEnabled();
  });

  test('the site root is the login page too', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`登录 - ${PRODUCT}`);
  });

  test('signing in lands on the dashboard with the Home tab and a greeting', async ({ page }) => {
    await login(page);
    await expect(tab(page, '首页')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^您好，.+，今天是 \d{4}年\d{1,2}月\d{1,2}日 星期[一二三四五六日]$/)).toBeVisible();
    await expect(page).toHaveTitle(`首页 - ${PRODUCT}`);
    await expect(page.getByRole('banner')).toContainText(PRODUCT);
  });

  test('remember-me fills in the account next time, never the password', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ADMIN.account, ADMIN.password);
    await page.getByRole('checkbox', { name: '记住账号密码' }).check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(ADMIN.password);

    await page.getByRole('banner').getByRole('button').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('账号', { exact: true })).toHaveValue(ADMIN.account);
    await expect(page.getByLabel('密码', { exact: true })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: '记住账号密码' })).toBeChecked();
  });
});
