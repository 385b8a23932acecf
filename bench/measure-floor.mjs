// P13's floor on this machine: P3's load (50 connections, wrk) on the server, and on the least server that
// can answer it (bench/floor-server.mjs: node:http, the call's captured statements on a pool, the envelope), beside
// the raw replay of its statements, alternated. Where the bare server stays under 0.8× the replay too, the rest of
// P13's gap is not in the server's own code. Each side also says whose CPU its requests took (cpu-accounting.mjs).
//
//   BENCH_KEPT_DATASET=postgres://… [ROUNDS=2] node bench/measure-floor.mjs
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginAdmin } from './api.mjs';
import { loadCall } from './calls.mjs';
import { openDatabase } from './database.mjs';
import { cpuLine, withCpuAccounting } from './cpu-accounting.mjs';
import { closedLoopLoad, ensureLoadGenerator } from './http-load.mjs';
import { copyKeptDataset } from './kept-dataset.mjs';
import { captureQueries } from './measure-calls.mjs';
import { CONNECTIONS, loadOverHttp, loadRaw } from './measure-load.mjs';
import { loadServices } from './server-modules.mjs';
import { freePort } from '../scripts/pg-cluster.mjs';
import { startServer } from './server.mjs';

const TZ_NAME = 'Asia/Shanghai';
ensureLoadGenerator();
const copy = await copyKeptDataset();
if (!copy) throw new Error('BENCH_KEPT_DATASET is needed');
const dir = mkdtempSync(path.join(os.tmpdir(), 'floor-'));
const server = await startServer({ databaseUrl: copy.url, dataDir: dir });
const db = await openDatabase({ kind: 'postgres', url: copy.url });
let floor;
try {
  const token = await loginAdmin(server.base);
  const services = await loadServices();
  const statements = await captureQueries(db, services, { ...loadCall(), pages: 1 }, 1, TZ_NAME, token);
  const file = path.join(dir, 'statements.json');
  writeFileSync(
    file,
    JSON.stringify(statements.map(({ query, params, name, rowMode }) => ({ query, params, name, rowMode }))),
  );
  const port = await freePort();
  floor = fork(new URL('./floor-server.mjs', import.meta.url), {
    env: { ...process.env, FLOOR_STATEMENTS: file, DATABASE_URL: copy.url, PORT: String(port) },
  });
  await new Promise((resolve) => floor.once('message', resolve));
  const onFloor = () =>
    closedLoopLoad({ url: `http://127.0.0.1:${port}/`, method: 'POST' }, { connections: CONNECTIONS, seconds: 10 });
  const show = (side) =>
    `${side.requestsPerSecond.toFixed(0)}/s (p50 ${side.p50.toFixed(0)} ms, p99 ${side.p99.toFixed(0)} ms)`;
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round += 1) {
    const served = await withCpuAccounting(server.pid, () => loadOverHttp(server.base, token, loadCall()));
    const bare = await withCpuAccounting(floor.pid, onFloor);
    const raw = await withCpuAccounting(null, () => loadRaw(db, services, loadCall(), TZ_NAME, token));
    console.log(
      `server ${show(served)} · bare server ${show(bare)} · raw ${show(raw)}: server ${(served.requestsPerSecond / raw.requestsPerSecond).toFixed(2)}×, bare ${(bare.requestsPerSecond / raw.requestsPerSecond).toFixed(2)}× the replay`,
    );
    console.log(`  server: ${cpuLine(served)}\n  bare:   ${cpuLine(bare)}\n  raw:    ${cpuLine(raw)}`);
  }
} finally {
  floor?.kill('SIGTERM');
  await db.close();
  await server.stop();
  await copy.drop();
}
