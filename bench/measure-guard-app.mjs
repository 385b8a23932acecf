// P11 (QUALITY.md, GUARD-APP.md Budgets): 巡检助手 at /m/ of the server under test, on loopback.
//  - shell: the first-load JS, as apps/guard/scripts/bundle-budget.mjs counts it (its output read, so there is one
//    definition of "shell"): index.html's module script and modulepreloads, gzip -9; budget 200 KiB.
//  - Lighthouse mobile (`lhci collect` as P7, form factor mobile): LCP with P7's throttling (Lighthouse's simulated
//    desktop figures: 40 ms RTT, 10 Mbps, CPU 1×) and with Lighthouse's own mobile throttling (simulated slow 4G:
//    150 ms RTT, 1.6 Mbps, CPU 4×); the target holds for both.
//  - installable: Lighthouse 12 has no PWA category any more, so Chromium (playwright-core, a fresh profile) loads
//    /m/ and the manifest's fields (name, display, start_url under /m/, icons 192 and 512) and the service worker
//    registered for /m/ are checked here; Chromium's own installability errors (DevTools `Page.
//    getInstallabilityErrors`) are recorded beside them.
//  - scan to stored: Chromium's fake camera showing a point's QR label (a .y4m written here), a guard logged in on
//    /m/ presses 扫码打卡; from the press (the click event's time in the page) until the punch is listed by
//    `PatrolClockIn/GetPatrolClockInList` (polled every 20 ms through the API, so the figure is an upper bound),
//    one distinct point per scan, the browser started anew for each (the fake camera's file is fixed at launch)
//    on the same profile: the guard opens the app and scans.
// playwright-core and qrcode (through e2e/qr-video.mjs) come with the e2e workspace (hoisted to the root node_modules); Chromium is Debian's.
/* global document, window, Element -- inside page.evaluate, which runs in the phone's page */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { writeQrY4m } from '../e2e/qr-video.mjs';
import { root } from '../scripts/lib.mjs';
import { call, loginAdmin } from './api.mjs';
import { summarize } from './stats.mjs';

const CHROME = '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = 3;
export const SHELL_BUDGET_KIB = 200;
export const LCP_BUDGET_MS = 2000;
export const SCAN_BUDGET_MS = 1000;
const POLL_MS = 20;

