import { expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { apiToken, callApi, createHold, unique } from './support.js';

/** A mid-range Android phone as Playwright's device list describes one: small screen, touch, mobile Chrome. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 393, height: 851 },
  screen: { width: 393, height: 851 },
  deviceScaleFactor: 2.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  reducedMotion: 'reduce',
};

/** The flags of playwright.config.ts, for the browsers a test launches itself. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface GuardSetUp {
  token: string;
  /** The guard's enterprise. */
  holdId: number;
  account: string;
  password: string;
  points: { sn: string; name: string; id: number }[];
}

/** An enterprise with a guard's account, three points and an open road over them, made through the API. */
export async function setUpGuard(page: Page): Promise<GuardSetUp> {
  const token = await apiToken(page);
  const account = unique('guard');
  const password = 'Passw0rd-e2e';
  const holdId = await createHold(page, token, { name: unique('巡检助手物业'), account, password });
  const points: GuardSetUp['points'] = [];
  const ids: number[] = [];
  for (const name of ['东门岗', '配电房', '地库入口']) {
    const sn = unique('M').toUpperCase();
    const card = await callApi<{ patrol_id: number }>(page, token, '/PatrolCard/SaveInfo', {
      patrol_id: 0,
      hold_id: holdId,
      patrol_sn: sn,
      patrol_name: name,
      location: `${name}旁`,
    });
    ids.push(card.patrol_id);
    points.push({ sn, name, id: card.patrol_id });
  }
  await callApi(page, token, '/RoadInfo/SaveRoadInfoNew', {
    road_id: 0,
    hold_id: holdId,
    road_name: unique('手机巡逻线'),
    patrol_card_ids: ids,
  });
  return { token, holdId, account, password, points };
}

/** Punches stored for a card, as 打卡数据 lists them. */
export async function punchesOf(page: Page, token: string, sn: string) {
  return callApi<{ patrol_sn: string; device_no: string; user_name: string; create_time: string }[]>(
    page,
    token,
    '/PatrolClockIn/GetPatrolClockInList',
    { search_type: 'card_no', key: sn, PageIndex: 1, PageSize: 50 },
  );
}

/** The phone's device in 设备管理, found by its number. */
export async function deviceOf(page: Page, token: string, deviceNo: string) {
  const rows = await callApi<{ object_id: number; device_no: string; object_type: number; object_name: string }[]>(
    page,
    token,
    '/DeviceInfo/SearchDeviceList',
    { search_type: 'device_no', key: deviceNo, PageIndex: 1, PageSize: 25 },
  );
  return rows.find((row) => row.device_no === deviceNo) ?? null;
}

/** Logs in on the app's own screen and waits for 今日任务. */
export async function appLogin(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/m/');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).tap();
  await expect(page.getByText('今日任务', { exact: true })).toBeVisible();
}

/** Checks a point by typing its card number (a damaged label). */
export async function typeCard(page: Page, sn: string): Promise<void> {
  await page.getByRole('button', { name: '输入卡号' }).tap();
  await page.getByRole('dialog').getByRole('textbox', { name: '卡号' }).fill(sn);
  await page.getByRole('dialog').getByRole('button', { name: '打卡' }).tap();
  await expect(page.getByText(`卡号${sn}`)).toBeVisible();
  await page.locator('.adm-nav-bar-back').tap();
}

/** The upload line of the app: 待上传 n 条 or 打卡已全部上传. */
export const syncLine = (page: Page) => page.getByRole('status', { name: '上传状态' });

export { writeQrY4m } from '../qr-video.mjs';
