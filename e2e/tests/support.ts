import { expect, type Locator, type Page } from '@playwright/test';

/** The first administrator of a fresh installation (the test server starts with the default password). */
export const ADMIN = { account: 'admin', password: 'admin123' } as const;

export const PRODUCT = '巡检管理平台';

/**
 * The demo server's clock (e2e/start-server.mjs): E2E_CLOCK_START at the wall-clock moment E2E_CLOCK_ORIGIN, running
 * on from there, so the demo tenant is always seen on the same day at the same hour.
 */
export function demoNow(): Date {
  const shift = Date.parse(process.env.E2E_CLOCK_START ?? '') - Number(process.env.E2E_CLOCK_ORIGIN);
  return new Date(Date.now() + (Number.isFinite(shift) ? shift : 0));
}

/** Gives the page the demo server's clock (it runs on from there): the console's 今天, 本月 are the server's. */
export async function useDemoClock(page: Page): Promise<void> {
  await page.clock.install({ time: demoNow() });
}

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

let uniqueCounter = 0;

/** A name no other test of this run (or an earlier run on the same database) has used: prefix + time + counter. */
export function unique(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix}${Date.now().toString(36)}${uniqueCounter}`;
}

/** Calls the API directly (to set up what a test needs); throws unless the envelope says 200. */
export async function callApi<T = unknown>(page: Page, token: string, path: string, body?: unknown): Promise<T> {
  const response = await page.request.post(`/proxyserver/api${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body ?? {},
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path} → ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A token for API set-up calls (its own session; the browser's session is untouched). */
export async function apiToken(page: Page, account: string = ADMIN.account, password: string = ADMIN.password) {
  const data = await callApi<{ token: string }>(page, '', '/UserInfo/Login_Web', {
    user_name: account,
    user_password: password,
  });
  return data.token;
}

/** A new organisation (with its admin account) created through the API. */
export async function createHold(
  page: Page,
  token: string,
  fields: { name: string; account: string; password?: string; parentId?: number; type?: number },
): Promise<number> {
  const data = await callApi<{ hold_id: number }>(page, token, '/HoldInfo/SaveHoldInfo', {
    hold_id: 0,
    hold_name: fields.name,
    hold_type: fields.type ?? 2,
    parent_hold_id: fields.parentId ?? 1,
    user_name: fields.account,
    user_password: fields.password ?? 'Passw0rd-e2e',
  });
  return data.hold_id;
}

/** The organisation tree picker beside a list screen. */
export function holdTree(page: Page): Locator {
  return page.getByRole('region', { name: '组织机构' }).getByRole('tree');
}

/** An organisation in the tree picker, by its exact name. */
export function treeNode(page: Page, name: string): Locator {
  return holdTree(page).getByText(name, { exact: true });
}

/** The table row that shows this text. */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Types a keyword into the list's filter box and presses 查询. */
export async function searchList(page: Page, label: '名称' | '关键字' | '角色名称', keyword: string): Promise<void> {
  await page.getByRole('search').getByLabel(label).fill(keyword);
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
}
