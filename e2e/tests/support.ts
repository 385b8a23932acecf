import { expect, type Locator, type Page } from '@playwright/test';

/** The first administrator of a fresh installation (the test server starts with the default password). */
export const ADMIN = { account: 'admin', password: 'admin123' } as const;

export const PRODUCT = '巡检管理平台';

export async function fillLogin(page: Page, account: string, password: string): Promise<void> {
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
}

export async function login(page: Page, account: string = ADMIN.account, password: string = ADMIN.password) {
  await page.goto('/login');
  await fillLogin(page, account, password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/dashboard$/);
}

/** An entry of the side menu (not a group heading of the same name). */
export function menuEntry(page: Page, title: string): Locator {
  return page
    .getByRole('navigation', { name: '功能菜单' })
    .getByRole('menu')
    .getByRole('menu')
    .getByRole('menuitem', { name: title, exact: true });
}

export function tab(page: Page, title: string): Locator {
  return page.getByRole('tab', { name: title, exact: true });
}

export function allTabs(page: Page): Locator {
  return page.getByRole('tab');
}

/** The close button that sits beside a tab's label. */
export function closeButtonOf(page: Page, title: string): Locator {
  return tab(page, title).locator('xpath=..').getByRole('button', { name: '关闭标签' });
}

/** The user's operations dropdown in the top bar. */
export async function chooseOperation(page: Page, name: '关闭所有标签' | '个人设置' | '退出登录') {
  await page.getByRole('banner').getByRole('button').click();
  await page.getByRole('menuitem', { name }).click();
}
