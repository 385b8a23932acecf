import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, callApi, createHold, login, rowWith, treeNode, unique } from './support.js';

/** An enterprise with two points, a road over them and a terminal, made through the API. */
async function setUpEnterprise(page: Page) {
  const token = await apiToken(page);
  const enterprise = unique('任务企业');
  const holdId = await createHold(page, token, { name: enterprise, account: unique('tent') });
  const cardIds: number[] = [];
  for (const name of ['东门岗', '配电房']) {
    const card = await callApi<{ patrol_id: number }>(page, token, '/PatrolCard/SaveInfo', {
      patrol_id: 0,
      hold_id: holdId,
      patrol_sn: unique('T').toUpperCase(),
      patrol_name: name,
    });
    cardIds.push(card.patrol_id);
  }
  const road = unique('夜巡线路');
  await callApi(page, token, '/RoadInfo/SaveRoadInfoNew', {
    road_id: 0,
    hold_id: holdId,
    road_name: road,
    patrol_card_ids: cardIds,
  });
  const deviceNo = unique('SNT').toUpperCase();
  const device = unique('夜巡终端');
  await callApi(page, token, '/DeviceInfo/SaveDeviceInfo', {
    object_id: 0,
    hold_id: holdId,
    device_no: deviceNo,
    object_type: 1,
    object_name: device,
  });
  return { enterprise, road, device, deviceNo };
}

/** Picks an entry of an antd select (its visible choices carry their text as title). */
async function select(page: Page, dialog: Locator, label: string, choice: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByTitle(choice, { exact: true }).last().click();
}

