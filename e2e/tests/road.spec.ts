import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, callApi, createHold, login, rowWith, treeNode, unique } from './support.js';

const PASSWORD = 'Passw0rd-e2e';

/** An enterprise of its own with two walkers and three patrol points, made through the API. */
async function setUpEnterprise(page: Page) {
  const token = await apiToken(page);
  const enterprise = unique('路线企业');
  const holdId = await createHold(page, token, { name: enterprise, account: unique('rent') });
  const walkers = [
    { account: unique('zw'), name: '张伟' },
    { account: unique('lq'), name: '李强' },
  ];
  for (const walker of walkers) {
    await callApi(page, token, '/HoldInfo/SaveAccount', {
      user_id: 0,
      hold_id: holdId,
      user_name: walker.account,
      user_password: PASSWORD,
      true_name: walker.name,
    });
  }
  const points = ['东门岗', '北门岗', '配电房'].map((name) => ({ name, sn: unique('R').toUpperCase() }));
  for (const point of points) {
    await callApi(page, token, '/PatrolCard/SaveInfo', {
      patrol_id: 0,
      hold_id: holdId,
      patrol_sn: point.sn,
      patrol_name: point.name,
      location: '',
      remark: '',
    });
  }
  return { token, enterprise, holdId, walkers, points };
}

/** Ticks these entries of a transfer list (in this order) and moves them to the chosen side. */
async function choose(group: Locator, titles: string[]): Promise<void> {
  for (const title of titles) await group.getByText(title, { exact: true }).click();
  await group.getByRole('button', { name: '选入' }).click();
}

