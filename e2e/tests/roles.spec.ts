import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  apiToken,
  callApi,
  chooseOperation,
  fillLogin,
  login,
  menuEntry,
  rowWith,
  searchList,
  unique,
} from './support.js';

// ROLES.md, Tests (browser): what a 只读 account, a 巡检员, a 主管 and an account of a custom role each see.

const PASSWORD = 'Passw0rd-e2e';
const Role = { supervisor: 2, guard: 3, readOnly: 4 } as const;

/** An account of organisation 1 with the given role, made by the administrator through the API. */
async function accountWithRole(page: Page, roleId: number, prefix: string): Promise<string> {
  const token = await apiToken(page);
  const account = unique(prefix);
  await callApi(page, token, '/HoldInfo/SaveAccount', {
    user_id: 0,
    hold_id: 1,
    user_name: account,
    user_password: PASSWORD,
    true_name: '角色测试',
    role_id: roleId,
  });
  return account;
}

/** Logs in through the login screen and waits for the console to leave it. */
async function loginAs(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, account, PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: '功能菜单' });

/** The titles of every screen in the side menu (groups opened: they start open). */
async function menuScreens(page: Page): Promise<string[]> {
  const entries = sideMenu(page).getByRole('menu').getByRole('menu').getByRole('menuitem');
  await expect(entries.first()).toBeVisible();
  return (await entries.allTextContents()).map((text) => text.trim());
}

/** The terminals' upload key the test server generated at its first start (kept in its data folder). */
const deviceKey = () => readFileSync(path.join(process.env.E2E_DATA_DIR!, 'device-upload.key'), 'utf8').trim();

