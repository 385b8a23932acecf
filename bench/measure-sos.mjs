// P15's SOS line (QUALITY.md; SAFETY.md, issue 34): an SOS from the `Terminal/Sos` call to every one of 1,000 console
// streams held on two servers over one PostgreSQL, p99 ≤ 1 s.
//
//   node bench/measure-sos.mjs [--presses 20] [--history 5]
//   BENCH_KEPT_DATASET=<url> node bench/measure-sos.mjs      (a copy of the kept 10M set: bench/kept-dataset.mjs)
//
// A throwaway cluster, or a copy of the kept data set (QUALITY.md's 10M punches and their alerts), so the SOS's own
// reads and writes (the phone's last punch, the alert row, the stream's scope) run on a populated database; one
// enterprise with 100 console accounts, each holding 5 streams on each server (the hub keeps
// at most 5 per account and server), and guards whose phones are registered through the app's own calls. Each press
// is a different guard's (a new 紧急求助) whose phone has uploaded `--history` app punches at a point of the
// enterprise first (the SOS names its last punch), sent through the two servers in turn, one after another; a delivery's
// latency runs from just before the call is sent to the event read from its stream in this process (which reads all
// 1,000 streams on the same cores). Writes bench/results/postgres-sos.json.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, root } from '../scripts/lib.mjs';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { call, loginAdmin } from './api.mjs';
import { copyKeptDataset } from './kept-dataset.mjs';
import { startServer } from './server.mjs';
import { quantile } from './stats.mjs';

