import { expect, test, type Page } from '@playwright/test';
import { callApi, login, menuEntry, rowWith, unique, useDemoClock } from './support.js';
import { appLogin, PHONE, punchesOf, setUpGuard, syncLine } from './guard-support.js';

// INSPECTION.md: a checklist on a point, an abnormal answer from the guard app (offline, then online), the hazard
// in 隐患管理 assigned, fixed from the phone with a photo, and verified in the console.
test.use({ ...PHONE });

const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An option of the open antd drop-down, by its text. */
const pick = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();

test.describe('inspection items and hazards', () => {
  test('a supervisor builds a checklist, the guard answers 异常 offline, the hazard is assigned, fixed from the phone and verified', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const guard = await setUpGuard(page);
    const supervisor = unique('zhuguan');
    await callApi(page, guard.token, '/HoldInfo/SaveAccount', {
      user_id: 0,
      hold_id: guard.holdId,
      user_name: supervisor,
      user_password: guard.password,
      true_name: '王主管',
      role_id: 2,
    });
    const listName = unique('泵房检查');
    const [point] = guard.points;

    // The supervisor's console: 检查表 with two items, then the point picks it in 巡检点管理.
    const deskContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const desk = await deskContext.newPage();
    await login(desk, supervisor, guard.password);
    await menuEntry(desk, '检查表').click();
    await desk.getByRole('button', { name: '新增' }).click();
    await desk.getByRole('dialog').getByPlaceholder('如：泵房日常检查').fill(listName);
    await desk.getByRole('dialog').getByPlaceholder('检查内容，如：消防门是否关闭').first().fill('消防门关闭');
    await desk.getByRole('dialog').getByRole('checkbox', { name: '关键' }).check();
    await desk.getByRole('dialog').getByRole('button', { name: '添加检查项' }).click();
    await desk.getByRole('dialog').getByPlaceholder('检查内容，如：消防门是否关闭').nth(1).fill('管网压力');
    await desk.getByRole('dialog').getByLabel('检查类型').nth(1).click();
    await pick(desk, '数值');
    await desk.getByRole('dialog').getByPlaceholder('如 MPa').fill('MPa');
    await desk.getByRole('dialog').getByPlaceholder('不限').first().fill('0.2');
    await desk.getByRole('dialog').getByPlaceholder('不限').nth(1).fill('0.6');
    await desk.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await expect(rowWith(desk, listName)).toContainText('2');
    await desk.screenshot({ path: testInfo.outputPath('checklists.png') });

    // Putting a checklist on a point is 管理检查表 (checklist.edit), the supervisor's own: 巡检点管理's 设置检查表 on
    // the picked point (the supervisor has no 录入 or 编辑 there).
    await menuEntry(desk, '巡检点管理').click();
    await expect(desk.getByRole('button', { name: /录入/ })).toHaveCount(0);
    await rowWith(desk, point!.sn).getByRole('checkbox').check();
    await desk.getByRole('button', { name: /设置检查表（1）/ }).click();
    await desk.getByRole('dialog').getByRole('combobox', { name: '检查表' }).click();
    await pick(desk, listName);
    await desk.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(rowWith(desk, point!.sn)).toContainText(listName);

    // The guard's phone, offline: the check asks the items; 提交 names the required ones until they are answered.
    await appLogin(page, guard.account, guard.password);
    // Today's rounds (with the point's checklist) and the app shell are on the phone before the network goes.
    await expect(page.getByText(point!.name).first()).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.context().setOffline(true);
    await page.getByRole('button', { name: '输入卡号' }).tap();
    await page.getByRole('dialog').getByRole('textbox', { name: '卡号' }).fill(point!.sn);
    await page.getByRole('dialog').getByRole('button', { name: '打卡' }).tap();
    await expect(page.getByText('消防门关闭')).toBeVisible();
    await page.getByRole('button', { name: '提交' }).tap();
    await expect(page.getByRole('alert')).toHaveText('请填写：消防门关闭、管网压力');
    await page.getByText('异常', { exact: true }).tap();
    await page.getByPlaceholder('请输入数值').fill('0.45');
    await page.getByRole('button', { name: '提交' }).tap();
    await expect(page.getByText('检查结果已记录，待上传')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('phone-checklist.png') });
    await page.locator('.adm-nav-bar-back').tap();
    await expect(syncLine(page)).toContainText('待上传');
    await page.context().setOffline(false);
    await expect(syncLine(page)).toHaveText('打卡已全部上传', { timeout: 15_000 });
    await expect.poll(async () => (await punchesOf(page, guard.token, point!.sn)).length).toBe(1);

    // 隐患管理: the hazard raised by 异常, 指派 to the guard with a deadline.
    await menuEntry(desk, '隐患管理').click();
    const row = rowWith(desk, '消防门关闭');
    await expect(row).toContainText('待处理');
    await expect(row).toContainText('严重');
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = desk.locator('.ant-drawer');
    await drawer.getByRole('button', { name: '指派' }).click();
    await desk.getByRole('dialog', { name: '指派' }).getByLabel('整改人').click();
    await pick(desk, new RegExp(guard.account));
    await desk.getByRole('dialog', { name: '指派' }).getByLabel('整改期限').click();
    await desk.keyboard.type('2099-12-31 18:00');
    await desk.keyboard.press('Enter');
    await desk.getByRole('dialog', { name: '指派' }).getByLabel('说明').fill('请尽快修复门禁');
    await desk
      .getByRole('dialog', { name: '指派' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(drawer.getByText('整改中').first()).toBeVisible();

    // 我的整改 on the phone: 提交整改 with a note and a photo.
    await page.getByText('我的整改').tap();
    await page.getByText(/消防门关闭/).tap();
    await page.getByLabel('整改说明').locator('textarea').fill('已更换闭门器');
    await page.getByLabel('整改拍照').setInputFiles({ name: 'fix.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(page.getByText('已拍 1 张')).toBeVisible();
    await page.getByRole('button', { name: '提交整改' }).tap();
    await expect(page.getByText('暂无待整改的隐患')).toBeVisible({ timeout: 10_000 });

    // The console verifies it: 已关闭, with the whole history and the fix photo.
    await drawer.locator('.ant-drawer-close').click();
    await desk.getByRole('search').getByRole('button', { name: '查询' }).click();
    await expect(rowWith(desk, '消防门关闭')).toContainText('待复核');
    await rowWith(desk, '消防门关闭').getByRole('button', { name: '详情' }).click();
    await drawer.getByRole('button', { name: '复核通过' }).click();
    await desk.getByRole('dialog', { name: '复核通过' }).getByLabel('说明').fill('现场复核正常');
    await desk
      .getByRole('dialog', { name: '复核通过' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(drawer.getByText('已关闭').first()).toBeVisible();
    await expect(drawer.getByLabel('处理记录')).toHaveCount(4);
    await expect(drawer.getByRole('img').first()).toBeVisible();
    await desk.screenshot({ path: testInfo.outputPath('hazard-closed.png') });
    await desk.screenshot({ path: '/tmp/hazard-closed.png' });
    await deskContext.close();
  });
});

test.describe('隐患管理 on the demo data', () => {
  test.use({
    baseURL: process.env.E2E_DEMO_URL,
    viewport: { width: 1440, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  test.beforeEach(({ page }) => useDemoClock(page));

  test('lists the demo’s hazards in every state, filters by state, and counts them in 隐患统计', async ({
    page,
  }, testInfo) => {
    await login(page, 'zhuguan', 'demo1234');
    await menuEntry(page, '隐患管理').click();
    const table = page.getByRole('table', { name: '隐患列表' });
    for (const state of ['待处理', '整改中', '待复核', '已关闭', '已忽略']) {
      await expect(table.getByText(state, { exact: true })).toHaveCount(1);
    }
    await page.getByRole('search').getByLabel('状态').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '待复核' }).click();
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath('demo-hazards.png') });
    await page.getByRole('tab', { name: '隐患统计' }).click();
    await expect(page.getByText('隐患最多的 10 个巡检点')).toBeVisible();
    await expect(page.locator('.ant-statistic').filter({ hasText: '已关闭' })).toContainText('1');
    await page.screenshot({ path: testInfo.outputPath('demo-hazard-stats.png') });
  });
});