/** `YYYY-MM-DD HH:mm:ss` in Shanghai, `seconds` from now. */
const shanghai = (seconds: number) =>
  new Date(Date.now() + seconds * 1000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

test.describe('roles in the console', () => {
  test('a 只读 account has no 组织管理 nor devices, no 新增 / 编辑 / 删除, and can export', async ({ page }) => {
    const account = await accountWithRole(page, Role.readOnly, 'ro');
    await login(page, account, PASSWORD);

    const screens = await menuScreens(page);
    expect(screens).toContain('巡检点管理');
    expect(screens).toContain('巡检记录');
    for (const hidden of ['组织管理', '账号管理', '角色管理', '设备管理', '操作日志', '告警推送']) {
      expect(screens).not.toContain(hidden);
    }
    await expect(sideMenu(page).getByText('组织管理', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: /^告警/ })).toBeVisible();
    await page.screenshot({ path: '/tmp/roles-readonly-console.png', fullPage: true });

    await menuEntry(page, '巡检点管理').click();
    await expect(page.getByRole('table', { name: '巡检点列表' })).toBeVisible();
    await expect(page.getByRole('button', { name: /打印二维码/ })).toBeVisible();
    for (const name of ['录入', '新增', '编辑', '删除']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }

    await menuEntry(page, '巡检任务').click();
    await expect(page.getByRole('table', { name: '任务列表' })).toBeVisible();
    for (const name of ['新增', '编辑', '删除']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }

    await menuEntry(page, '巡检记录').click();
    await page.getByRole('button', { name: '导出' }).click();
    // The export call is allowed: it writes a file, or says there is nothing to export (never 无权限).
    await expect(page.getByText(/导出完成|无数据导出！/)).toBeVisible();
    await expect(page.getByText(/无权限/)).toHaveCount(0);

    // An address typed by hand that the role does not open.
    await page.goto('/device/manage');
    await expect(page.getByText('无权访问', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: '设备列表' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/roles-forbidden.png', fullPage: true });
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
  });

  test('a 巡检员 logging into the console sees 此账号仅可使用巡检助手 and can log out', async ({ page }) => {
    const account = await accountWithRole(page, Role.guard, 'xj');
    await loginAs(page, account);
    await expect(page.getByText('此账号仅可使用巡检助手')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '功能菜单' })).toHaveCount(0);
    const address = page.getByText(/^https?:\/\/.+\/m\/$/);
    await expect(address).toBeVisible();
    await expect(page.getByRole('img', { name: '巡检助手地址二维码' })).toBeVisible();
    await page.screenshot({ path: '/tmp/roles-app-only.png', fullPage: true });
    // Every console address says the same.
    await page.goto('/patrol/records');
    await expect(page.getByText('此账号仅可使用巡检助手')).toBeVisible();
    await page.getByRole('button', { name: /退出登录/ }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 主管 handles an alert, and may not add a device', async ({ page }) => {
    const token = await apiToken(page);
    const deviceNo = unique('ROLE').toUpperCase();
    await callApi(page, token, '/DeviceInfo/SaveDeviceInfo', {
      object_id: 0,
      hold_id: 1,
      device_no: deviceNo,
      object_name: '主管测试机',
    });
    // Three points within 20 seconds: 疑似代打, raised by the upload itself.
    const upload = await page.request.post('/proxyserver/api/Terminal/UploadPunches', {
      headers: { Authorization: `Device ${deviceKey()}` },
      data: {
        device_no: deviceNo,
        records: [0, 10, 20].map((s, i) => ({ patrol_sn: `${deviceNo}-P${i}`, punch_time: shanghai(s - 120) })),
      },
    });
    expect(await upload.json()).toMatchObject({ code: 200, data: { accepted: 3 } });

    const account = await accountWithRole(page, Role.supervisor, 'zg');
    await login(page, account, PASSWORD);
    await menuEntry(page, '告警管理').click();
    const row = page.getByRole('table', { name: '告警列表' }).getByRole('row').filter({ hasText: deviceNo });
    await expect(row).toContainText('未处理');
    await row.getByRole('button', { name: '处理' }).click();
    const dialog = page.getByRole('dialog', { name: '处理告警' });
    await dialog.getByLabel('处理说明').fill('主管已核实');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(row).toContainText('已处理');
    await expect(row).toContainText('主管已核实');

    await menuEntry(page, '设备管理').click();
    await expect(page.getByRole('table', { name: '设备列表' })).toBeVisible();
    for (const name of ['新增', '导入', '分配', '编辑', '删除']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
  });

  test('角色管理 saves a custom role, and an account given it sees exactly its screens', async ({ page }) => {
    const roleName = unique('巡查');
    const account = unique('cr');
    await login(page);
    await menuEntry(page, '角色管理').click();
    await expect(page.getByRole('columnheader')).toHaveText(['角色名称', '所属组织', '类型', '账号数', '备注', '操作']);
    const builtin = rowWith(page, '只读');
    await expect(builtin).toContainText('内置');
    await expect(builtin.getByRole('button', { name: '编辑' })).toHaveCount(0);

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增角色' });
    await dialog.getByLabel('角色名称').fill(roleName);
    // The group's box ticks the whole of 巡检记录 (查看巡检记录, 导出 and the hazards' keys); 查看路线 on its own.
    await dialog.getByRole('checkbox', { name: '巡检记录', exact: true }).check();
    await expect(dialog.getByRole('checkbox', { name: '导出', exact: true })).toBeChecked();
    await dialog.getByRole('checkbox', { name: '查看路线', exact: true }).check();
    await dialog.getByLabel('备注').fill('只看记录与路线');
    await page.screenshot({ path: '/tmp/roles-dialog.png', fullPage: true });
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await searchList(page, '角色名称', roleName);
    const row = rowWith(page, roleName);
    await expect(row).toContainText('自定义');
    await expect(row).toContainText('只看记录与路线');
    await searchList(page, '角色名称', '');
    await page.screenshot({ path: '/tmp/roles-page.png', fullPage: true });

    // 账号管理: a new account given the role in its dialog.
    await menuEntry(page, '账号管理').click();
    await expect(page.getByRole('table', { name: '账号列表' })).toBeVisible();
    await page.getByRole('button', { name: '新增' }).click();
    const accountDialog = page.getByRole('dialog', { name: '新增账号' });
    await accountDialog.getByLabel('账号').fill(account);
    await accountDialog.getByLabel('密码').fill(PASSWORD);
    await accountDialog.getByRole('combobox', { name: '角色' }).click();
    await page.getByTitle(roleName, { exact: true }).last().click();
    await accountDialog.getByRole('button', { name: '确定' }).click();
    await expect(accountDialog).toBeHidden();
    await searchList(page, '名称', account);
    await expect(rowWith(page, account)).toContainText(roleName);

    await chooseOperation(page, '退出登录');
    await loginAs(page, account);
    // No 首页 in the role: the console starts on its first screen.
    await expect(page).toHaveURL(/\/patrol\/records$/);
    expect(await menuScreens(page)).toEqual([
      '巡检记录',
      '打卡数据',
      '巡检点统计',
      '设备统计',
      '人员统计',
      '漏检报表',
      '事件记录',
      '隐患管理',
      '路线管理',
      '路线状态',
      '线路管理',
    ]);
    await expect(page.getByRole('banner').getByRole('link', { name: /^告警/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '导出' })).toBeVisible();
    await menuEntry(page, '路线管理').click();
    await expect(page.getByRole('table', { name: '路线列表' })).toBeVisible();
    await expect(page.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
    await page.goto('/home/dashboard');
    await expect(page.getByText('无权访问', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '前往巡检记录' }).click();
    await expect(page).toHaveURL(/\/patrol\/records$/);
  });
});
