import { expect, test, type Page } from '@playwright/test';
import { callApi, login } from './support.js';
import { appLogin, PHONE, setUpGuard, syncLine, typeCard } from './guard-support.js';

// A guard alone at night (SAFETY.md): the SOS from the phone (phone viewport, touch, Chromium's geolocation
// override) reaches the console open in a second context as a red banner; 已响应 there is seen on the phone.
const WHERE = { latitude: 31.2304, longitude: 121.4737, accuracy: 15 };
test.use({ ...PHONE, geolocation: WHERE, permissions: ['geolocation'] });

interface AlertLine {
  alert_id: number;
  kind: number;
  state: number;
  press_count: number;
  lat: number | null;
  detail: string;
}

const sosOf = (page: Page, token: string, holdId: number) =>
  callApi<AlertLine[]>(page, token, '/Alert/List', { hold_id: holdId, kind: 8, PageIndex: 1, PageSize: 20 });

const sosButton = (page: Page) => page.getByRole('button', { name: '紧急求助（按住3秒）' });

/** Holds the SOS button down for `ms` and lets go. */
async function holdSos(page: Page, ms: number): Promise<void> {
  const box = await sosButton(page).boundingBox();
  if (!box) throw new Error('no SOS button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

test.describe('SOS', () => {
  test('held 3 s on the phone: the console’s red banner within 2 s; 已响应 there reaches the phone', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const guard = await setUpGuard(page);
    const consoleContext = await browser.newContext({
      baseURL,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
    });
    const desk = await consoleContext.newPage();
    await login(desk);
    await expect(desk.getByTestId('sos-banner')).toHaveCount(0);

    await appLogin(page, guard.account, guard.password);
    await holdSos(page, 3_300);
    const pressedAt = Date.now();
    await expect(desk.getByTestId('sos-banner')).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - pressedAt).toBeLessThan(2_000 + 5_000);
    const banner = desk.getByTestId('sos-banner');
    await expect(banner).toContainText('紧急求助');
    await expect(banner).toContainText('在地图中查看');
    await expect(banner.getByRole('link')).toHaveAttribute('href', /uri\.amap\.com\/marker\?position=121\.4737/);
    await expect(page.getByTestId('sos-state')).toHaveText('已送达');
    await desk.screenshot({ path: testInfo.outputPath('console-sos-banner.png') });
    await desk.screenshot({ path: '/tmp/sos-console-banner.png' });

    await banner.getByRole('button', { name: '已响应' }).click();
    await expect(desk.getByTestId('sos-banner')).toHaveCount(0);
    await expect(page.getByTestId('sos-state')).toHaveText(/^已响应（.+）$/, { timeout: 8_000 });
    await page.screenshot({ path: testInfo.outputPath('phone-responded.png') });
    await page.screenshot({ path: '/tmp/sos-phone-responded.png' });
    const [row] = await sosOf(page, guard.token, guard.holdId);
    expect(row).toMatchObject({ state: 2, press_count: 1, lat: WHERE.latitude });
    await consoleContext.close();
  });

  test('a press let go at 2 s sends nothing', async ({ page }) => {
    const guard = await setUpGuard(page);
    await appLogin(page, guard.account, guard.password);
    await holdSos(page, 2_000);
    await page.waitForTimeout(4_000);
    await expect(page.getByTestId('sos-state')).toHaveCount(0);
    expect(await sosOf(page, guard.token, guard.holdId)).toEqual([]);
  });

  test('pressed offline, the SOS is sent first on reconnection, and once', async ({ page, context }) => {
    const guard = await setUpGuard(page);
    await appLogin(page, guard.account, guard.password);
    const order: string[] = [];
    page.on('request', (request) => {
      const name = /\/Terminal\/(Sos|AppPunches)$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) order.push(name);
    });
    await context.setOffline(true);
    await typeCard(page, guard.points[0]!.sn);
    await holdSos(page, 3_300);
    await expect(page.getByTestId('sos-state')).toHaveText('待发送');
    order.length = 0;
    await context.setOffline(false);
    await expect(page.getByTestId('sos-state')).toHaveText('已送达', { timeout: 10_000 });
    await expect(syncLine(page)).toHaveText('打卡已全部上传', { timeout: 10_000 });
    expect(order.filter((name, i) => order.indexOf(name) === i)).toEqual(['Sos', 'AppPunches']);
    await page.waitForTimeout(6_000);
    const rows = await sosOf(page, guard.token, guard.holdId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.press_count).toBe(1);
  });
});

