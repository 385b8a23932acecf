import { expect, test } from '@playwright/test';
import {
  apiToken,
  chooseOperation,
  createHold,
  holdTree,
  login,
  rowWith,
  searchList,
  treeNode,
  unique,
} from './support.js';

const PASSWORD = 'Passw0rd-e2e';

test.describe('organisations', () => {
  test('an operator admin creates an enterprise, whose admin then sees only that enterprise', async ({ page }) => {
    const name = unique('华安物业');
    const account = unique('ent');
    await login(page);
    await page.goto('/hold/manage');
    await expect(treeNode(page, '运营商')).toBeVisible();

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增组织' });
    await expect(dialog.getByLabel('上级用户')).toHaveValue('运营商');
    await expect(dialog.getByRole('combobox', { name: '用户类型' })).toBeVisible();
    await expect(dialog.getByText('企业', { exact: true })).toBeVisible();
    await dialog.getByLabel('用户名称').fill(name);
    await dialog.getByLabel('管理账号').fill(account);
    await dialog.getByLabel('密码').fill(PASSWORD);
    await dialog.getByLabel('姓名').fill('陈建国');
    await dialog.getByLabel('联系人').fill('陈先生');
    await dialog.getByRole('button', { name: '确定' }).click();

    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowWith(page, name);
    await expect(row).toContainText(account);
    await expect(row).toContainText('企业');
    await expect(row).toContainText('运营商');
    await expect(treeNode(page, name)).toBeVisible();

    await chooseOperation(page, '退出登录');
    await login(page, account, PASSWORD);
    await page.goto('/hold/manage');
    await expect(treeNode(page, name)).toBeVisible();
    await expect(treeNode(page, '运营商')).toHaveCount(0);
    await expect(holdTree(page).getByRole('treeitem')).toHaveCount(1);
    const own = rowWith(page, name);
    await expect(own).toContainText(account);
    await expect(page.getByRole('row').filter({ hasText: '运营商' }).filter({ hasText: 'admin' })).toHaveCount(0);
    // Its own organisation: no delete, and only an ancestor may change its type and service expiry.
    await expect(own.getByRole('button', { name: '删除' })).toHaveCount(0);
    await own.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑组织' });
    await expect(edit.getByLabel('用户名称')).toHaveValue(name);
    await expect(edit.getByLabel('密码')).toHaveAttribute('placeholder', '不修改请留空');
    await expect(edit.getByLabel('服务到期')).toBeDisabled();
    await expect(edit.getByRole('combobox', { name: '用户类型' })).toBeDisabled();
    await edit.getByRole('button', { name: '取消' }).click();
  });

  test('an enterprise admin adds a department below the enterprise', async ({ page }) => {
    const enterprise = unique('恒通安保');
    const account = unique('ht');
    const department = unique('东区巡逻队');
    await createHold(page, await apiToken(page), { name: enterprise, account, password: PASSWORD });
    await login(page, account, PASSWORD);
    await page.goto('/hold/manage');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增组织' });
    await expect(dialog.getByLabel('上级用户')).toHaveValue(enterprise);
    await dialog.getByRole('combobox', { name: '用户类型' }).click();
    // antd draws the visible choices outside its (hidden) listbox; each carries its text as title.
    await page.getByTitle('部门', { exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: '用户类型' }).locator('xpath=..')).toContainText('部门');
    await dialog.getByLabel('用户名称').fill(department);
    await dialog.getByLabel('管理账号').fill(unique('dq'));
    await dialog.getByLabel('密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(rowWith(page, department)).toContainText('部门');
    await expect(rowWith(page, department)).toContainText(enterprise);
    await expect(holdTree(page).getByRole('treeitem')).toHaveCount(2);

    // Picking the department in the tree lists it alone.
    await treeNode(page, department).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(rowWith(page, department)).toBeVisible();
  });

  test('the dialog says what is missing before anything is sent', async ({ page }) => {
    await login(page);
    await page.goto('/hold/manage');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增组织' });
    await expect(dialog.getByLabel('上级用户')).toHaveValue('运营商');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请输入用户名、账号和密码！')).toBeVisible();

    await dialog.getByLabel('用户名称').fill(unique('短密码'));
    await dialog.getByLabel('管理账号').fill(unique('pw'));
    await dialog.getByLabel('密码').fill('1234567');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('密码长度在 8 到 20 个字符')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('管理账号').fill('admin');
    await dialog.getByLabel('密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('账号已存在：admin')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('deleting asks first, and names what stands in the way', async ({ page }) => {
    const token = await apiToken(page);
    const parent = unique('华东区');
    const child = unique('杭州站');
    const parentId = await createHold(page, token, { name: parent, account: unique('hd') });
    await createHold(page, token, { name: child, account: unique('hz'), parentId, type: 3 });
    await login(page);
    await page.goto('/hold/manage');
    await searchList(page, '名称', parent);
    await expect(page.getByRole('row')).toHaveCount(2);

    await rowWith(page, parent).getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await expect(confirm).toContainText('此操作将删除该组织信息, 是否继续?');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText(`删除失败！无法删除，「${parent}」仍有下级组织：${child}`)).toBeVisible();
    await expect(confirm).toBeHidden();

    await searchList(page, '名称', child);
    await rowWith(page, child).getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '取消' }).click();
    // Wait for the cancelled question to go, so the next 确定 answers the next one.
    await expect(confirm).toBeHidden();
    await expect(rowWith(page, child)).toBeVisible();
    await rowWith(page, child).getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已删除！')).toBeVisible();
    await expect(rowWith(page, child)).toHaveCount(0);
    await expect(page.getByRole('table')).toContainText('暂无数据');
    await expect(treeNode(page, child)).toHaveCount(0);
  });

  test('organisation 1 has no delete button', async ({ page }) => {
    await login(page);
    await page.goto('/hold/manage');
    const root = page.getByRole('row').nth(1);
    await expect(root).toContainText('运营商');
    await expect(root).toContainText('长期有效');
    await expect(root.getByRole('button', { name: '编辑' })).toBeVisible();
    await expect(root.getByRole('button', { name: '删除' })).toHaveCount(0);
    await expect(page.getByRole('columnheader')).toHaveText([
      '序号',
      '用户名称',
      '用户类型',
      '管理账号',
      '上级用户',
      '服务到期',
      '备注',
      '录入时间',
      '操作',
    ]);
  });
});
