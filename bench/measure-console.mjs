// P7: the built console in Debian's Chromium under Lighthouse desktop (`lhci collect`, @lhci/cli 0.15.1 with its
// Lighthouse 12: STACK.md trap 13), served by the server under test on loopback; nothing is downloaded.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { summarize } from './stats.mjs';

const CHROME = '/usr/bin/chromium';
const RUNS = 3;

/** One `lhci collect` (retried once: Chromium may fail to start on a machine busy with other work). */
export function lighthouse(base) {
  try {
    return collect(base);
  } catch {
    return collect(base);
  }
}

function collect(base) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-lhci-'));
  try {
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/@lhci/cli/src/cli.js'),
        'collect',
        `--url=${base}/`,
        `--numberOfRuns=${RUNS}`,
        '--settings.preset=desktop',
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
    return {
      url: `${base}/`,
      runs: reports.length,
      lighthouseVersion: reports[0].lighthouseVersion,
      performance: summarize(reports.map((r) => r.categories.performance.score * 100)),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcpMs: metric('first-contentful-paint'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
