// npm test: install what is missing, then lint, type check, unit and API tests on PGlite, the API suite again
// on a throwaway PostgreSQL cluster, and the browser tests in Debian's Chromium. Ends with one summary line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, mustRun, root, run } from './lib.mjs';
import { freePort, startCluster } from './pg-cluster.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const reports = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function step(title) {
  console.log(`\n━━ ${title} ━━`);
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky;
    totals.skipped += stats.skipped;
  } catch {
    totals.failed += 1;
  }
}

function vitest(name, args, env = {}) {
  const output = path.join(reports, `${name}.json`);
  const status = run(
    'npx',
    // A stray `.only` fails the run instead of quietly skipping every other test (QUALITY.md R12).
    [
      'vitest',
      'run',
      '--allowOnly=false',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
      ...args,
    ],
    { env },
  );
  countVitest(output);
  if (status !== 0) failedSteps.push(name);
}

ensureInstalled();
ensureSystemPackages();

step('lint and format');
mustRun('npx', ['eslint', '.', '--max-warnings=0']);
mustRun('npx', ['prettier', '--check', '.', '--log-level=warn']);

step('type check');
mustRun('npx', ['tsc', '-b', 'apps/server']);
mustRun('npx', ['tsc', '-b', 'packages/client']);
mustRun('npx', ['tsc', '-p', 'packages/contract/tsconfig.test.json']);
mustRun('npx', ['tsc', '-p', 'packages/client/tsconfig.test.json']);
mustRun('npx', ['tsc', '-p', 'apps/server/tsconfig.test.json']);
mustRun('npx', ['tsc', '-p', 'apps/web']);
mustRun('npx', ['tsc', '-p', 'apps/guard']);
mustRun('npx', ['tsc', '-p', 'e2e']);

step('unit and API tests on PGlite');
vitest('vitest-pglite', []);

step('API tests on PostgreSQL');
if (process.env.DATABASE_URL) {
  vitest('vitest-postgres', ['--project', 'server'], { TEST_DATABASE_URL: process.env.DATABASE_URL });
} else {
  const cluster = await startCluster();
  try {
    vitest('vitest-postgres', ['--project', 'server'], { TEST_DATABASE_URL: cluster.url });
  } finally {
    cluster.stop();
  }
}

step('browser tests in Chromium');
ensureBuilt({ force: true });
if (run('node', ['bench/bundle-budget.mjs']) !== 0) failedSteps.push('bundle budget (QUALITY.md P7)');
const e2eOutput = path.join(reports, 'playwright.json');
const e2eStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  cwd: path.join(root, 'e2e'),
  env: {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOutput,
    E2E_PORT: String(await freePort()),
    E2E_DEMO_PORT: String(await freePort()),
    E2E_SMTP_PORT: String(await freePort()),
  },
});
countPlaywright(e2eOutput);
if (e2eStatus !== 0) failedSteps.push('playwright');

rmSync(reports, { recursive: true, force: true });
console.log('');
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
