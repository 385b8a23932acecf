import { expect, test, type Locator, type Page } from '@playwright/test';
import { PHONE } from './guard-support.js';
import { apiToken, callApi, createHold, login, menuEntry, rowWith, unique, useDemoClock } from './support.js';

// Several rounds a day (SHIFTS.md, issue 31): a road made with 按间隔生成 has a round per slot in 路线状态 and in
// the guard app, which opens on the one running now; 漏检报表 lists a missed slot as a round of its own.
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Ticks these entries of a transfer list (in this order) and moves them to the chosen side. */
async function choose(group: Locator, titles: string[]): Promise<void> {
  for (const title of titles) await group.getByText(title, { exact: true }).click();
  await group.getByRole('button', { name: '选入' }).click();
}

/** The server's hour in Shanghai now (the e2e server runs on the wall clock). */
function shanghaiHour(): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
}

test.describe('several rounds a day', () => {
  test('a road made with 按间隔生成 shows a round per slot in 路线状态 and the guard app', async ({
    page,
    browser,
    baseURL,
  }) => {
    const token = await apiToken(page);
    const enterprise = unique('时段物业');
    const holdId = await createHold(page, token, { name: enterprise, account: unique('slotadm') });
    const guard = { account: unique('slotguard'), password: 'Passw0rd-e2e' };
    await callApi(page, token, '/HoldInfo/SaveAccount', {
      user_id: 0,
      hold_id: holdId,
      user_name: guard.account,
      user_password: guard.password,
      true_name: '周巡',
    });
    const points: string[] = [];
    for (const name of ['东门岗', '配电房']) {
      const sn = unique('S').toUpperCase();
      await callApi(page, token, '/PatrolCard/SaveInfo', {
        patrol_id: 0,
        hold_id: holdId,
        patrol_sn: sn,
        patrol_name: name,
      });
      points.push(`${name}(${sn})`);
    }

    await login(page);
    const name = unique('全天两小时巡');
    await page.goto(`/patrol/road_detail?id=0&holdid=${holdId}`);
    await page.getByLabel('路线名称').fill(name);
    await choose(page.getByRole('group', { name: '巡检账号' }), [`周巡(${guard.account})`]);
    // 按间隔生成: all day, every two hours, each lasting 1 h 59 min: twelve slots, one of them running now.
    await page.getByRole('button', { name: '按间隔生成' }).click();
    await page.getByLabel('生成开始').fill('00:00');
    await page.getByLabel('生成结束').fill('00:00');
    await page.getByLabel('间隔分钟').fill('120');
    await page.getByLabel('持续分钟').fill('119');
    await expect(page.getByText('将生成 12 个时段')).toBeVisible();
    await page.getByRole('button', { name: '生成', exact: true }).click();
    await expect(page.getByTestId('time-slot')).toHaveCount(12);
    await expect(page.getByLabel('时段2开始')).toHaveValue('02:00');
    await expect(page.getByLabel('时段2结束')).toHaveValue('03:59');
    // An overlap is refused in the server's words before anything is sent.
    await page.getByLabel('时段2开始').fill('01:30');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('时段不能重叠').first()).toBeVisible();
    await page.getByLabel('时段2开始').fill('02:00');
    await choose(page.getByRole('group', { name: '巡检点' }), points);
    await shoot(page, 'slots-road-detail');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText('保存成功');

    // 路线状态: the compact slot text, and 查看轮次 with one line per slot of today still to end, the running first.
    await page.goto('/patrol_road/state');
    const row = rowWith(page, name);
    await expect(row).toContainText('00:00-01:59 等 12 个时段');
    await expect(row.getByText('进行中')).toBeVisible();
    await shoot(page, 'slots-road-list');
    await row.getByRole('button', { name: '查看轮次' }).click();
    const dialog = page.getByRole('dialog', { name: /查看轮次/ });
    const lines = dialog.getByTestId('round-line');
    const expected = 12 - Math.floor(shanghaiHour() / 2);
    await expect(lines.first()).toBeVisible();
    expect(await lines.count()).toBeGreaterThanOrEqual(expected - 1);
    expect(await lines.count()).toBeLessThanOrEqual(expected);
    await expect(lines.first()).toContainText('进行中');
    await expect(lines.first()).toContainText(/时段\d+ \d{2}:00-\d{2}:59/);
    await expect(dialog.getByText('东门岗').first()).toBeVisible();
    await shoot(page, 'slots-road-state');

    // The guard app lists today's rounds slot by slot and opens on the one running now.
    const phone = await browser.newContext({ ...PHONE, baseURL });
    const app = await phone.newPage();
    await app.goto('/m/');
    await app.getByLabel('账号').fill(guard.account);
    await app.getByLabel('密码').fill(guard.password);
    await app.getByRole('button', { name: '登录' }).tap();
    const current = app.locator('[data-current="true"]');
    await expect(current).toContainText(name);
    await expect(current).toContainText('进行中');
    await expect(current).toContainText(/第\d+时段/);
    // One round per slot still to end today (across an even hour one may have ended between the two reads).
    const listed = await app.locator('.round').filter({ hasText: name }).count();
    expect(listed).toBeGreaterThanOrEqual(expected - 1);
    expect(listed).toBeLessThanOrEqual(expected);
    await shoot(app, 'slots-guard-app');
    await phone.close();
  });

  test.describe('on the demo tenant', () => {
    test.use({ baseURL: process.env.E2E_DEMO_URL });
    test.beforeEach(({ page }) => useDemoClock(page));

    test('漏检报表 lists the three-times-a-day check slot by slot, a missed slot among them', async ({ page }) => {
      await login(page);
      // The lists show the demo's slots compactly.
      await page.goto('/road/manage');
      await expect(rowWith(page, '仓储安全巡检')).toContainText('08:00-09:00 等 3 个时段');
      // The night patrol every two hours is a road of four slots.
      await expect(rowWith(page, '夜间全区巡逻')).toContainText('00:00-01:00 等 4 个时段');
      await shoot(page, 'slots-demo-roads');
      await page.goto('/home/dashboard');
      const report = page.waitForResponse((r) => r.url().includes('/Report/Missed'));
      await menuEntry(page, '漏检报表').click();
      await report;
      await page.getByRole('button', { name: '仓储安全巡检', exact: true }).click();
      const drawer = page.getByRole('dialog');
      const table = drawer.getByRole('table', { name: '巡检轮次' });
      await expect(table).toBeVisible();
      for (const window of ['08:00-09:00', '12:00-13:00', '16:00-17:00']) {
        await expect(table.getByText(window).first()).toBeVisible();
      }
      const onlyMissed = page.waitForResponse((r) => r.url().includes('/Report/MissedRounds'));
      await drawer.getByRole('switch').click();
      const missed = (await (await onlyMissed).json()) as {
        data: { slot_no: number; road_name: string; window_start: string; missed: unknown[] }[];
      };
      expect(missed.data.length).toBeGreaterThan(0);
      expect(missed.data.every((round) => round.missed.length > 0)).toBe(true);
      expect(new Set(missed.data.map((round) => round.slot_no)).size).toBeGreaterThanOrEqual(1);
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await shoot(page, 'slots-missed-report');
    });
  });
});
