// npm run test:heavy: the heavy reliability tests of QUALITY.md (R7 crash safety of the terminal upload, R8 a
// database outage, R11 the database leader lost on the Patroni + etcd + HAProxy stack, scale-out behind nginx)
// against the built server on throwaway PostgreSQL clusters, and the exports opened in LibreOffice Calc. Installs
// Debian's nginx, libreoffice-calc-nogui, etcd-server, patroni and haproxy when missing (as root), builds the
// server when stale, and ends with one summary line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';
import { ensureHaPackages } from './ha-cluster.mjs';
import { ensureDebianPackages } from './system-packages.mjs';

const started = Date.now();
ensureInstalled();
ensureDebianPackages(['nginx'], '/usr/sbin/nginx', '多服务器测试（scale-out）', 'npm run test:heavy');
ensureDebianPackages(
  ['libreoffice-calc-nogui'],
  '/usr/bin/soffice',
  '导出文件的 LibreOffice 测试',
  'npm run test:heavy',
);
ensureHaPackages('npm run test:heavy');
ensureBuilt({ only: ['packages/contract', 'apps/server'] });

const reports = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-heavy-'));
const output = path.join(reports, 'heavy.json');
const status = run('npx', [
  'vitest',
  'run',
  '-c',
  'apps/server/vitest.heavy.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${output}`,
]);

let totals = { passed: 0, failed: 1, skipped: 0 };
try {
  const report = JSON.parse(readFileSync(output, 'utf8'));
  totals = {
    passed: report.numPassedTests,
    // A file that fails before its tests run (a cluster that does not start) counts as one failure.
    failed: report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
} catch {
  console.error('✗ vitest wrote no report');
}
rmSync(reports, { recursive: true, force: true });

const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `\nheavy total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${seconds} s`,
);
process.exit(status !== 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
