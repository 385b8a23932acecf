// P11's size half (QUALITY.md): the guard app's shell ≤ 200 KiB gzip JS on first load (index.html's module script
// and its modulepreloads). Run after the build; fails over budget.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const SHELL_BUDGET_KIB = 200;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/m\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  ),
);
const kib = (name) => gzipSync(readFileSync(path.join(dist, 'assets', name)), { level: 9 }).length / 1024;
const files = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'));
const shell = files.filter((name) => initial.has(name)).reduce((sum, name) => sum + kib(name), 0);
const lazy = files.filter((name) => !initial.has(name)).map((name) => `${name} ${kib(name).toFixed(1)} KiB`);
console.log(
  `guard app shell JS: ${shell.toFixed(1)} KiB gzip in ${initial.size} files (budget ${SHELL_BUDGET_KIB} KiB)`,
);
if (lazy.length) console.log(`  loaded later: ${lazy.join(', ')}`);
if (initial.size === 0 || shell > SHELL_BUDGET_KIB) {
  console.error('✗ guard app shell over budget (or index.html loads no script)');
  process.exit(1);
}
