import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// The real server on a fresh embedded database, on a port the test script chose (or a random one).
// Set once in the main process: workers inherit process.env, so they agree on the address.
// Below the kernel's ephemeral range (32768 up): no outgoing connection holds it when the servers bind.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'guard-tour-e2e-'));
// A second server on its own embedded database filled with the demo tenant, for screens that need history.
process.env.E2E_DEMO_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_DEMO_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'guard-tour-e2e-demo-'));
process.env.E2E_DEMO_URL = `http://127.0.0.1:${process.env.E2E_DEMO_PORT}`;
// The SMTP server digests.spec.ts starts in the test process: the demo server mails its scheduled reports there.
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 2);
// The demo server's clock (start-server.mjs) and the browser's on its screens (tests/support.ts): a Wednesday evening
// in mid-month, whatever the day and hour of the run, so the demo shows the same every time: the day's rounds over
// (8 points missed, 75 %), its punches, and 本月 long enough to page.
process.env.E2E_CLOCK_START ??= '2026-03-18T20:00:00+08:00';
process.env.E2E_CLOCK_ORIGIN ??= String(Date.now());
/**
 * Every browser test logs in from 127.0.0.1, as a whole office behind one address would: the servers' per-address
 * login limit (30 a minute by default, R19; tested in rate-limits.test.ts) is raised for them, or two workers'
 * logins meet it and the later tests answer 429.
 */
const E2E_LOGINS_PER_MINUTE = '1000';
const port = Number(process.env.E2E_PORT);
const demoPort = Number(process.env.E2E_DEMO_PORT);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  testDir: './tests',
  // A stray test.only fails the run instead of quietly skipping every other test (QUALITY.md R12).
  forbidOnly: true,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // The console turns antd's motion off for people who ask for less of it: a click never lands on a dialog
    // still zooming into place.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `node ${path.join(root, 'apps/server/dist/main.js')}`,
      url: `http://127.0.0.1:${port}/proxyserver/docs/json`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        DEMO: '0',
        DATABASE_URL: '',
        ADMIN_PASSWORD: '',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: E2E_LOGINS_PER_MINUTE,
        // Every reply the screens read is checked by zod too (http/reply-serializer.ts).
        CHECK_REPLIES: '1',
      },
    },
    {
      command: `node ${path.join(root, 'e2e/start-server.mjs')}`,
      url: `http://127.0.0.1:${demoPort}/proxyserver/docs/json`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(demoPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DEMO_DATA_DIR,
        DEMO: '1',
        DATABASE_URL: '',
        ADMIN_PASSWORD: '',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: E2E_LOGINS_PER_MINUTE,
        // Every reply the screens read is checked by zod too (http/reply-serializer.ts).
        CHECK_REPLIES: '1',
        E2E_CLOCK_START: process.env.E2E_CLOCK_START,
        E2E_CLOCK_ORIGIN: process.env.E2E_CLOCK_ORIGIN,
        SMTP_URL: `smtp://reports:mail-secret@127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: '巡检平台 <patrol@example.com>',
      },
    },
  ],
});
