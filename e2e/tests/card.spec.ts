import { expect, test, type Page } from '@playwright/test';
import { apiToken, createHold, login, rowWith, searchList, treeNode, unique } from './support.js';

/** Picks what the keyword matches, then queries. */
async function searchBy(page: Page, type: string, keyword: string): Promise<void> {
  const select = page.getByRole('search').getByRole('combobox', { name: '查询类型' });
  await select.click();
  // antd draws the visible choices outside its hidden listbox, each with its text as title (last: the drop-down).
  await page.getByTitle(type, { exact: true }).last().click();
  await expect(select.locator('xpath=..')).toContainText(type);
  await searchList(page, '关键字', keyword);
}

/** Data rows of the patrol point table (the header row left out). */
function dataRows(page: Page) {
  return page.getByRole('table', { name: '巡检点列表' }).locator('tbody').getByRole('row');
}

test.describe('patrol points', () => {
  test('an admin records a patrol point, finds it by each search type, edits and deletes it', async ({ page }) => {
    const number = unique('card').toUpperCase();
    const name = unique('东门岗亭');
    const location = unique('东门一号楼');
    await login(page);
    await page.goto('/patrol/card_manage');
    // The selection column (打印二维码) has no title.
    await expect(page.getByRole('columnheader').filter({ hasText: /./ })).toHaveText([
      '卡编号',
      '巡检点名称',
      '所属组织',
      '位置',
      '定位',
      '检查表',
      '备注',
      '录入时间',
      '操作',
    ]);

    await page.getByRole('button', { name: '录入' }).click();
    const dialog = page.getByRole('dialog', { name: '录入巡检点' });
    await expect(dialog.getByText('运营商', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请输入卡编号！')).toBeVisible();

    await dialog.getByLabel('卡编号').fill(number.toLowerCase());
    await dialog.getByLabel('巡检点名称').fill(name);
    await dialog.getByLabel('位置').fill(location);
    await dialog.getByLabel('备注').fill('夜间重点');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    for (const [type, keyword] of [
      ['卡编号', number.toLowerCase()],
      ['巡检点名称', name],
      ['位置', location],
    ] as const) {
      await searchBy(page, type, keyword);
      await expect(dataRows(page)).toHaveCount(1);
      // Card numbers are stored in upper case.
      await expect(rowWith(page, number)).toContainText(name);
    }
    const row = rowWith(page, number);
    await expect(row).toContainText('运营商');
    await expect(row).toContainText(location);
    await expect(row).toContainText('夜间重点');
    await searchBy(page, '位置', number);
    await expect(page.getByText('暂无数据').filter({ visible: true })).toBeVisible();

    await searchBy(page, '卡编号', number);
    await rowWith(page, number).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑巡检点' });
    await expect(edit.getByLabel('卡编号')).toHaveValue(number);
    await expect(edit.getByLabel('巡检点名称')).toHaveValue(name);
    await edit.getByLabel('位置').fill(`${location}北侧`);
    await edit.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！').first()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(rowWith(page, number)).toContainText(`${location}北侧`);

    await rowWith(page, number).getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await expect(confirm).toContainText('此操作将删除该巡检点信息, 是否继续?');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已删除！')).toBeVisible();
    await expect(rowWith(page, number)).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('undefined');
  });

  test('a card number is unique: the server refuses a second point with it', async ({ page }) => {
    const number = unique('dup').toUpperCase();
    await login(page);
    await page.goto('/patrol/card_manage');
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: '录入' }).click();
      const dialog = page.getByRole('dialog', { name: '录入巡检点' });
      await dialog.getByLabel('卡编号').fill(number);
      await dialog.getByLabel('巡检点名称').fill(`重复卡${attempt}`);
      await dialog.getByRole('button', { name: '确定' }).click();
      if (attempt === 1) {
        await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
        await expect(dialog).toBeHidden();
      } else {
        await expect(page.getByText(`卡编号已存在：${number}`)).toBeVisible();
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: '取消' }).click();
      }
    }
    await searchList(page, '关键字', number);
    await expect(dataRows(page)).toHaveCount(1);
  });

  test('a new patrol point belongs to the organisation picked in the tree', async ({ page }) => {
    const enterprise = unique('滨江物业');
    const number = unique('bj').toUpperCase();
    await createHold(page, await apiToken(page), { name: enterprise, account: unique('bjgl') });
    await login(page);
    await page.goto('/patrol/card_manage');
    await treeNode(page, enterprise).click();
    await expect(page.getByText('暂无数据').filter({ visible: true })).toBeVisible();

    await page.getByRole('button', { name: '录入' }).click();
    const dialog = page.getByRole('dialog', { name: '录入巡检点' });
    await expect(dialog.getByText(enterprise, { exact: true })).toBeVisible();
    await dialog.getByLabel('卡编号').fill(number);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, number)).toContainText(enterprise);
  });
});
