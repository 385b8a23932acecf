import { expect, test, type Page } from '@playwright/test';
import { login, PRODUCT } from './support.js';

// QUALITY.md P7 (LCP): index.html paints the login card before any code has loaded, and the server sends the
// console compressed. These tests keep the painted card and React's card in the same place.

const withoutCode = (page: Page) => page.route('**/*.js', (route) => route.abort());

async function boxes(page: Page, card: string) {
  const box = async (selector: string) => (await page.locator(selector).first().boundingBox()) ?? 'missing';
  return { card: await box(card), logo: await box(`${card} svg`), title: await box(`${card} h3`) };
}

test.describe('the first paint', () => {
  test('before the code arrives, the login card is painted where React then draws it', async ({ page }) => {
    await withoutCode(page);
    await page.goto('/login');
    await expect(page.locator('#login-splash').getByRole('heading', { name: PRODUCT })).toBeVisible();
    const painted = await boxes(page, '.login-splash-card');

    await page.unroute('**/*.js');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(page.locator('#login-splash')).toHaveCount(0);
    expect(await boxes(page, '.ant-card')).toEqual(painted);
  });

  test('someone signed in, or on another screen, is not shown the login card ahead', async ({ page }) => {
    await withoutCode(page);
    await page.goto('/home/dashboard');
    await expect(page.locator('#login-splash')).toHaveCount(0);

    await page.unroute('**/*.js');
    await login(page);
    await withoutCode(page);
    await page.goto('/login');
    await expect(page.locator('#login-splash')).toHaveCount(0);
  });

  test('the page and its code are sent compressed', async ({ page }) => {
    const html = await page.request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers()['content-encoding']).toBe('br');
    const script = (await html.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const code = await page.request.get(script ?? '', { headers: { 'accept-encoding': 'gzip' } });
    expect(code.headers()['content-encoding']).toBe('gzip');
    expect(code.headers()['cache-control']).toContain('immutable');
  });
});
