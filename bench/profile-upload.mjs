// Where an upload batch's time goes: P1's uploads (4 terminals, 1,000-record batches, over HTTP) on a copy of a kept
// data set, alternated `ROUNDS` times with P1's raw INSERT of the same rows. With PG_LOG (the cluster's server.log)
// every statement of the copy is logged by PostgreSQL (`log_min_duration_statement = 0`) and summed per statement
// (parse, bind and execute apart); with PROFILE_DIR the server runs under `--cpu-prof`.
//
//   BENCH_KEPT_DATASET=postgres://… [ROUNDS=3] [PG_LOG=…/server.log] [PROFILE_DIR=…] node bench/profile-upload.mjs
import { closeSync, mkdtempSync, openSync, readSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from './database.mjs';
import { copyKeptDataset } from './kept-dataset.mjs';
import { insertRaw, uploadOverHttp } from './measure-upload.mjs';
import { startServer } from './server.mjs';

const logFile = process.env.PG_LOG;
const copy = await copyKeptDataset();
if (!copy) throw new Error('BENCH_KEPT_DATASET is needed');
if (logFile) {
  const admin = new pg.Client({ connectionString: copy.url });
  await admin.connect();
  await admin.query(
    `alter database "${new URL(copy.url).pathname.slice(1)}" set log_min_duration_statement = ${Number(process.env.LOG_MS ?? 0)}`,
  );
  if (process.env.LOCK_WAITS)
    await admin.query(`alter database "${new URL(copy.url).pathname.slice(1)}" set log_lock_waits = on`);
  await admin.end();
}
// PROFILE_DIR: the server runs under `--cpu-prof` and writes its profile there when stopped.
const server = await startServer({
  databaseUrl: copy.url,
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'profile-up-')),
  nodeOptions: process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [],
});
const db = await openDatabase({ kind: 'postgres', url: copy.url });
try {
  // Warm: one run before the logged ones; then both sides alternated `ROUNDS` times (default 1).
  // Each call on devices of its own: the same devices again would be re-sent batches (疑似代打), not P1.
  await uploadOverHttp(server.base, 0);
  const from = logFile ? statSync(logFile).size : 0;
  for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round += 1) {
    const upload = await uploadOverHttp(server.base, round + 1);
    const raw = await insertRaw(db);
    const p95 = (side) => side.batchMs.p95.toFixed(0);
    console.log(
      `upload ${upload.perSecond.median.toFixed(0)}/s, batch p95 ${p95(upload)} ms; raw ${raw.perSecond.median.toFixed(0)}/s, batch p95 ${p95(raw)} ms: ${(upload.batchMs.p95 / raw.batchMs.p95).toFixed(2)}×`,
    );
  }
  if (logFile) {
    for (const [key, { ms, count }] of statementTotals(logFile, from)) {
      console.log(`${ms.toFixed(0).padStart(8)} ms ${String(count).padStart(6)}× ${key}`);
    }
  }
} finally {
  await db.close();
  await server.stop();
  await copy.drop();
}

/** The log's statements since byte `from`, summed per statement and step: the 40 costliest. */
function statementTotals(logFile, from) {
  const logged = Buffer.alloc(statSync(logFile).size - from);
  const file = openSync(logFile, 'r');
  readSync(file, logged, 0, logged.length, from);
  closeSync(file);
  // The raw INSERT's 16,000 parameters are logged too: only the statements' lines are kept.
  const text = logged
    .toString('utf8')
    .split('\n')
    .filter((line) => !line.includes('DETAIL:  parameters:'))
    .join('\n');
  const totals = new Map();
  const entries = text.matchAll(
    /duration: ([\d.]+) ms {2}(parse|bind|execute|statement)[^:]*: ([\s\S]*?)(?=\n\d{4}-\d\d-\d\d |$)/g,
  );
  for (const match of entries) {
    const statement = match[3].replace(/\s+/g, ' ').replace(/\$\d+/g, '$').trim();
    const key = `${match[2]} ${statement.slice(0, 70)}…${statement.slice(-60)}`;
    const entry = totals.get(key) ?? { ms: 0, count: 0 };
    entry.ms += Number(match[1]);
    entry.count += 1;
    totals.set(key, entry);
  }
  const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
  return rows;
}
