import { expect, test } from '@playwright/test';
import { allTabs, chooseOperation, closeButtonOf, login, menuEntry, PRODUCT, tab } from './support.js';

// DOMAIN.md, "Menu and permissions": the full menu an operator administrator sees, with each page title.
const MENU: readonly { title: string; path: string }[] = [
  { title: '组织管理', path: '/hold/manage' },
  { title: '账号管理', path: '/staff/manage' },
  { title: '设备管理', path: '/device/manage' },
  { title: '巡检点管理', path: '/patrol/card_manage' },
  { title: '巡检记录', path: '/patrol/records' },
  { title: '打卡数据', path: '/patrol/data_manage' },
  { title: '巡检点统计', path: '/patrol/total_by_pointer' },
  { title: '设备统计', path: '/patrol/total_by_device' },
  { title: '人员统计', path: '/patrol/total_by_user' },
  { title: '事件记录', path: '/patrol/events' },
  { title: '路线管理', path: '/road/manage' },
  { title: '路线状态', path: '/patrol_road/state' },
  { title: '线路管理', path: '/patrol/road_manage' },
  { title: '巡检任务', path: '/patrol/tasks' },
  { title: '首页', path: '/home/dashboard' },
  { title: '操作日志', path: '/sys/opt_logs' },
  { title: '登录日志', path: '/sys/login_logs' },
  { title: '告警管理', path: '/sys/alerts' },
  { title: '告警推送', path: '/sys/webhooks' },
];

const pathIs = (path: string) => new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`);

test.describe('the console shell', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('every menu entry opens its screen in a tab with its title', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    for (const { title, path } of MENU) {
      await menuEntry(page, title).click();
      await expect(page).toHaveURL(pathIs(path));
      await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveTitle(`${title} - ${PRODUCT}`);
    }
    await expect(allTabs(page)).toHaveCount(MENU.length);
    expect(problems).toEqual([]);
  });

  test('clicking a tab goes back to its screen', async ({ page }) => {
    await menuEntry(page, '设备管理').click();
    await menuEntry(page, '操作日志').click();
    await expect(page).toHaveURL(pathIs('/sys/opt_logs'));
    // The router changes the address first and shows the new screen when it has rendered: wait for it.
    await expect(tab(page, '操作日志')).toHaveAttribute('aria-selected', 'true');
    await tab(page, '设备管理').click();
    await expect(page).toHaveURL(pathIs('/device/manage'));
    await expect(tab(page, '设备管理')).toHaveAttribute('aria-selected', 'true');
    await tab(page, '首页').click();
    await expect(page).toHaveURL(pathIs('/home/dashboard'));
  });

  test('the last tab cannot be closed', async ({ page }) => {
    await expect(allTabs(page)).toHaveCount(1);
    await closeButtonOf(page, '首页').click();
    await expect(page.getByText('最后一个Tabs不可以删除！')).toBeVisible();
    await expect(tab(page, '首页')).toBeVisible();
  });

  test('closing the open screen’s tab shows its neighbour', async ({ page }) => {
    await menuEntry(page, '设备管理').click();
    await expect(page).toHaveURL(pathIs('/device/manage'));
    await closeButtonOf(page, '设备管理').click();
    await expect(page).toHaveURL(pathIs('/home/dashboard'));
    await expect(tab(page, '设备管理')).toHaveCount(0);
    await expect(allTabs(page)).toHaveCount(1);
  });

  test('open tabs survive a reload', async ({ page }) => {
    await menuEntry(page, '巡检点管理').click();
    await menuEntry(page, '登录日志').click();
    // Screens load lazily and render in a transition: reload once the new tab is there.
    await expect(tab(page, '登录日志')).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(allTabs(page)).toHaveText(['首页', '巡检点管理', '登录日志']);
    await expect(tab(page, '登录日志')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(pathIs('/sys/login_logs'));
  });

  test('关闭所有标签 keeps only the Home tab', async ({ page }) => {
    await menuEntry(page, '巡检任务').click();
    await menuEntry(page, '路线状态').click();
    await chooseOperation(page, '关闭所有标签');
    await expect(allTabs(page)).toHaveText(['首页']);
    await expect(page).toHaveURL(pathIs('/home/dashboard'));
  });

  test('the default password warning links to the personal settings', async ({ page }) => {
    const warning = page.getByRole('alert').filter({ hasText: '您仍在使用默认密码，请尽快修改' });
    await expect(warning).toBeVisible();
    await warning.getByRole('link', { name: '修改密码' }).click();
    await expect(page).toHaveURL(pathIs('/sys/setting'));
    await expect(page.getByRole('heading', { name: '个人设置' })).toBeVisible();
    await expect(tab(page, '个人设置')).toHaveAttribute('aria-selected', 'true');
  });

  test('personal settings check the new password before sending it', async ({ page }) => {
    await chooseOperation(page, '个人设置');
    await expect(page).toHaveURL(pathIs('/sys/setting'));
    await expect(page.getByText('admin', { exact: true })).toBeVisible();
    await page.getByLabel('原密码').fill('admin123');
    await page.getByLabel('新密码', { exact: true }).fill('short');
    await page.getByLabel('确认新密码').fill('different1');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page.getByText('密码长度在 8 到 20 个字符')).toBeVisible();
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  });

  test('the about page names the product, its version and the API docs', async ({ page }) => {
    await page.goto('/about2');
    await expect(page.getByRole('heading', { name: PRODUCT })).toBeVisible();
    await expect(page.getByText(/^v\d+\.\d+\.\d+/)).toBeVisible();
    const docs = page.getByRole('link', { name: /接口文档/ });
    await expect(docs).toHaveAttribute('href', '/proxyserver/docs');
    await expect(docs).toHaveAttribute('target', '_blank');
  });

  test('an unknown address shows 页面不存在 with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(pathIs('/home/dashboard'));
  });

  test('road detail opens on its own, without the tab strip', async ({ page }) => {
    await page.goto('/patrol/road_detail?id=0&holdid=1');
    await expect(page).toHaveTitle(`路线详情 - ${PRODUCT}`);
    await expect(page.getByText('新增路线', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
    await expect(allTabs(page)).toHaveCount(0);
  });
});