/** Types a time or date into a picker and confirms it with Enter. */
async function typeInto(dialog: Locator, label: string, value: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test.describe('patrol tasks', () => {
  test('an admin adds a weekly overnight task, edits it to monthly and deletes it', async ({ page }) => {
    const { enterprise, road, device, deviceNo } = await setUpEnterprise(page);
    const name = unique('夜间巡逻');
    const renamed = unique('月初巡逻');
    await login(page);
    await page.goto('/patrol/tasks');
    await expect(page.getByRole('columnheader')).toHaveText([
      '任务名称',
      '线路名称',
      '巡检设备',
      '巡检周期',
      '巡检时段',
      '宽限',
      '到期日期',
      '巡检点',
      '状态',
      '所属组织',
      '操作',
    ]);
    await expect(page.getByRole('search').getByRole('checkbox', { name: '包含下级' })).toBeChecked();
    await treeNode(page, enterprise).click();
    await expect(page.getByText('暂无数据').last()).toBeVisible();

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增任务' });
    await expect(dialog.getByText(enterprise, { exact: true })).toBeVisible();
    // The name is asked for as soon as the box is left empty.
    await dialog.getByLabel('任务名称').focus();
    await dialog.getByLabel('任务名称').blur();
    await expect(dialog.getByText('请输入任务名称')).toBeVisible();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByText('请选择线路')).toBeVisible();
    await expect(dialog.getByText('请选择巡检设备')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: '线路' })).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('任务名称').fill(name);
    await select(page, dialog, '线路', road);
    await select(page, dialog, '巡检设备', `${device}(${deviceNo})`);
    // 每周 ticks 周一–周五; this task walks 周一, 周三 and 周六.
    await dialog.getByRole('radio', { name: '每周' }).check();
    const weekdays = dialog.getByRole('group', { name: '巡检星期' });
    await expect(weekdays.getByRole('checkbox', { name: '周五' })).toBeChecked();
    for (const day of ['周二', '周四', '周五']) await weekdays.getByRole('checkbox', { name: day }).uncheck();
    await weekdays.getByRole('checkbox', { name: '周六' }).check();
    // A slot may cross midnight.
    await dialog.getByRole('button', { name: '添加时段' }).click();
    await dialog.getByLabel('时段1开始').fill('22:00');
    await dialog.getByLabel('时段1结束').fill('02:00');
    await expect(dialog.getByText('跨夜')).toBeVisible();
    await typeInto(dialog, '到期日期', '2030-06-30');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = rowWith(page, name);
    await expect(row).toContainText(road);
    await expect(row).toContainText(device);
    await expect(row).toContainText('每周：周一,周三,周六');
    await expect(row).toContainText('22:00');
    await expect(row).toContainText('次日 02:00');
    await expect(row).toContainText('2030-06-30');
    await expect(row).toContainText('东门岗,配电房');
    await expect(row).toContainText(enterprise);
    await expect(row.getByText(/^(未开始|进行中|已结束|异常)$/)).toBeVisible();

    // A new task starts cleared, whatever was typed before.
    await page.getByRole('button', { name: '新增' }).click();
    const fresh = page.getByRole('dialog', { name: '新增任务' });
    await expect(fresh.getByLabel('任务名称')).toHaveValue('');
    await expect(fresh.getByRole('radio', { name: '每天' })).toBeChecked();
    await expect(fresh.getByText('未设时段：全天巡检')).toBeVisible();
    await fresh.getByRole('button', { name: '取消' }).click();

    // 查看 shows the task read only.
    await row.getByRole('button', { name: '查看' }).click();
    const view = page.getByRole('dialog', { name: '查看任务' });
    await expect(view.getByLabel('任务名称')).toHaveValue(name);
    await expect(view.getByLabel('任务名称')).toBeDisabled();
    // The footer's 关闭 (the corner × is named 关闭 too).
    await view.getByRole('button', { name: '关闭' }).last().click();

    // 编辑 loads the task first.
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑任务' });
    await expect(edit.getByLabel('任务名称')).toHaveValue(name);
    await expect(edit.getByLabel('时段1开始')).toHaveValue('22:00');
    await expect(edit.getByRole('group', { name: '巡检星期' }).getByRole('checkbox', { name: '周六' })).toBeChecked();
    await edit.getByLabel('任务名称').fill(renamed);
    await edit.getByRole('radio', { name: '每月' }).check();
    const days = edit.getByRole('group', { name: '巡检日期' });
    await days.getByRole('checkbox', { name: '1号', exact: true }).check();
    await days.getByRole('checkbox', { name: '15号' }).check();
    await edit.getByLabel('时段1结束').fill('23:30');
    await expect(edit.getByText('跨夜')).toHaveCount(0);
    await edit.getByRole('button', { name: '确定' }).click();
    await expect(edit).toBeHidden();
    const renamedRow = rowWith(page, renamed);
    await expect(renamedRow).toContainText('每月：1号,15号');
    await expect(renamedRow).toContainText('23:30');

    // The road-name filter.
    await page.getByRole('search').getByLabel('线路名称').fill('没有这条线路');
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
    await expect(renamedRow).toHaveCount(0);
    await page.getByRole('search').getByLabel('线路名称').fill(road);
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
    await expect(renamedRow).toBeVisible();

    await renamedRow.getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await expect(confirm).toContainText('此操作将删除该任务信息, 是否继续?');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已删除！')).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
    await expect(page.getByText('undefined')).toHaveCount(0);
  });

  test('a single task runs on the day picked for it', async ({ page }) => {
    const { enterprise, road, device, deviceNo } = await setUpEnterprise(page);
    const name = unique('单次检查');
    await login(page);
    await page.goto('/patrol/tasks');
    await treeNode(page, enterprise).click();
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增任务' });
    await dialog.getByLabel('任务名称').fill(name);
    await select(page, dialog, '线路', road);
    await select(page, dialog, '巡检设备', `${device}(${deviceNo})`);
    await dialog.getByRole('radio', { name: '单次' }).check();
    await typeInto(dialog, '执行日期', '2030-01-15');
    await dialog.getByRole('button', { name: '添加时段' }).click();
    await dialog.getByLabel('时段1开始').fill('08:05');
    await dialog.getByLabel('时段1结束').fill('09:00');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    const row = rowWith(page, name);
    await expect(row).toContainText('单次：2030-01-15');
    await expect(row).toContainText('08:05');
    await expect(row).toContainText('长期');

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑任务' });
    await expect(edit.getByLabel('执行日期', { exact: true })).toHaveValue('2030-01-15');
    await edit.getByRole('button', { name: '取消' }).click();
  });
});
