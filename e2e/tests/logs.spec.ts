import { expect, test } from '@playwright/test';
import { apiToken, callApi, fillLogin, login, rowWith, searchList, unique } from './support.js';

test.describe('the audit log', () => {
  test('the operation log shows who added, changed and deleted what', async ({ page }) => {
    const account = unique('log');
    const token = await apiToken(page);
    const { user_id } = await callApi<{ user_id: number }>(page, token, '/HoldInfo/SaveAccount', {
      user_id: 0,
      hold_id: 1,
      user_name: account,
      user_password: 'Passw0rd-e2e',
      true_name: '王强',
    });
    await callApi(page, token, '/HoldInfo/SaveAccount', { user_id, hold_id: 1, user_name: account, true_name: '王刚' });
    await callApi(page, token, '/StaffInfo/RemoveUser', { user_ids: [user_id] });

    await login(page);
    await page.goto('/sys/opt_logs');
    await expect(page.getByRole('columnheader')).toHaveText(['类型', '账号', '姓名', '所属组织', '内容', '时间', 'IP']);
    await searchList(page, '关键字', account);
    const rows = page.getByRole('row').filter({ hasText: account });
    await expect(rows).toHaveCount(3);
    // Newest first: deleted, changed, added.
    await expect(rows.nth(0)).toContainText('删除');
    await expect(rows.nth(1)).toContainText('修改');
    await expect(rows.nth(2)).toContainText('新增');
    await expect(rows.nth(2)).toContainText(`新增账号 ${account}`);
    await expect(rows.nth(2)).toContainText('admin');
    await expect(rows.nth(2)).toContainText('运营商');
    await expect(rows.nth(2)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(page.getByText('undefined')).toHaveCount(0);

    await searchList(page, '关键字', unique('nothing'));
    await expect(page.getByRole('table')).toContainText('暂无数据');
  });

  test('the login log shows logins, including a failed one, and no operations', async ({ page }) => {
    const stranger = unique('nobody');
    await page.goto('/login');
    await fillLogin(page, stranger, 'wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('登录失败! 账号或密码不对!')).toBeVisible();

    await login(page);
    await page.goto('/sys/login_logs');
    await searchList(page, '关键字', stranger);
    await expect(rowWith(page, stranger)).toHaveCount(1);
    await expect(rowWith(page, stranger)).toContainText('登录失败：账号或密码不对');
    await expect(rowWith(page, stranger)).toContainText('登录');

    await searchList(page, '关键字', '登录成功');
    await expect(rowWith(page, 'admin').first()).toBeVisible();
    await expect(rowWith(page, 'admin').first()).toContainText('127.0.0.1');

    await searchList(page, '关键字', '新增账号');
    await expect(page.getByRole('table')).toContainText('暂无数据');
  });
});