test.describe('patrol roads', () => {
  test('an admin adds a weekly road in the detail window, finds it in the list and closes it', async ({ page }) => {
    const { enterprise, holdId, walkers, points } = await setUpEnterprise(page);
    const name = unique('东区周巡');
    await login(page);
    await page.goto('/road/manage');
    await expect(page.getByRole('columnheader')).toHaveText([
      '状态',
      '路线名称',
      '巡检账号',
      '巡检周期',
      '巡检时段',
      '宽限',
      '巡检点',
      '备注',
      '录入时间',
    ]);
    await treeNode(page, enterprise).click();
    await expect(page.getByText('暂无数据').last()).toBeVisible();

    // 新增 opens the detail in a new window, for the organisation picked in the tree.
    const [detail] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: '新增' }).click(),
    ]);
    await expect(detail).toHaveURL(new RegExp(`/patrol/road_detail\\?id=0&holdid=${holdId}$`));
    await expect(detail.getByText('新增路线')).toBeVisible();
    await expect(detail.getByRole('tab')).toHaveCount(0);
    await expect(detail.getByLabel('所属组织')).toHaveValue(enterprise);

    const save = detail.getByRole('button', { name: '保存' });
    await save.click();
    await expect(detail.getByText('请输入路线名称！')).toBeVisible();
    await detail.getByLabel('路线名称').fill(name);
    await save.click();
    await expect(detail.getByText('请选择账号！')).toBeVisible();
    const accounts = detail.getByRole('group', { name: '巡检账号' });
    await choose(accounts, [`张伟(${walkers[0]!.account})`]);
    await save.click();
    await expect(detail.getByText('请选择巡检项！')).toBeVisible();

    // Weekly: 周一–周五 are ticked at first; keep 周一 and 周三.
    await detail.getByRole('radio', { name: '每周' }).check();
    const weekdays = detail.getByRole('group', { name: '巡检星期' });
    for (const day of ['周一', '周二', '周三', '周四', '周五']) {
      await expect(weekdays.getByRole('checkbox', { name: day })).toBeChecked();
    }
    await expect(weekdays.getByRole('checkbox', { name: '周六' })).not.toBeChecked();
    for (const day of ['周二', '周四', '周五']) await weekdays.getByRole('checkbox', { name: day }).uncheck();

    // One time slot: at least 10 minutes long.
    await detail.getByRole('button', { name: '添加时段' }).click();
    await detail.getByLabel('时段1开始').fill('09:00');
    await detail.getByLabel('时段1结束').fill('09:05');
    await save.click();
    await expect(detail.getByText('每个时段至少10分钟').first()).toBeVisible();
    await detail.getByLabel('时段1结束').fill('11:30');

    // Points are walked in the order they are chosen.
    const cards = detail.getByRole('group', { name: '巡检点' });
    const title = (index: number) => `${points[index]!.name}(${points[index]!.sn})`;
    await choose(cards, [title(2), title(0)]);
    await choose(cards, [title(1)]);
    await expect(cards.getByText(`1. ${title(2)}`)).toBeVisible();
    await expect(cards.getByText(`2. ${title(0)}`)).toBeVisible();
    await expect(cards.getByText(`3. ${title(1)}`)).toBeVisible();
    await detail.getByLabel('备注').fill('雨天加巡');

    await save.click();
    const asked = detail.getByRole('dialog', { name: '提示' });
    await expect(asked).toContainText('保存成功，是否继续添加？');
    const closed = detail.waitForEvent('close');
    // The button closes its own window: the click may find the page gone before it finishes, which is its purpose.
    await asked
      .getByRole('button', { name: '关闭窗口' })
      .click()
      .catch((error: unknown) => {
        if (!detail.isClosed()) throw error;
      });
    await closed;

    // The list hears of the save and reads again.
    const row = rowWith(page, name);
    await expect(row).toContainText('每周：周一,周三');
    await expect(row).toContainText('09:00');
    await expect(row).toContainText('11:30');
    await expect(row).toContainText('张伟');
    await expect(row).toContainText('配电房,东门岗,北门岗');
    await expect(row).toContainText('雨天加巡');
    await expect(row.getByText(/^(未开始|进行中|已结束|异常)$/)).toBeVisible();

    // 编辑 opens the same window with the road, its accounts and its points loaded.
    const [edit] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('button', { name: '编辑' }).click(),
    ]);
    await expect(edit).toHaveURL(/\/patrol\/road_detail\?id=\d+&holdid=\d+$/);
    await expect(edit.getByLabel('路线名称')).toHaveValue(name);
    await expect(edit.getByLabel('时段1开始')).toHaveValue('09:00');
    await expect(edit.getByRole('group', { name: '巡检星期' }).getByRole('checkbox', { name: '周三' })).toBeChecked();
    await expect(
      edit.getByRole('group', { name: '巡检星期' }).getByRole('checkbox', { name: '周二' }),
    ).not.toBeChecked();
    await expect(edit.getByRole('group', { name: '巡检点' }).getByText(`1. ${title(2)}`)).toBeVisible();
    await choose(edit.getByRole('group', { name: '巡检账号' }), [`李强(${walkers[1]!.account})`]);
    await edit.getByRole('button', { name: '保存' }).click();
    const again = edit.getByRole('dialog', { name: '提示' });
    await expect(again).toContainText('保存成功，是否继续编辑？');
    await again.getByRole('button', { name: '继续' }).click();
    await expect(again).toBeHidden();
    await expect(edit.getByLabel('路线名称')).toHaveValue(name);
    await edit.close();
    await expect(row).toContainText('张伟,李强');

    // 关闭 asks first, then the road shows 关闭 and has no 关闭 link any more.
    await row.getByRole('button', { name: '关闭' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已关闭！')).toBeVisible();
    await expect(row.getByText('关闭', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: '关闭' })).toHaveCount(0);

    // The status filter finds it among the closed roads only.
    await page.getByRole('search').getByLabel('状态').click();
    await page.getByTitle('关闭', { exact: true }).last().click();
    await expect(row).toBeVisible();
    await page.getByRole('search').getByLabel('状态').click();
    await page.getByTitle('未开始', { exact: true }).last().click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('undefined')).toHaveCount(0);
  });

  test('路线状态 shows the same list, and a new road may continue into another', async ({ page }) => {
    const { enterprise, walkers, points } = await setUpEnterprise(page);
    const first = unique('月巡');
    await login(page);
    await page.goto('/patrol_road/state');
    await treeNode(page, enterprise).click();
    const [detail] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: '新增' }).click(),
    ]);
    await detail.getByLabel('路线名称').fill(first);
    await choose(detail.getByRole('group', { name: '巡检账号' }), [`李强(${walkers[1]!.account})`]);
    await detail.getByRole('radio', { name: '每月' }).check();
    const days = detail.getByRole('group', { name: '巡检日期' });
    await days.getByRole('checkbox', { name: '全选' }).check();
    await expect(days.getByRole('checkbox', { name: '31号' })).toBeChecked();
    await days.getByRole('checkbox', { name: '全选' }).uncheck();
    await days.getByRole('checkbox', { name: '1号', exact: true }).check();
    await days.getByRole('checkbox', { name: '15号' }).check();
    await choose(detail.getByRole('group', { name: '巡检点' }), [`${points[0]!.name}(${points[0]!.sn})`]);
    await detail.getByRole('button', { name: '保存' }).click();
    const asked = detail.getByRole('dialog', { name: '提示' });
    await asked.getByRole('button', { name: '继续' }).click();
    // 继续 starts a new road: the fields are empty again.
    await expect(detail.getByLabel('路线名称')).toHaveValue('');
    await expect(detail.getByRole('radio', { name: '每天' })).toBeChecked();
    await detail.close();

    const row = rowWith(page, first);
    await expect(row).toContainText('每月：1号,15号');
    await expect(row).toContainText('李强');
    await expect(row).toContainText(points[0]!.name);
  });

  test('线路管理 adds, shows, edits and deletes a road with its points', async ({ page }) => {
    const { token, enterprise, holdId, points } = await setUpEnterprise(page);
    const name = unique('南区线路');
    const renamed = unique('南区夜线');
    await login(page);
    await page.goto('/patrol/road_manage');
    await expect(page.getByRole('columnheader')).toHaveText([
      '线路名称',
      '巡检点',
      '宽限',
      '所属组织',
      '备注',
      '录入时间',
      '操作',
    ]);
    const includeChildren = page.getByRole('search').getByRole('checkbox', { name: '包含下级' });
    await expect(includeChildren).toBeChecked();
    await treeNode(page, enterprise).click();

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增线路' });
    await expect(dialog.getByText(enterprise, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请输入线路名称')).toBeVisible();
    await dialog.getByLabel('线路名称').fill(name);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('请选择巡检点')).toBeVisible();
    await choose(dialog.getByRole('group', { name: '巡检点' }), [`${points[1]!.name}(${points[1]!.sn})`]);
    await dialog.getByLabel('备注').fill('夜间加巡');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('恭喜你，提交成功！')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowWith(page, name);
    await expect(row).toContainText(points[1]!.name);
    await expect(row).toContainText(enterprise);
    await expect(row).toContainText('夜间加巡');

    // 查看: the same dialog, read only.
    await row.getByRole('button', { name: '查看' }).click();
    const view = page.getByRole('dialog', { name: '查看线路' });
    await expect(view.getByLabel('线路名称')).toHaveValue(name);
    await expect(view.getByLabel('线路名称')).toBeDisabled();
    await expect(view.getByRole('button', { name: '确定' })).toHaveCount(0);
    // The footer's 关闭 (the corner × is named 关闭 too).
    await view.getByRole('button', { name: '关闭' }).last().click();

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑线路' });
    await expect(edit.getByLabel('线路名称')).toHaveValue(name);
    await edit.getByLabel('线路名称').fill(renamed);
    await choose(edit.getByRole('group', { name: '巡检点' }), [`${points[2]!.name}(${points[2]!.sn})`]);
    await edit.getByRole('button', { name: '确定' }).click();
    await expect(edit).toBeHidden();
    const renamedRow = rowWith(page, renamed);
    await expect(renamedRow).toContainText(`${points[1]!.name},${points[2]!.name}`);

    // A road a task still uses cannot go: the refusal names the task.
    const [found] = await callApi<{ road_id: number }[]>(page, token, '/RoadInfo/GetRoadInfoList', {
      road_name: renamed,
      hold_id: holdId,
    });
    const device = await callApi<{ object_id: number }>(page, token, '/DeviceInfo/SaveDeviceInfo', {
      object_id: 0,
      hold_id: holdId,
      device_no: unique('SNR').toUpperCase(),
      object_type: 1,
      object_name: '南区终端',
    });
    const taskName = unique('南区任务');
    const task = await callApi<{ task_id: number }>(page, token, '/RoadTask/SaveRoadTask', {
      task_id: 0,
      hold_id: holdId,
      task_name: taskName,
      road_id: found!.road_id,
      object_id: device.object_id,
      cycle_repeat_mode: 2,
    });
    await renamedRow.getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await expect(confirm).toContainText('此操作将删除该线路信息, 是否继续?');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText(/^删除失败！.*/)).toContainText(taskName);
    await expect(renamedRow).toBeVisible();

    await callApi(page, token, '/RoadTask/RemoveRoadTask', { task_ids: [task.task_id] });
    await renamedRow.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已删除！')).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
  });

  test('线路管理 lists an organisation’s own roads only when 包含下级 is off', async ({ page }) => {
    const { token, holdId, points } = await setUpEnterprise(page);
    const name = unique('下级线路');
    const cardIds = await callApi<{ patrol_id: number; patrol_sn: string }[]>(page, token, `/PatrolCard/SearchList`, {
      search_type: 'patrol_sn',
      key: points[0]!.sn,
      HoldID: holdId,
      PageIndex: 1,
      PageSize: 25,
    });
    await callApi(page, token, '/RoadInfo/SaveRoadInfoNew', {
      road_id: 0,
      hold_id: holdId,
      road_name: name,
      patrol_card_ids: [cardIds[0]!.patrol_id],
    });
    await login(page);
    await page.goto('/patrol/road_manage');
    // The operator (the root) sees the enterprise's road with 包含下级, and not without.
    await page.getByRole('search').getByLabel('线路名称').fill(name);
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    await expect(rowWith(page, name)).toBeVisible();
    await page.getByRole('search').getByRole('checkbox', { name: '包含下级' }).uncheck();
    await expect(rowWith(page, name)).toHaveCount(0);
    await expect(page.getByText('暂无数据').last()).toBeVisible();
  });
});
