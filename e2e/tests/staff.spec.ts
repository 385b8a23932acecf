import { expect, test } from '@playwright/test';
import { apiToken, createHold, login, rowWith, searchList, treeNode, unique } from './support.js';

const PASSWORD = 'Passw0rd-e2e';

test.describe('accounts', () => {
  test('an admin adds an account, changes its 姓名 and deletes it', async ({ page }) => {
    const account = unique('xj');
    await login(page);
    await page.goto('/staff/manage');
    await expect(page.getByRole('columnheader')).toHaveText([
      '账号',
      '姓名',
      '所属组织',
      '角色',
      '备注',
      '录入时间',
      '操作',
    ]);

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增账号' });
    await expect(dialog.getByRole('combobox', { name: '所属组织' })).toBeVisible();
    await expect(dialog.getByText('运营商', { exact: true })).toBeVisible();
    await dialog.getByLabel('账号').fill(account);
    await dialog.getByLabel('密码').fill(PASSWORD);
    await dialog.getByLabel('姓名').fill('张伟');
    await dialog.getByLabel('备注').fill('夜班巡检员');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchList(page, '名称', account);
    const row = rowWith(page, account);
    await expect(row).toContainText('张伟');
    await expect(row).toContainText('运营商');
    await expect(row).toContainText('夜班巡检员');

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑账号' });
    await expect(edit.getByLabel('账号')).toHaveValue(account);
    await expect(edit.getByLabel('密码')).toHaveValue('');
    await expect(edit.getByLabel('密码')).toHaveAttribute('placeholder', '不修改请留空');
    await edit.getByLabel('姓名').fill('李强');
    await edit.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！').first()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('李强');

    // The 名称 filter matches the person as well as the account.
    await searchList(page, '名称', '李强');
    await expect(rowWith(page, account)).toBeVisible();

    await rowWith(page, account).getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await expect(confirm).toContainText('此操作将删除该账号信息, 是否继续?');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已删除！')).toBeVisible();
    await expect(rowWith(page, account)).toHaveCount(0);
  });

  test('the dialog asks for the account and the password, and the server refuses a duplicate', async ({ page }) => {
    await login(page);
    await page.goto('/staff/manage');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增账号' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请输入账号和密码！')).toBeVisible();

    await dialog.getByLabel('账号').fill(unique('pw'));
    await dialog.getByLabel('密码').fill('short');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('密码长度在 8 到 20 个字符')).toBeVisible();

    await dialog.getByLabel('账号').fill('admin');
    await dialog.getByLabel('密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('账号已存在：admin')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();

    // Editing needs the account only.
    await searchList(page, '名称', 'admin');
    await rowWith(page, '系统管理员').getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑账号' });
    await edit.getByLabel('账号').fill('');
    await edit.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请输入账号！')).toBeVisible();
    await edit.getByRole('button', { name: '取消' }).click();
    // One's own account has no delete button.
    await expect(rowWith(page, '系统管理员').getByRole('button', { name: '删除' })).toHaveCount(0);
  });

  test('a new account belongs to the organisation picked in the tree', async ({ page }) => {
    const enterprise = unique('滨江物业');
    const admin = unique('bj');
    const account = unique('bjxj');
    await createHold(page, await apiToken(page), { name: enterprise, account: admin });
    await login(page);
    await page.goto('/staff/manage');
    await treeNode(page, enterprise).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(rowWith(page, admin)).toContainText(enterprise);

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增账号' });
    await expect(dialog.getByText(enterprise, { exact: true })).toBeVisible();
    await dialog.getByLabel('账号').fill(account);
    await dialog.getByLabel('密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(rowWith(page, account)).toContainText(enterprise);
    await expect(page.getByRole('row')).toHaveCount(3);
  });
});
