import { expect, test } from '@playwright/test';
import { callApi, unique } from './support.js';
import { appLogin, PHONE, setUpGuard } from './guard-support.js';

// 上岗 / 下岗 in 巡检助手 (SHIFTS.md): refused with 今天没有排班 until the guard is rostered, then on time, and the
// console's 排班表 has the time (the fresh server, on the real clock).
test.use({ ...PHONE });

function shanghai(at: Date) {
  const text = at.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
  return { date: text.slice(0, 10), clock: text.slice(11, 16) };
}

test('a guard taps 上岗: refused before being rostered, then on time, and 下岗', async ({ page }) => {
  const guard = await setUpGuard(page);
  const staff = await callApi<{ user_id: number; user_name: string }[]>(page, guard.token, '/StaffInfo/SearchList', {
    HoldID: guard.holdId,
  });
  const userId = staff.find((s) => s.user_name === guard.account)!.user_id;
  await appLogin(page, guard.account, guard.password);
  await page.getByRole('button', { name: '上岗' }).tap();
  await expect(page.getByText('今天没有排班')).toBeVisible();

  const now = Date.now();
  const start = shanghai(new Date(now - 5 * 60_000));
  const end = shanghai(new Date(now + 3 * 3_600_000));
  const shiftName = unique('当班');
  const { shift_id: shiftId } = await callApi<{ shift_id: number }>(page, guard.token, '/Shift/Save', {
    shift_id: 0,
    hold_id: guard.holdId,
    shift_name: shiftName,
    start_time: start.clock,
    end_time: end.clock,
    grace_minutes: 10,
  });
  await callApi(page, guard.token, '/Roster/Save', {
    hold_id: guard.holdId,
    cells: [{ user_id: userId, date: start.date, shift_id: shiftId }],
  });
  await page.getByRole('button', { name: '上岗' }).tap();
  await expect(page.getByText(`上岗成功：${shiftName}（正常）`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('on-duty.png') });
  await page.getByRole('button', { name: '下岗' }).tap();
  await expect(page.getByText(`下岗成功：${shiftName}`)).toBeVisible();

  const month = await callApi<{
    rows: {
      user_id: number;
      cells: { date: string; on_duty_time: string; off_duty_time: string; attendance: number }[];
    }[];
  }>(page, guard.token, '/Roster/Month', { hold_id: guard.holdId, month: start.date.slice(0, 7) });
  const cell = month.rows.find((r) => r.user_id === userId)!.cells.find((c) => c.date === start.date)!;
  expect(cell.attendance).toBe(1);
  expect(cell.on_duty_time).not.toBe('');
  expect(cell.off_duty_time).not.toBe('');
});
