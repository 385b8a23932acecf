import { expect, test, type Page } from '@playwright/test';
import { apiToken, callApi, login, rowWith, searchList, unique } from './support.js';

// GUARD-APP.md: 打印二维码 in 巡检点管理, and what a guard reported (事件上报) in 事件记录 and the punch tables.

/** `YYYY-MM-DD HH:mm:ss` in Shanghai, `seconds` from now. */
const shanghai = (seconds: number) =>
  new Date(Date.now() + seconds * 1000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A 2 × 2 PNG (red, green, blue, white): real bytes the browser can draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function createPoint(page: Page, token: string, name: string, location: string): Promise<string> {
  const sn = unique('QR').toUpperCase();
  await callApi(page, token, '/PatrolCard/SaveInfo', {
    patrol_id: 0,
    hold_id: 1,
    patrol_sn: sn,
    patrol_name: name,
    location,
    remark: '',
  });
  return sn;
}

/** Picks what the keyword matches, then queries. */
async function searchBy(page: Page, type: string, keyword: string): Promise<void> {
  const select = page.getByRole('search').getByRole('combobox', { name: '查询类型' });
  await select.click();
  await page.getByTitle(type, { exact: true }).last().click();
  await expect(select.locator('xpath=..')).toContainText(type);
  await searchList(page, '关键字', keyword);
}

test.describe('the guard app in the console', () => {
  test('打印二维码 lays out a label for the picked point with the QR code of its app address', async ({ page }) => {
    const token = await apiToken(page);
    const name = unique('北门岗亭');
    const sn = await createPoint(page, token, name, '北门一号楼');
    // The print dialog is the browser's own: note that it was asked for instead.
    await page.context().addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed =
          ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await login(page);
    await page.goto('/patrol/card_manage');
    await searchBy(page, '卡编号', sn);
    await rowWith(page, sn).getByRole('checkbox').check();
    const [sheet] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: /打印二维码/ }).click(),
    ]);
    await expect(sheet).toHaveURL(/\/patrol\/card_labels\?selection=1$/);
    const labels = sheet.getByRole('list', { name: '巡检点标签' }).getByRole('listitem');
    await expect(labels).toHaveCount(1);
    await expect(labels.first()).toContainText(name);
    await expect(labels.first()).toContainText('北门一号楼');
    await expect(labels.first()).toContainText(sn);
    const code = sheet.getByRole('img', { name: `二维码 ${sn}` });
    await expect(code).toBeVisible();
    expect(await code.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const address = (
      (await await page.request
        .get('/proxyserver/api/Terminal/AppAddress', {
          headers: { Authorization: `Bearer ${token}` },
        })
        .then((response) => response.json())) as { data: { url: string } }
    ).data.url;
    expect(address).toMatch(/\/m\/$/);
    await expect(code).toHaveAttribute('data-url', `${address}p/${sn}`);
    await expect.poll(() => sheet.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1);
    await sheet.emulateMedia({ media: 'print' });
    await sheet.screenshot({ path: test.info().outputPath('card-labels.png'), fullPage: true });
  });

  test('a punch the guard app sent with a note and a photo shows in 事件记录 and 打卡数据', async ({ page }) => {
    const token = await apiToken(page);
    const name = unique('车库入口');
    const sn = await createPoint(page, token, name, '地下一层');
    const note = unique('车库卷帘门未关，已拍照');
    const appId = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    const { device_no } = await callApi<{ device_no: string }>(page, token, '/Terminal/RegisterApp', {
      app_id: appId,
    });
    const uploaded = await page.request.post('/proxyserver/api/Terminal/UploadPhoto', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: 'event.png', mimeType: 'image/png', buffer: PNG } },
    });
    const photo = (await uploaded.json()) as { code: number; msg: string; data: { photo_id: number } };
    expect(photo.code, photo.msg).toBe(200);
    const punched = await callApi<{ accepted: number }>(page, token, '/Terminal/AppPunches', {
      device_no,
      records: [{ patrol_sn: sn, punch_time: shanghai(-60), note, photo_ids: [photo.data.photo_id] }],
    });
    expect(punched.accepted).toBe(1);

    await login(page);
    await page.goto('/patrol/events');
    const table = page.getByRole('table', { name: '事件记录列表' });
    const row = table.getByRole('row').filter({ hasText: note });
    await expect(row).toContainText(name);
    await expect(row).toContainText(sn);
    await expect(row).toContainText(device_no);
    const thumb = row.getByRole('img', { name: '事件照片1' });
    await expect(thumb).toBeVisible();
    await expect(thumb).toHaveAttribute('src', /^blob:/);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await thumb.click();
    await expect(page.locator('.ant-image-preview img').first()).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/patrol/data_manage');
    await searchList(page, '关键字', sn);
    const punch = page.getByRole('table', { name: '打卡数据列表' }).getByRole('row').filter({ hasText: sn });
    await expect(punch).toContainText(note);
    await expect(punch.getByRole('img', { name: '事件照片1' })).toBeVisible();
  });
});
