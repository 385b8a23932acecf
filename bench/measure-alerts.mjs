// P10: alert delivery (QUALITY.md). 1,000 console streams (`GET Alert/Stream`) held by the bench process, half on
// the server under test and half on a second server on the same PostgreSQL, then a burst of 100 alerts raised the
// raw way (insert + pg_notify in one transaction, as alert.repository.ts `raise()` does). Each delivery's latency is
// from the instant its transaction's COMMIT is sent (never later than "raised", so it cannot flatter the server) to
// the event's arrival at the bench's reader; the baseline is the same NOTIFY heard on a plain LISTEN connection.
// PGlite is one process's: there is no second server, so P10 does not apply to it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { serverModule } from './server-modules.mjs';
import { startServer } from './server.mjs';
import { quantile } from './stats.mjs';

export const STREAMS = 1_000;
export const ALERTS = 100;
/** A server keeps at most this many streams an account (alert-hub.ts), so the streams need 200 accounts. */
const STREAMS_PER_ACCOUNT = 5;
/** Enterprises 2…21 get an admin each, with 5 streams: 100 of the 1,000 streams see only their enterprise. */
const ENTERPRISE_ADMINS = 20;
/** The other 900 streams are the operator's: 180 accounts of organisation 1. */
const ROOT_ACCOUNTS = STREAMS / STREAMS_PER_ACCOUNT - ENTERPRISE_ADMINS;
/** Streams opened at once: each is an authenticated call (session and scope look-ups). */
const OPENING = 50;
/** How long to wait for the last delivery before counting the rest missing, and then for strays or duplicates. */
const WAIT_MS = 30_000;
const SETTLE_MS = 1_000;
const ALERT_CHANNEL = 'guard_tour_alert';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) a process has used: fields 14 and 15 of /proc/<pid>/stat, in 1/100 s ticks. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * One stream on `base`: resolves once the server's first message (`retry:` and `: 已连接`) arrived, with the
 * arrival time of each event's id in `arrivals` (performance.now(), taken as the chunk that completes it arrives).
 */
function openStream(base, agent, token) {
  return new Promise((resolve, reject) => {
    const stream = { arrivals: [], dropped: false, closing: false, close: () => {} };
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
            if (id) stream.arrivals.push([Number(id[1]), now]);
            buffer = buffer.slice(end + 2);
          }
          resolve(stream);
        });
        // A stream the server ends before the bench closes it is a dropped stream.
        response.on('close', () => (stream.dropped ||= !stream.closing));
      },
    );
    request.on('error', (error) => (stream.closing ? undefined : reject(error)));
    stream.close = () => {
      stream.closing = true;
      request.destroy();
    };
  });
}

/**
 * The streams' accounts (the data set has none that can log in): an admin of each enterprise 2…21 and 180 accounts
 * of organisation 1, each with a live session stored as a login stores it (200 logins would meet the login rate
 * limit of the server under test). Answers `{ holdId, token }` per account, the enterprise admins first.
 */