/** The flags of e2e/playwright.config.ts. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** e2e/tests/guard-support.ts's PHONE: a mid-range Android phone. */
const PHONE = {
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

/** Lighthouse's simulated throttling: P7's (its desktop preset's figures) and its mobile default. */
const THROTTLING = {
  p7: { rttMs: 40, throughputKbps: 10 * 1024, cpuSlowdownMultiplier: 1 },
  mobileSlow4G: { rttMs: 150, throughputKbps: 1.6 * 1024, cpuSlowdownMultiplier: 4 },
};

/** All of P11; each part that fails is reported as `{ error }` and the others still run. */
export async function guardApp(base, { scans = 10 } = {}) {
  const attempt = async (work) => {
    try {
      return await work();
    } catch (error) {
      return { error: String(error?.message ?? error).split('\n')[0] };
    }
  };
  return {
    shell: await attempt(async () => shellSize()),
    lighthouse: {
      p7: await attempt(async () => lighthouseMobile(base, THROTTLING.p7)),
      mobileSlow4G: await attempt(async () => lighthouseMobile(base, THROTTLING.mobileSlow4G)),
    },
    installable: await attempt(() => installability(base)),
    scan: await attempt(() => scanToStored(base, scans)),
  };
}

/** apps/guard/scripts/bundle-budget.mjs's own figure, read from its output. */
function shellSize() {
  const script = path.join(root, 'apps/guard/scripts/bundle-budget.mjs');
  const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  const match = /shell JS: ([\d.]+) KiB gzip in (\d+) files \(budget (\d+) KiB\)/.exec(result.stdout);
  if (!match) throw new Error(`bundle-budget.mjs: ${`${result.stdout}\n${result.stderr}`.trim().slice(-300)}`);
  const later = /loaded later: (.*)/.exec(result.stdout)?.[1] ?? '';
  return {
    kib: Number(match[1]),
    files: Number(match[2]),
    budgetKib: Number(match[3]),
    lazy: [...later.matchAll(/(\S+) ([\d.]+) KiB/g)].map((m) => ({ name: m[1], gzipKib: Number(m[2]) })),
    ok: result.status === 0,
  };
}

/** `lhci collect` on /m/, form factor mobile (Lighthouse's default), with the given simulated throttling. */
function lighthouseMobile(base, throttling) {
  try {
    return collect(base, throttling);
  } catch {
    return collect(base, throttling);
  }
}

function collect(base, throttling) {
  const url = `${base}/m/`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-lhci-'));
  try {
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/@lhci/cli/src/cli.js'),
        'collect',
        `--url=${url}`,
        `--numberOfRuns=${LIGHTHOUSE_RUNS}`,
        '--settings.formFactor=mobile',
        '--settings.throttlingMethod=simulate',
        ...Object.entries(throttling).map(([key, value]) => `--settings.throttling.${key}=${value}`),
        '--settings.onlyCategories=performance',
        `--settings.chromeFlags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`,
      ],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROME }, timeout: 300_000 },
    );
    const reportDir = path.join(dir, '.lighthouseci');
    const reports = (existsSync(reportDir) ? readdirSync(reportDir, { withFileTypes: true }) : [])
      .filter((entry) => /^lhr-.*\.json$/.test(entry.name))
      .map((entry) => JSON.parse(readFileSync(path.join(reportDir, entry.name), 'utf8')));
    if (reports.length === 0) {
      const why = result.error?.message ?? `exit ${result.status} ${result.signal ?? ''}`;
      throw new Error(
        `lhci collect made no report (${why}): ${`${result.stdout}\n${result.stderr}`.trim().slice(-300)}`,
      );
    }
    const metric = (id) => summarize(reports.map((r) => r.audits[id].numericValue));
    const settings = reports[0].configSettings;
    return {
      url,
      runs: reports.length,
      lighthouseVersion: reports[0].lighthouseVersion,
      formFactor: settings.formFactor,
      throttling: {
        method: settings.throttlingMethod,
        rttMs: settings.throttling.rttMs,
        throughputKbps: settings.throttling.throughputKbps,
        cpuSlowdownMultiplier: settings.throttling.cpuSlowdownMultiplier,
      },
      performance: summarize(reports.map((r) => r.categories.performance.score * 100)),
      lcpMs: metric('largest-contentful-paint'),
      fcpMs: metric('first-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      lcpElement:
        reports[0].audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh phone profile loads /m/: the manifest's fields, the service worker for /m/, Chromium's own verdict. */
async function installability(base) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...PHONE,
    executablePath: CHROME,
    args: CHROMIUM_ARGS,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/m/`, { waitUntil: 'load' });
    const found = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      const manifestUrl = link ? new URL(link.getAttribute('href'), document.baseURI).href : null;
      const manifest = manifestUrl ? await (await fetch(manifestUrl)).json() : null;
      // The app registers its worker on `load`; give it time to install and activate.
      const ready = await Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]);
      const registration = await navigator.serviceWorker.getRegistration('/m/');
      return {
        manifestUrl,
        manifest,
        ready,
        scope: registration ? new URL(registration.scope).pathname : null,
        script: registration?.active ? new URL(registration.active.scriptURL).pathname : null,
      };
    });
    let chromiumErrors = null;
    try {
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      chromiumErrors = installabilityErrors.map((e) => e.errorId);
    } catch {
      // An older or newer Chromium without the command: the checks below stand alone.
    }
    const m = found.manifest ?? {};
    const sizes = new Set((m.icons ?? []).flatMap((icon) => String(icon.sizes ?? '').split(/\s+/)));
    const startUrl = m.start_url ? new URL(m.start_url, found.manifestUrl).pathname : null;
    const checks = {
      manifest: found.manifest !== null,
      name: Boolean(m.name || m.short_name),
      display: ['standalone', 'fullscreen', 'minimal-ui'].includes(m.display),
      startUrl: startUrl !== null && startUrl.startsWith('/m/'),
      icons192And512: sizes.has('192x192') && sizes.has('512x512'),
      serviceWorker: found.ready && found.scope === '/m/' && found.script !== null,
    };
    return {
      ok: Object.values(checks).every(Boolean),
      checks,
      name: m.name ?? null,
      display: m.display ?? null,
      startUrl,
      serviceWorker: found.script ? `${found.script} (scope ${found.scope})` : null,
      chromiumErrors,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock milliseconds with sub-millisecond precision, comparable with the page's `timeOrigin + now()`. */
const wallMs = () => performance.timeOrigin + performance.now();

/**
 * An enterprise with its guard (its admin account), `count` points and an open road over them, made through the
 * API as the benchmark's admin; the guard's token polls (its scope is this enterprise alone).
 */
async function setUpGuard(base, count) {
  const admin = await loginAdmin(base);
  const stamp = Date.now().toString(36);
  const account = `p11guard${stamp}`;
  const password = 'Passw0rd-p11';
  const { data: hold } = await call(base, 'POST', '/HoldInfo/SaveHoldInfo', {
    token: admin,
    body: {
      hold_id: 0,
      hold_name: `P11物业${stamp}`,
      hold_type: 2,
      parent_hold_id: 1,
      user_name: account,
      user_password: password,
    },
  });
  const points = [];
  for (let i = 0; i < count; i += 1) {
    const sn = `P11${stamp}${String(i).padStart(2, '0')}`.toUpperCase();
    const { data } = await call(base, 'POST', '/PatrolCard/SaveInfo', {
      token: admin,
      body: { patrol_id: 0, hold_id: hold.hold_id, patrol_sn: sn, patrol_name: `P11巡检点${i + 1}`, location: '' },
    });
    points.push({ id: data.patrol_id, sn, name: `P11巡检点${i + 1}` });
  }
  await call(base, 'POST', '/RoadInfo/SaveRoadInfoNew', {
    token: admin,
    body: {
      road_id: 0,
      hold_id: hold.hold_id,
      road_name: `P11巡逻线${stamp}`,
      patrol_card_ids: points.map((p) => p.id),
    },
  });
  const { data: login } = await call(base, 'POST', '/UserInfo/Login_Web', {
    body: { user_name: account, user_password: password, remember_login: false },
  });
  return { account, password, token: login.token, points };
}

async function storedCount(base, token, sn) {
  const reply = await call(base, 'POST', '/PatrolClockIn/GetPatrolClockInList', {
    token,
    body: { search_type: 'card_no', key: sn, PageIndex: 1, PageSize: 5 },
  });
  return reply.data.filter((row) => row.patrol_sn === sn).length;
}

/** One warm-up scan (it also logs in and registers the phone), then `scans` timed ones, each of another point. */
async function scanToStored(base, scans) {
  const guard = await setUpGuard(base, scans + 1);
  const work = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-scan-'));
  const profile = path.join(work, 'profile');
  const samples = [];
  try {
    for (const [index, point] of guard.points.entries()) {
      const video = path.join(work, `point-${index}.y4m`);
      writeQrY4m(video, `${base}/m/p/${encodeURIComponent(point.sn)}`);
      const context = await chromium.launchPersistentContext(profile, {
        ...PHONE,
        executablePath: CHROME,
        serviceWorkers: 'allow',
        permissions: ['camera'],
        args: [
          ...CHROMIUM_ARGS,
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        page.setDefaultTimeout(30_000);
        await page.goto(`${base}/m/`);
        if (index === 0) {
          await page.getByLabel('账号').fill(guard.account);
          await page.getByLabel('密码').fill(guard.password);
          await page.getByRole('button', { name: '登录' }).click();
        }
        // The app is ready: today's rounds listed, nothing waiting to upload.
        await page.getByText('今日任务', { exact: true }).waitFor();
        await page.getByText(point.sn, { exact: true }).waitFor();
        await page.getByRole('status', { name: '上传状态' }).filter({ hasText: '打卡已全部上传' }).waitFor();
        await page.evaluate(() => {
          document.addEventListener(
            'click',
            (event) => {
              if (event.target instanceof Element && event.target.closest('button')?.textContent?.includes('扫码打卡'))
                window.__p11PressedAt ??= performance.timeOrigin + performance.now();
            },
            { capture: true },
          );
        });
        const upload = {};
        page.on('request', (request) => {
          if (request.url().includes('/Terminal/AppPunches')) upload.sentAt ??= wallMs();
        });
        page.on('response', (response) => {
          if (response.url().includes('/Terminal/AppPunches')) upload.answeredAt ??= wallMs();
        });
        await page.getByRole('button', { name: '扫码打卡' }).click({ noWaitAfter: true });
        let storedAt = null;
        const deadline = wallMs() + 30_000;
        while (storedAt === null && wallMs() < deadline) {
          if ((await storedCount(base, guard.token, point.sn)) > 0) storedAt = wallMs();
          else await sleep(POLL_MS);
        }
        if (storedAt === null) throw new Error(`the scan of ${point.sn} was not stored within 30 s`);
        const pressedAt = await page.evaluate(() => window.__p11PressedAt ?? null);
        if (pressedAt === null) throw new Error('the press on 扫码打卡 was not seen');
        if ((await storedCount(base, guard.token, point.sn)) !== 1) throw new Error(`${point.sn} stored twice`);
        if (index > 0) {
          samples.push({
            totalMs: storedAt - pressedAt,
            toUploadMs: upload.sentAt ? upload.sentAt - pressedAt : NaN,
            uploadMs: upload.sentAt && upload.answeredAt ? upload.answeredAt - upload.sentAt : NaN,
          });
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  }
  const of = (key) => summarize(samples.map((s) => s[key]).filter(Number.isFinite));
  return {
    scans: samples.length,
    pollMs: POLL_MS,
    totalMs: of('totalMs'),
    // From the press to the app's AppPunches request (camera opened, jsQR read the frame, punch queued in
    // IndexedDB), and the request's answer (the server answers after its commit).
    toUploadMs: of('toUploadMs'),
    uploadMs: of('uploadMs'),
    samplesMs: samples.map((s) => Math.round(s.totalMs)),
  };
}

/** Whether P11 met QUALITY.md's targets (Lighthouse on P7's throttling; the scan's p95). */
export function guardAppVerdicts(p) {
  return {
    shell: !p.shell.error && p.shell.kib <= SHELL_BUDGET_KIB && p.shell.ok,
    // Judged on both throttlings: P7's, and Lighthouse's own mobile default (slow 4G, CPU 4×).
    lcp: [p.lighthouse.p7, p.lighthouse.mobileSlow4G].every((l) => l && !l.error && l.lcpMs.median <= LCP_BUDGET_MS),
    installable: !p.installable.error && p.installable.ok,
    scan: !p.scan.error && p.scan.scans > 0 && p.scan.totalMs.p95 <= SCAN_BUDGET_MS,
  };
}
