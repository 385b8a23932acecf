// P11's size half (QUALITY.md): the guard app's shell ≤ 200 KiB gzip JS on first load. Read from the build's chunk
// graph (dist/.vite/manifest.json): index.html's entry (boot.ts) and what it imports, and the app it loads right
// after the first paint (its own dynamic import, main.tsx) with what that imports; the scanner's decoder and the
// photo shrinker, loaded when first used, are listed apart. Run after the build; fails over budget.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const SHELL_BUDGET_KIB = 200;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(path.basename(chunk.file))) return;
  initial.add(path.basename(chunk.file));
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
for (const app of manifest['index.html']?.dynamicImports ?? []) visit(app);
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
