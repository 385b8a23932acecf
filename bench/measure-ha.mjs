// node bench/measure-ha.mjs: what high availability costs P1 (device upload, 1,000-record batches, 4 terminals at
// once), measured in one run on three databases one after the other, each beside the driver's own multi-row INSERT:
//
//   single, fast      one PostgreSQL with fsync, synchronous_commit and full_page_writes off (npm run bench's)
//   single, durable   one PostgreSQL on its defaults (fsync and synchronous_commit on): production on one machine
//   HA                scripts/ha-cluster.mjs: 3 Patroni nodes, synchronous_mode, the server through HAProxy
//
// The server and its data set (assets and rounds, no punches) are the benchmark's own (bench/dataset.mjs); each
// database is stopped before the next starts. Writes bench/results/ha-upload.json and prints the table of docs/high-availability.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, root } from '../scripts/lib.mjs';
import { ensureHaPackages, startHaCluster } from '../scripts/ha-cluster.mjs';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { openDatabase } from './database.mjs';
import { generateDataset } from './dataset.mjs';
import { CONCURRENCY, insertRaw, uploadOverHttp } from './measure-upload.mjs';
import { startServer } from './server.mjs';

const TZ_NAME = 'Asia/Shanghai';
const SETUPS = [
  { id: 'fast', label: 'single PostgreSQL, fsync off (npm run bench)', start: () => startCluster({ durable: false }) },
  {
    id: 'durable',
    label: 'single PostgreSQL, durable (fsync, synchronous_commit on)',
    start: () => startCluster({ durable: true }),
  },
  { id: 'ha', label: 'HA: 3 Patroni nodes, synchronous_mode, via HAProxy', start: () => startHaCluster({ nodes: 3 }) },
];

ensureBuilt({ only: ['packages/contract', 'apps/server'] });
ensureHaPackages('node bench/measure-ha.mjs');

const results = {
  meta: {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '?',
    node: process.version,
    concurrency: CONCURRENCY,
  },
  setups: {},
};

for (const setup of SETUPS) {
  console.log(`\n━━ ${setup.label} ━━`);
  const cluster = await setup.start();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-bench-ha-'));
  let server = null;
  let db = null;
  try {
    server = await startServer({ databaseUrl: cluster.url, dataDir });
    db = await openDatabase({ kind: 'postgres', url: cluster.url });
    await generateDataset(db, { punches: 0, tz: TZ_NAME, log: () => {} });
    const http = await uploadOverHttp(server.base);
    const raw = await insertRaw(db);
    results.setups[setup.id] = { label: setup.label, server: http, raw };
    console.log(
      `  server ${Math.round(http.perSecond.median)} punches/s (batch p95 ${Math.round(http.batchMs.p95)} ms), ` +
        `raw INSERT ${Math.round(raw.perSecond.median)} punches/s`,
    );
  } finally {
    await server?.stop();
    await db?.close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const single = results.setups.durable.server.perSecond.median;
const rows = SETUPS.map(({ id }) => {
  const r = results.setups[id];
  return (
    `| ${r.label} | ${Math.round(r.server.perSecond.median).toLocaleString('en')} | ` +
    `${Math.round(r.server.batchMs.median)} / ${Math.round(r.server.batchMs.p95)} | ` +
    `${Math.round(r.raw.perSecond.median).toLocaleString('en')} | ` +
    `${(r.server.perSecond.median / r.raw.perSecond.median).toFixed(2)} | ${(r.server.perSecond.median / single).toFixed(2)} |`
  );
});
const table = [
  '| database | upload, punches/s (median of 3) | batch ms, median / p95 | raw INSERT, punches/s | upload ÷ raw | × single durable |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
].join('\n');
results.table = table;
const out = path.join(root, 'bench', 'results', 'ha-upload.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${table}\n\n→ ${path.relative(root, out)}`);