async function streamAccounts(db) {
  const { hashToken } = await serverModule('security/token.js');
  const accounts = [
    ...Array.from({ length: ENTERPRISE_ADMINS }, (_, k) => ({ holdId: 2 + k, userName: `p10admin${2 + k}` })),
    ...Array.from({ length: ROOT_ACCOUNTS }, (_, k) => ({ holdId: 1, userName: `p10root${k + 1}` })),
  ];
  const rows = [];
  for (const account of accounts) {
    const [{ user_id: userId }] = await db.query(
      `insert into account (hold_id, user_name, true_name, password_hash)
       values ($1, $2, $2, 'bench: no password') on conflict (lower(user_name)) where deleted_at is null
       do update set hold_id = excluded.hold_id returning user_id`,
      [account.holdId, account.userName],
    );
    const token = randomBytes(32).toString('hex');
    await db.query(
      `insert into session (token_hash, user_id, hold_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [hashToken(token), userId, account.holdId],
    );
    rows.push({ holdId: account.holdId, token });
  }
  return rows;
}

/** Opens `plans` ({ server, token, path }) `OPENING` at a time. */
async function openAll(plans, agents) {
  const streams = new Array(plans.length);
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const i = next++;
      streams[i] = {
        ...plans[i],
        ...(await openStream(plans[i].server.base, agents[plans[i].serverIndex], plans[i].token)),
      };
    }
  };
  await Promise.all(Array.from({ length: OPENING }, worker));
  return streams;
}

/**
 * Raises `ALERTS` alerts, one transaction each, back to back on one connection (the hardest shape for the servers:
 * one NOTIFY, hence one row query per server, per alert). Alert n belongs to department n (enterprise
 * 2 + (n − 1) % 50). Answers id → { sentMs, path }.
 */
async function burst(client, holdPaths) {
  const raised = new Map();
  for (let n = 1; n <= ALERTS; n += 1) {
    const holdId = 51 + n;
    await client.query('begin');
    const [{ alert_id: id }] = (
      await client.query(
        `insert into alert (kind, subject, hold_id, detail, raised_time)
         values (2, $1, $2, $3, now()) returning alert_id`,
        [`bench:p10:${n}`, holdId, `基准测试告警 ${n}：终端离线`],
      )
    ).rows;
    await client.query('select pg_notify($1, $2)', [ALERT_CHANNEL, String(id)]);
    const sentMs = performance.now();
    await client.query('commit');
    raised.set(Number(id), { sentMs, path: holdPaths.get(holdId) });
  }
  return raised;
}

const latencySummary = (samples) => ({
  n: samples.length,
  p50: quantile(samples, 0.5),
  p99: quantile(samples, 0.99),
  max: samples.length ? Math.max(...samples) : NaN,
});

/** P10 against `server` (already on the data set) and a second server started here on the same database. */
export async function alertDelivery({ server, databaseUrl, dataDir, db }) {
  const accounts = await streamAccounts(db);
  const holdPaths = new Map(
    (await db.query('select hold_id, path from hold where hold_id <= $1', [51 + ALERTS])).map((h) => [
      h.hold_id,
      h.path,
    ]),
  );
  const secondDir = path.join(dataDir, 'p10');
  mkdirSync(secondDir, { recursive: true });
  const second = await startServer({ databaseUrl, dataDir: secondDir, timeoutMs: 600_000 });
  const servers = [server, second];
  const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: Infinity }));
  const raiser = new pg.Client({ connectionString: databaseUrl });
  const listener = new pg.Client({ connectionString: databaseUrl });
  let streams = [];
  try {
    await raiser.connect();
    await listener.connect();
    const heard = new Map();
    listener.on('notification', (m) => {
      const now = performance.now();
      for (const id of m.payload.split(',')) heard.set(Number(id), now);
    });
    await listener.query(`listen ${ALERT_CHANNEL}`);

    await pause(1000);
    const rssBefore = servers.map((s) => s.rssMb());

    // Streams alternate between the servers, five an account: the first 100 are the enterprise admins'.
    const plans = Array.from({ length: STREAMS }, (_, i) => {
      const serverIndex = i % 2;
      const account = accounts[Math.floor(i / STREAMS_PER_ACCOUNT)];
      return { serverIndex, server: servers[serverIndex], token: account.token, path: holdPaths.get(account.holdId) };
    });
    const openStarted = performance.now();
    streams = await openAll(plans, agents);
    const openMs = performance.now() - openStarted;
    await pause(1000);
    const rssOpen = servers.map((s) => s.rssMb());

    // CPU from the burst to the last delivery: who of the three processes on the 2 cores did the work.
    const cpuBefore = [...servers.map((s) => cpuSeconds(s.pid)), cpuSeconds(process.pid)];
    const burstStarted = performance.now();
    const raised = await burst(raiser, holdPaths);
    const burstMs = performance.now() - burstStarted;
    const expectedOf = (stream) => [...raised].filter(([, a]) => a.path.startsWith(stream.path)).map(([id]) => id);
    const expected = streams.reduce((sum, st) => sum + expectedOf(st).length, 0);
    // Polled every 50 ms while deliveries arrive: count cheaply first, then only the burst's own alerts.
    const arrived = () => streams.reduce((sum, st) => sum + st.arrivals.length, 0);
    const received = () => streams.reduce((sum, st) => sum + st.arrivals.filter(([id]) => raised.has(id)).length, 0);
    const waitStarted = performance.now();
    while ((arrived() < expected || received() < expected) && performance.now() - waitStarted < WAIT_MS) {
      await pause(50);
    }
    const deliveredMs = performance.now() - burstStarted;
    const [cpuA, cpuB, cpuBench] = [...servers.map((s) => cpuSeconds(s.pid)), cpuSeconds(process.pid)].map(
      (after, i) => after - cpuBefore[i],
    );
    await pause(SETTLE_MS);
    const rssAfter = servers.map((s) => s.rssMb());

    const latencies = [];
    /** Per alert, its deliveries' latencies: does the burst queue up (the last alert slower than the first)? */
    const byAlert = new Map([...raised.keys()].map((id) => [id, []]));
    let missing = 0;
    let stray = 0;
    let others = 0;
    for (const stream of streams) {
      const firsts = new Map();
      for (const [id, at] of stream.arrivals) {
        if (!raised.has(id)) others += 1;
        else if (firsts.has(id) || !raised.get(id).path.startsWith(stream.path)) stray += 1;
        else firsts.set(id, at);
      }
      for (const id of expectedOf(stream)) {
        if (firsts.has(id)) {
          latencies.push(firsts.get(id) - raised.get(id).sentMs);
          byAlert.get(id).push(latencies.at(-1));
        } else missing += 1;
      }
    }
    const rawLatencies = [...raised].filter(([id]) => heard.has(id)).map(([id, a]) => heard.get(id) - a.sentMs);
    return {
      streams: STREAMS,
      enterpriseStreams: ENTERPRISE_ADMINS * STREAMS_PER_ACCOUNT,
      alerts: ALERTS,
      transactions: ALERTS,
      openMs,
      burstMs,
      deliveredMs,
      cpuSeconds: { servers: [cpuA, cpuB], bench: cpuBench },
      expected,
      missing,
      stray,
      others,
      dropped: streams.filter((st) => st.dropped).length,
      latency: latencySummary(latencies),
      firstAlertP50: quantile([...byAlert.values()][0], 0.5),
      lastAlertP50: quantile([...byAlert.values()].at(-1), 0.5),
      raw: { ...latencySummary(rawLatencies), missing: ALERTS - rawLatencies.length },
      perServer: servers.map((_, i) => ({
        streams: streams.filter((st) => st.serverIndex === i).length,
        rssBeforeMb: rssBefore[i],
        rssOpenMb: rssOpen[i],
        rssAfterMb: rssAfter[i],
      })),
    };
  } finally {
    for (const stream of streams) stream?.close();
    for (const agent of agents) agent.destroy();
    await raiser.end().catch(() => {});
    await listener.end().catch(() => {});
    await second.stop();
  }
}

/** RSS growth for the streams: the larger of "all open" and "after the burst", over "after the logins". */
export const rssGrowthMb = (s) => Math.max(s.rssOpenMb, s.rssAfterMb) - s.rssBeforeMb;

/** How P10 was measured, and where the CPU went from the burst to the last delivery (for the report's notes). */
export function alertNote(p) {
  const cpu = (n) => `${n.toFixed(1)} s`;
  return (
    "P10: latency from the instant each alert's transaction sends its COMMIT to the event read from its stream in " +
    'the bench process, which reads all 1,000 streams on the same 2 cores; the raw baseline is the same NOTIFY heard ' +
    'on a plain LISTEN connection of the bench. RSS growth: VmRSS of each server with its streams open (or after the ' +
    `burst, if higher) over VmRSS after the logins. From the burst to the last delivery (${cpu(p.deliveredMs / 1000)}) ` +
    `the servers used ${p.cpuSeconds.servers.map(cpu).join(' and ')} of CPU, the bench ${cpu(p.cpuSeconds.bench)}.`
  );
}