test.describe('where a punch was made', () => {
  test.use({ geolocation: { latitude: 31.2304 + 300 / 111_195, longitude: 121.4737, accuracy: 10 } });

  test('a punch 300 m from its point is 位置异常 and alerted once, shown in 打卡数据', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const guard = await setUpGuard(page);
    const [point] = guard.points;
    const cards = await callApi<{ patrol_id: number; patrol_sn: string }[]>(
      page,
      guard.token,
      '/PatrolCard/SearchList',
      {
        HoldID: guard.holdId,
        search_type: 'patrol_sn',
        key: point!.sn,
        PageIndex: 1,
        PageSize: 10,
      },
    );
    await callApi(page, guard.token, '/PatrolCard/SaveInfo', {
      patrol_id: cards[0]!.patrol_id,
      hold_id: guard.holdId,
      patrol_sn: point!.sn,
      patrol_name: point!.name,
      lat: 31.2304,
      lng: 121.4737,
      radius: 50,
    });
    await appLogin(page, guard.account, guard.password);
    // The app follows the position from log-in: the punch takes the newest fix without waiting.
    await page.waitForTimeout(1_000);
    await typeCard(page, point!.sn);
    await expect(syncLine(page)).toHaveText('打卡已全部上传');
    const rows = await callApi<{ patrol_sn: string; flag: string; distance_m: number | null }[]>(
      page,
      guard.token,
      '/PatrolClockIn/GetPatrolClockInList',
      { search_type: 'card_no', key: point!.sn, PageIndex: 1, PageSize: 10 },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ flag: '位置异常' });
    expect(Math.abs((rows[0]?.distance_m ?? 0) - 300)).toBeLessThanOrEqual(2);
    const alerts = await callApi<AlertLine[]>(page, guard.token, '/Alert/List', {
      hold_id: guard.holdId,
      kind: 10,
      PageIndex: 1,
      PageSize: 10,
    });
    expect(alerts).toHaveLength(1);

    // The console: 打卡数据 shows the flag and the distance; 巡检点管理 the point's position, and 从打卡学习 says
    // why it cannot learn from one punch.
    const consoleContext = await browser.newContext({
      baseURL,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
    });
    const desk = await consoleContext.newPage();
    await login(desk);
    await desk.goto('/patrol/data_manage');
    const table = desk.getByRole('table', { name: '打卡数据列表' });
    const row = table.getByRole('row').filter({ hasText: point!.sn });
    await expect(row).toContainText('位置异常');
    await expect(row).toContainText(/距点 (29[89]|30[0-2]) 米/);
    await desk.screenshot({ path: testInfo.outputPath('records-position.png') });
    await desk.screenshot({ path: '/tmp/sos-records-position.png' });
    await desk.goto('/patrol/card_manage');
    await desk.getByRole('row').filter({ hasText: point!.sn }).getByRole('button', { name: '编辑' }).click();
    const edit = desk.getByRole('dialog', { name: '编辑巡检点' });
    await expect(edit.getByLabel('纬度')).toHaveValue('31.230400');
    await expect(edit.getByLabel('半径')).toHaveValue('50');
    await edit.getByRole('button', { name: '从打卡学习' }).click();
    await expect(desk.getByText('定位样本不足').first()).toBeVisible();
    await desk.screenshot({ path: '/tmp/sos-card-position.png' });
    await consoleContext.close();
  });
});
