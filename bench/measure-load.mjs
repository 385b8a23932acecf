// P3: one authenticated list call under 50 connections through real HTTP (wrk, bench/http-load.mjs), beside the same
// queries replayed raw by 50 concurrent driver connections for as long.
import { call } from './api.mjs';
import { closedLoopLoad } from './http-load.mjs';
import { captureQueries, replay } from './measure-calls.mjs';
import { quantile } from './stats.mjs';

export const CONNECTIONS = 50;
const DURATION_S = 10;

export async function loadOverHttp(base, token, loadCall, seconds = DURATION_S) {
  const request = loadCall.request();
  // Once by hand: the call must succeed, or the load would only measure refusals.
  await call(base, request.method, request.path, { token, body: request.body });
  return closedLoopLoad(
    {
      url: `${base}/proxyserver/api${request.path}`,
      method: request.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    },
    { connections: CONNECTIONS, seconds },
  );
}

export async function loadRaw(db, services, loadCall, tzName, token, seconds = DURATION_S) {
  const queries = await captureQueries(db, services, { ...loadCall, pages: 1 }, 1, tzName, token);
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const connections = db.connections(CONNECTIONS);
  await Promise.all(
    connections.map(async (connection) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await replay(connection, queries);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const ran = (performance.now() - started) / 1000;
  // P3 replays in several rounds: each round's sessions end with it.
  await Promise.all(connections.map((connection) => connection.close()));
  return {
    requestsPerSecond: latencies.length / ran,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors: 0,
    total: latencies.length,
  };
}

/**
 * Rounds of each side in P3 and P13: five, as this machine moves by a fifth between rounds minutes apart (the same
 * server spent 363–503 µs of CPU a request in eight rounds in a row, docs/performance.md), and a median of three
 * followed those moves.
 */
const LOAD_ROUNDS = 5;
/**
 * Seconds of load each side runs before its rounds, not counted. A side's first round was its slowest at the tail:
 * in the 22 PostgreSQL runs kept in bench/results' history (2026-12-02 to 12-04), the server's first round had the
 * longest p99 of its three in 18 (median 112 ms against 68 in its later rounds: its 50 new connections, the load's
 * code paths compiled, its heap grown to the load), the replay's in 16 (74 against 53).
 */
const WARM_UP_S = 5;

/**
 * P3 and P13 as the other calls are measured: both sides warm and alternated, so that a busy machine's moments
 * (a copy's first reads, PostgreSQL's background work) fall on both. `served(seconds)` and `replayed(seconds)` each
 * run one round (the server idle while its statement is replayed); each first runs once for `WARM_UP_S`, not
 * counted, and then which goes first changes each round. Answers each side's medians, field by field (requests a
 * second, p50, p99, CPU a request), errors summed, and every counted round.
 */
export async function alternatedLoad(served, replayed, rounds = LOAD_ROUNDS) {
  const run = { server: served, raw: replayed };
  for (const side of ['server', 'raw']) await run[side](WARM_UP_S);
  const sides = { server: [], raw: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['server', 'raw'] : ['raw', 'server'];
    for (const side of order) sides[side].push(await run[side]());
  }
  return { server: mediansOf(sides.server), raw: mediansOf(sides.raw), rounds: sides };
}

function mediansOf(results) {
  const median = (pick) => quantile(results.map(pick), 0.5);
  const cpu = results[0].cpu;
  return {
    requestsPerSecond: median((r) => r.requestsPerSecond),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    total: results.reduce((sum, r) => sum + r.total, 0),
    ...(cpu && { cpu: Object.fromEntries(Object.keys(cpu).map((key) => [key, median((r) => r.cpu[key])])) }),
  };
}