const { values: args } = parseArgs({
  options: { presses: { type: 'string', default: '20' }, history: { type: 'string', default: '5' } },
});
const PRESSES = Number(args.presses);
const HISTORY = Number(args.history);
const ACCOUNTS = 100;
const STREAMS_PER_ACCOUNT_AND_SERVER = 5;
const PASSWORD = 'Bench-sos-2026';
const OPENING = 50;
const WAIT_MS = 10_000;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One stream: resolves once the server's first message arrived; `arrivals` maps an alert id to its first event. */
function openStream(base, agent, token) {
  return new Promise((resolve, reject) => {
    const stream = { arrivals: new Map(), close: () => {} };
    const request = http.get(
      `${base}/proxyserver/api/Alert/Stream`,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`Alert/Stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk) => {
          const now = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const id = /^id: (\d+)$/m.exec(buffer.slice(0, end));
            if (id && !stream.arrivals.has(Number(id[1]))) stream.arrivals.set(Number(id[1]), now);
            buffer = buffer.slice(end + 2);
          }
          resolve(stream);
        });
      },
    );
    request.on('error', (error) => reject(error));
    stream.close = () => request.destroy();
  });
}

const shanghai = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function login(base, userName, client) {
  const reply = await call(base, 'POST', '/UserInfo/Login_Web', {
    body: { user_name: userName, user_password: PASSWORD, ...(client ? { client } : {}) },
  });
  return reply.data.token;
}

/** What the database holds before the run: punches (the kept set's counter table) and alerts. */
async function sizes(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [punches] = (await client.query('select coalesce(sum(n), 0)::bigint as n from punch_count')).rows;
    const [alerts] = (await client.query('select count(*)::bigint as n from alert')).rows;
    return { punches: Number(punches.n), alerts: Number(alerts.n) };
  } finally {
    await client.end();
  }
}

ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const kept = await copyKeptDataset();
const cluster = kept ? null : await startCluster();
const databaseUrl = kept ? kept.url : cluster.url;
const loadBefore = os.loadavg();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-bench-sos-'));
const servers = [];
const streams = [];
const agents = [
  new http.Agent({ keepAlive: true, maxSockets: Infinity }),
  new http.Agent({ keepAlive: true, maxSockets: Infinity }),
];
try {
  for (const name of ['a', 'b']) {
    mkdirSync(path.join(dataDir, name));
    servers.push(
      await startServer({
        databaseUrl,
        dataDir: path.join(dataDir, name),
        timeoutMs: 300_000,
        // 240 log-ins and 20 phones from one address within a minute: the set-up, not what is measured.
        env: { LOGIN_RATE_LIMIT: '0', REGISTER_APP_RATE_LIMIT: '0' },
      }),
    );
  }
  const database = await sizes(databaseUrl);
  console.log(
    `database: ${database.punches.toLocaleString('en')} punches, ${database.alerts.toLocaleString('en')} alerts` +
      (kept ? ' (a copy of the kept data set)' : ''),
  );
  const rootToken = await loginAdmin(servers[0].base);
  const hold = await call(servers[0].base, 'POST', '/HoldInfo/SaveHoldInfo', {
    token: rootToken,
    body: {
      hold_id: 0,
      hold_name: '基准物业',
      hold_type: 2,
      parent_hold_id: 1,
      user_name: 'sos_bench_admin',
      user_password: PASSWORD,
    },
  });
  const holdId = hold.data.hold_id;
  const admin = await login(servers[0].base, 'sos_bench_admin');
  const account = (user_name, role_id) =>
    call(servers[0].base, 'POST', '/HoldInfo/SaveAccount', {
      token: admin,
      body: { user_id: 0, hold_id: holdId, user_name, user_password: PASSWORD, true_name: user_name, role_id },
    });
  for (let i = 0; i < ACCOUNTS; i += 1) await account(`sos_desk_${i}`, 2);
  for (let i = 0; i < PRESSES; i += 1) await account(`sos_guard_${i}`, 3);

  // 100 accounts × 5 streams × 2 servers.
  const plans = [];
  for (let i = 0; i < ACCOUNTS; i += 1) {
    for (const [s, server] of servers.entries()) {
      const token = await login(server.base, `sos_desk_${i}`);
      for (let k = 0; k < STREAMS_PER_ACCOUNT_AND_SERVER; k += 1) plans.push({ s, base: server.base, token });
    }
  }
  const opened = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: OPENING }, async () => {
      while (next < plans.length) {
        const plan = plans[next++];
        streams.push({ ...plan, ...(await openStream(plan.base, agents[plan.s], plan.token)) });
      }
    }),
  );
  const openMs = performance.now() - opened;

  // A point with a position, where each guard's phone punched before its SOS.
  const card = await call(servers[0].base, 'POST', '/PatrolCard/SaveInfo', {
    token: admin,
    body: {
      patrol_id: 0,
      hold_id: holdId,
      patrol_sn: 'SOS-BENCH-GATE',
      patrol_name: '基准北门',
      location: '',
      remark: '',
      lat: 31.23,
      lng: 121.47,
    },
  });
  if (card.code !== 200) throw new Error(`PatrolCard/SaveInfo: ${card.msg}`);
  const guards = [];
  for (let i = 0; i < PRESSES; i += 1) {
    const base = servers[i % 2].base;
    const token = await login(base, `sos_guard_${i}`, 'app');
    const phone = await call(base, 'POST', '/Terminal/RegisterApp', {
      token,
      body: { app_id: `bench-sos-phone-${String(i).padStart(6, '0')}` },
    });
    const minutesAgo = (m) =>
      new Date(Date.now() + 8 * 3_600_000 - m * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    if (HISTORY > 0) {
      const records = Array.from({ length: HISTORY }, (_, k) => ({
        patrol_sn: 'SOS-BENCH-GATE',
        punch_time: minutesAgo(10 * (HISTORY - k)),
        lat: 31.23,
        lng: 121.47,
        accuracy: 10,
      }));
      const uploaded = await call(base, 'POST', '/Terminal/AppPunches', {
        token,
        body: { device_no: phone.data.device_no, records },
      });
      if (uploaded.code !== 200) throw new Error(`Terminal/AppPunches: ${uploaded.msg}`);
    }
    guards.push({ base, token, device_no: phone.data.device_no });
  }
  await pause(1_000);

  const latencies = [];
  const perPress = [];
  let missing = 0;
  for (const [i, guard] of guards.entries()) {
    const sent = performance.now();
    const answer = await call(guard.base, 'POST', '/Terminal/Sos', {
      token: guard.token,
      body: { device_no: guard.device_no, time: shanghai(), sos_id: `bench-sos-press-${i}`, lat: 31.23, lng: 121.47 },
    });
    const callMs = performance.now() - sent;
    const id = answer.data.alert_id;
    const waitStarted = performance.now();
    while (streams.some((s) => !s.arrivals.has(id)) && performance.now() - waitStarted < WAIT_MS) await pause(20);
    const mine = streams.flatMap((s) => (s.arrivals.has(id) ? [s.arrivals.get(id) - sent] : []));
    missing += streams.length - mine.length;
    latencies.push(...mine);
    perPress.push({ callMs, p50: quantile(mine, 0.5), max: Math.max(...mine) });
    await pause(200);
  }
  const result = {
    measured: new Date().toISOString(),
    database: { ...database, kept: kept !== null, historyPerPhone: HISTORY },
    loadAverage: { before: loadBefore, after: os.loadavg(), cores: os.cpus().length },
    streams: streams.length,
    presses: PRESSES,
    openMs,
    deliveries: latencies.length,
    missing,
    latencyMs: {
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: Math.max(...latencies),
    },
    callMs: {
      p50: quantile(
        perPress.map((p) => p.callMs),
        0.5,
      ),
      max: Math.max(...perPress.map((p) => p.callMs)),
    },
    budget: { p99Ms: 1_000 },
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/postgres-sos.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `P15 SOS → ${result.streams} streams on 2 servers, ${PRESSES} presses: p50 ${result.latencyMs.p50.toFixed(0)} ms, ` +
      `p99 ${result.latencyMs.p99.toFixed(0)} ms, max ${result.latencyMs.max.toFixed(0)} ms (≤ 1,000 ms p99), ` +
      `missing ${missing}; the call itself ${result.callMs.p50.toFixed(0)} ms median; load average ` +
      `${loadBefore.map((l) => l.toFixed(1)).join('/')} before, ` +
      `${result.loadAverage.after.map((l) => l.toFixed(1)).join('/')} after (${os.cpus().length} cores)`,
  );
} finally {
  for (const stream of streams) stream.close();
  for (const agent of agents) agent.destroy();
  for (const server of servers) await server.stop();
  cluster?.stop();
  await kept?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
