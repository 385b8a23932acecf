import { expect, test } from '@playwright/test';
import { apiToken, callApi, createHold, login, menuEntry, treeNode, unique } from './support.js';

// 漏检报表 by 巡检人 charges a missed round to the guard on duty in its road's shift (SHIFTS.md): not to the road's
// other accounts, nor to a guard on another shift that day (the fresh server, on the real clock: a road saved while
// its window has a minute or two to run, which nobody walks).

/** Local `YYYY-MM-DD` and `HH:mm` in the server's zone (TZ_NAME's default). */
function shanghai(at: Date) {
  const text = at.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
  return { date: text.slice(0, 10), clock: text.slice(11, 16) };
}

test('漏检报表 by 巡检人 charges the missed round to the guard on duty, not the road’s other accounts', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const token = await apiToken(page);
  const holdName = unique('责任物业');
  const holdId = await createHold(page, token, { name: holdName, account: unique('dutyadmin') });
  const account = async (trueName: string) =>
    (
      await callApi<{ user_id: number }>(page, token, '/HoldInfo/SaveAccount', {
        user_id: 0,
        hold_id: holdId,
        user_name: unique('duty'),
        user_password: 'Passw0rd-e2e',
        true_name: trueName,
        role_id: 3,
      })
    ).user_id;
  const onDuty = await account('值班甲');
  const bound = await account('绑定乙');
  const otherShift = await account('夜班丙');
  const shift = async (name: string, start: string, end: string) =>
    (
      await callApi<{ shift_id: number }>(page, token, '/Shift/Save', {
        shift_id: 0,
        hold_id: holdId,
        shift_name: name,
        start_time: start,
        end_time: end,
        grace_minutes: 10,
      })
    ).shift_id;
  const dayShift = await shift('白班', '08:00', '20:00');
  const nightShift = await shift('夜班', '20:00', '08:00');
  // The road's window: began ten minutes ago, ends in a minute or two (a round is owed only for a window that had
  // not ended when its road was saved); its day is the day it began (it may cross midnight).
  const now = Date.now();
  const start = shanghai(new Date(now - 10 * 60_000));
  const end = shanghai(new Date(now + 60_000));
  const day = start.date;
  // That day: 值班甲 on 白班, 夜班丙 on 夜班; 绑定乙 is not rostered but is bound to the road.
  await callApi(page, token, '/Roster/Save', {
    hold_id: holdId,
    cells: [
      { user_id: onDuty, date: day, shift_id: dayShift },
      { user_id: otherShift, date: day, shift_id: nightShift },
    ],
  });
  const card = await callApi<{ patrol_id: number }>(page, token, '/PatrolCard/SaveInfo', {
    patrol_id: 0,
    hold_id: holdId,
    patrol_sn: unique('D').toUpperCase(),
    patrol_name: '东门岗',
    location: '东门',
  });
  const roadName = unique('白班巡逻');
  await callApi(page, token, '/PatrolRoad/SaveRoadInfo', {
    road_id: 0,
    road_name: roadName,
    hold_id: holdId,
    walker_mode: 'shift',
    shift_id: dayShift,
    user_id_list: [bound],
    card_id_list: [card.patrol_id],
    cycle_repeat_type: 1,
    // As a slot, which may cross midnight (a road's one start_time-end_time window may not): run just after
    // midnight, this test's window does.
    time_slots: [{ start_time: start.clock, end_time: end.clock }],
    grace_minutes: 0,
  });

  await login(page);
  await menuEntry(page, '漏检报表').click();
  const report = page.getByRole('table', { name: '漏检报表' });
  await treeNode(page, holdName).click();
  const span = day === shanghai(new Date()).date ? '今天' : '昨天';
  await page.getByRole('radiogroup', { name: '日期范围' }).getByText(span, { exact: true }).click();
  await page.getByRole('radiogroup', { name: '分组' }).getByText('巡检人', { exact: true }).click();
  await expect(report.getByRole('columnheader').first()).toHaveText('巡检人');
  // The round ends and freezes on the server's timer (every 30 s): 查询 again until it is counted missed.
  const rows = report.locator('tbody tr.ant-table-row');
  await expect(async () => {
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    await expect(rows).toHaveCount(1, { timeout: 2_000 });
    // 巡检人, 应巡轮次, 完成轮次, 应巡点数, 正常, 早到, 迟到, 漏检, 完成率.
    await expect(rows.first().locator('td')).toHaveText(['值班甲', '1', '0', '1', '0', '0', '0', '1', '0.0%'], {
      timeout: 2_000,
    });
  }).toPass({ timeout: 180_000 });
  await expect(report).not.toContainText('绑定乙');
  await expect(report).not.toContainText('夜班丙');
  await page.screenshot({ path: test.info().outputPath('missed-by-duty.png') });

  // The drill-down names the guard on duty as the round's walker and the one it is charged to.
  await page.getByRole('button', { name: '值班甲', exact: true }).click();
  const rounds = page.getByRole('dialog').getByRole('table', { name: '巡检轮次' });
  const round = rounds.locator('tbody tr.ant-table-row');
  await expect(round).toHaveCount(1);
  await expect(round).toContainText(roadName);
  await expect(round).toContainText(day);
  // Its cells after the expander: 日期, 路线 / 任务, 时段, 巡检人, 责任人.
  await expect(round.locator('td').nth(4)).toHaveText('值班甲');
  await expect(round.locator('td').nth(5)).toHaveText('值班甲');
  await expect(rounds).not.toContainText('绑定乙');

  // And its 漏检 alert in 告警管理 names the same guard: the enterprise's alerts (other tests raise theirs on the same
  // server meanwhile, and would push it off the first page of everyone's). Whoever froze the round, the freeze timer
  // or the report's own read, raised its alert with the freeze: it is there once the report counts the round missed.
  await page.goto('/sys/alerts');
  await treeNode(page, holdName).click();
  const alert = page.getByRole('row').filter({ hasText: roadName });
  await expect(alert).toHaveCount(1, { timeout: 10_000 });
  await expect(alert).toContainText('（责任人：值班甲）');
  await expect(alert).not.toContainText('绑定乙');
});
