// P7's size half (QUALITY.md): the console's initial JS ≤ 350 KiB gzip and each lazy chunk ≤ 150 KiB gzip.
// Run on its own (`node bench/bundle-budget.mjs`, a step of `npm test` after the build) it fails over budget;
// the benchmark imports `bundleSizes` for its report.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_BUDGET_KIB = 350;
export const CHUNK_BUDGET_KIB = 150;

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

const gzipKib = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/**
 * Initial JS is what index.html loads before the first screen: its module script and every modulepreload.
 * Everything else under assets/ is a chunk fetched by a lazy route.
 */
export function bundleSizes(dist = defaultDist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initialNames = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?assets\/([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  const assets = path.join(dist, 'assets');
  const files = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, gzipKib: gzipKib(path.join(assets, name)), initial: initialNames.has(name) }));
  const initial = files.filter((f) => f.initial);
  const chunks = files.filter((f) => !f.initial).sort((a, b) => b.gzipKib - a.gzipKib);
  const initialKib = initial.reduce((sum, f) => sum + f.gzipKib, 0);
  const over = chunks.filter((c) => c.gzipKib > CHUNK_BUDGET_KIB);
  return {
    initial,
    initialKib,
    chunks,
    largestChunk: chunks[0] ?? null,
    ok: initial.length > 0 && initialKib <= INITIAL_BUDGET_KIB && over.length === 0,
    over,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = bundleSizes(process.argv[2] ? path.resolve(process.argv[2]) : defaultDist);
  const kib = (n) => `${n.toFixed(1)} KiB`;
  console.log(
    `initial JS: ${kib(sizes.initialKib)} gzip in ${sizes.initial.length} files (budget ${INITIAL_BUDGET_KIB} KiB)`,
  );
  if (sizes.largestChunk) {
    console.log(
      `largest lazy chunk: ${sizes.largestChunk.name} ${kib(sizes.largestChunk.gzipKib)} (budget ${CHUNK_BUDGET_KIB} KiB)`,
    );
  }
  for (const chunk of sizes.over) console.error(`✗ ${chunk.name}: ${kib(chunk.gzipKib)} > ${CHUNK_BUDGET_KIB} KiB`);
  if (sizes.initial.length === 0) console.error('✗ index.html loads no script: is apps/web/dist built?');
  if (sizes.initialKib > INITIAL_BUDGET_KIB) console.error(`✗ initial JS over budget`);
  process.exit(sizes.ok ? 0 : 1);
}
