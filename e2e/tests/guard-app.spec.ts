import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { callApi, unique } from './support.js';
import {
  appLogin,
  CHROMIUM_ARGS,
  deviceOf,
  PHONE,
  punchesOf,
  setUpGuard,
  syncLine,
  typeCard,
  writeQrY4m,
} from './guard-support.js';

// 巡检助手 on a phone (GUARD-APP.md; QUALITY.md R15): phone viewport and touch, Debian's Chromium.
test.use({ ...PHONE });

test.describe('the guard app on a phone', () => {
  test('is installable: its manifest and service worker are served under /m/', async ({ page }) => {
    const manifest = await (await page.request.get('/m/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: '巡检助手', display: 'standalone', start_url: '/m/' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512']);
    expect((await page.request.get('/m/sw.js')).ok()).toBe(true);
    await page.goto('/m/');
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/m/');
  });

  test('a guard logs in, the phone shows up in 设备管理, and a point is checked by typing its number', async ({
    page,
  }) => {
    const guard = await setUpGuard(page);
    await appLogin(page, guard.account, guard.password);
    const deviceNo = await page.evaluate(() => localStorage.getItem('gt.guard.deviceNo'));
    expect(deviceNo).toMatch(/^APP-[A-Z0-9_-]{16,28}$/);
    const device = await deviceOf(page, guard.token, deviceNo!);
    expect(device).toMatchObject({ object_type: 2 });
    expect(device?.object_name).toContain('的手机');

    const [point] = guard.points;
    await typeCard(page, point!.sn);
    await expect(syncLine(page)).toHaveText('打卡已全部上传');
    const rows = await punchesOf(page, guard.token, point!.sn);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ patrol_sn: point!.sn, device_no: deviceNo, user_name: guard.account });

    // The account name is remembered for the next log-in; the password is not.
    await page.getByText('退出').tap();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).tap();
    await expect(page.getByLabel('账号')).toHaveValue(guard.account);
    await expect(page.getByLabel('密码')).toHaveValue('');
  });

  test('a label’s link /m/p/<卡号> opens the app on that point and checks it after log-in', async ({ page }) => {
    const guard = await setUpGuard(page);
    const [, point] = guard.points;
    await page.goto(`/m/p/${encodeURIComponent(point!.sn)}`);
    await page.getByLabel('账号').fill(guard.account);
    await page.getByLabel('密码').fill(guard.password);
    await page.getByRole('button', { name: '登录' }).tap();
    await expect(page.getByText(`卡号${point!.sn}`)).toBeVisible();
    await expect(page).toHaveURL(/\/m\/$/);
    await expect.poll(async () => (await punchesOf(page, guard.token, point!.sn)).length).toBe(1);
  });

  test('the camera reads a point’s QR label and the point is checked', async ({ page, baseURL }, testInfo) => {
    const guard = await setUpGuard(page);
    const [point] = guard.points;
    const video = testInfo.outputPath('label.y4m');
    writeQrY4m(video, `${baseURL}/m/p/${encodeURIComponent(point!.sn)}`);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ ...PHONE, baseURL, permissions: ['camera'] });
      const phone = await context.newPage();
      await appLogin(phone, guard.account, guard.password);
      await phone.getByRole('button', { name: '扫码打卡' }).tap();
      await expect(phone.getByText(`卡号${point!.sn}`)).toBeVisible({ timeout: 15_000 });
      await expect.poll(async () => (await punchesOf(page, guard.token, point!.sn)).length).toBe(1);
    } finally {
      await browser.close();
    }
  });

  test('punches taken offline survive a reload and a closed app, and are stored once each', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const guard = await setUpGuard(page);
    const storage = mkdtempSync(path.join(os.tmpdir(), 'guard-app-phone-'));
    const open = (offline: boolean) =>
      chromium.launchPersistentContext(storage, {
        ...PHONE,
        baseURL,
        offline,
        serviceWorkers: 'allow',
        executablePath: '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
    try {
      let context = await open(false);
      let phone = context.pages()[0] ?? (await context.newPage());
      await appLogin(phone, guard.account, guard.password);
      // The shell is cached once the service worker controls the page.
      await phone.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
        }
      });

      await context.setOffline(true);
      for (const point of guard.points) await typeCard(phone, point.sn);
      await expect(syncLine(phone)).toContainText('待上传 3 条');

      await phone.reload();
      await expect(phone.getByText('今日任务', { exact: true })).toBeVisible();
      await expect(syncLine(phone)).toContainText('待上传 3 条');
      await context.close();

      // The app closed and opened again, still with no network: the queue is intact.
      context = await open(true);
      await context.setOffline(true);
      phone = await context.newPage();
      await phone.goto('/m/');
      await expect(syncLine(phone)).toContainText('待上传 3 条');
      for (const point of guard.points) expect(await punchesOf(page, guard.token, point.sn)).toHaveLength(0);

      await context.setOffline(false);
      await expect(syncLine(phone)).toHaveText('打卡已全部上传', { timeout: 15_000 });
      for (const point of guard.points) expect(await punchesOf(page, guard.token, point.sn)).toHaveLength(1);
      await context.close();
    } finally {
      rmSync(storage, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  test('a phone deleted in 设备管理 sends the guard back to log in; its punch waits and is stored once after', async ({
    page,
  }) => {
    const guard = await setUpGuard(page);
    await appLogin(page, guard.account, guard.password);
    const deviceNo = await page.evaluate(() => localStorage.getItem('gt.guard.deviceNo'));
    const device = await deviceOf(page, guard.token, deviceNo!);
    // The punch is taken with no network, so it is on the phone when the deletion reaches it: whichever call the app
    // makes first once back online (its upload, today's rounds, a check-in) is refused.
    const [point] = guard.points;
    await page.context().setOffline(true);
    await typeCard(page, point!.sn);
    await callApi(page, guard.token, '/DeviceInfo/RemoveDevice', { object_ids: [device!.object_id] });
    await page.context().setOffline(false);
    // The phone's session is revoked with it (401): back to the login screen, saying why.
    await expect(page.getByText('登录已失效，请重新登录')).toBeVisible();
    await expect(page.getByText('1 条打卡仍在手机上，登录后上传')).toBeVisible();
    expect(await punchesOf(page, guard.token, point!.sn)).toHaveLength(0);

    await expect(page.getByLabel('账号')).toHaveValue(guard.account);
    await page.getByLabel('密码').fill(guard.password);
    await page.getByRole('button', { name: '登录' }).tap();
    await expect(page.getByText('今日任务', { exact: true })).toBeVisible();
    await expect.poll(async () => (await punchesOf(page, guard.token, point!.sn)).length).toBe(1);
    // Registered anew: the same number, a new device in 设备管理.
    expect((await deviceOf(page, guard.token, deviceNo!))?.object_id).not.toBe(device!.object_id);
  });

  test('an account without 使用巡检助手 is told so on the login screen', async ({ page }) => {
    const guard = await setUpGuard(page);
    const account = unique('reader');
    await callApi(page, guard.token, '/HoldInfo/SaveAccount', {
      user_id: 0,
      hold_id: guard.holdId,
      user_name: account,
      user_password: guard.password,
      true_name: '只读客户',
      role_id: 4, // 只读: no app.use (ROLES.md)
    });
    await page.goto('/m/');
    await page.getByLabel('账号').fill(account);
    await page.getByLabel('密码').fill(guard.password);
    await page.getByRole('button', { name: '登录' }).tap();
    await expect(page.getByRole('alert')).toHaveText('此账号没有使用巡检助手的权限');
    await expect(page.getByText('今日任务', { exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('gt.guard.deviceNo'))).toBeNull();
  });
});

test.describe('the guard app on a phone, its calls intercepted', () => {
  // page.route does not see a request that a service worker's fetch handler takes (Playwright's page.route notes):
  // once the app's worker controls the page, the lost answer would never be staged.
  test.use({ serviceWorkers: 'block' });

  test('a batch stored by the server whose answer is lost on the way is sent again and stored once', async ({
    page,
  }) => {
    const guard = await setUpGuard(page);
    await appLogin(page, guard.account, guard.password);
    let lost = 0;
    await page.route('**/proxyserver/api/Terminal/AppPunches', async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      // The server gets the batch and stores it; the phone never hears back.
      await route.fetch();
      return route.abort('connectionreset');
    });
    const [point] = guard.points;
    await typeCard(page, point!.sn);
    // The line says 打卡已全部上传 before the punch too: first the lost answer, then the resend.
    await expect.poll(() => lost).toBe(1);
    await expect(syncLine(page)).toHaveText('打卡已全部上传', { timeout: 15_000 });
    expect(await punchesOf(page, guard.token, point!.sn)).toHaveLength(1);
  });
});
