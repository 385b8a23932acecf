// P3: one authenticated list call under 50 connections through real HTTP (autocannon), beside the same queries
// replayed raw by 50 concurrent driver connections for as long.
import autocannon from 'autocannon';
import { call } from './api.mjs';
import { captureQueries, replay } from './measure-calls.mjs';
import { quantile } from './stats.mjs';

export const CONNECTIONS = 50;
const DURATION_S = 10;

export async function loadOverHttp(base, token, loadCall) {
  const request = loadCall.request();
  // Once by hand: the call must succeed, or the load would only measure refusals.
  await call(base, request.method, request.path, { token, body: request.body });
  const result = await autocannon({
    url: `${base}/proxyserver/api${request.path}`,
    method: request.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    requestsPerSecond: result.requests.total / (result.duration || DURATION_S),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    errorKinds: { socket: result.errors, timeouts: result.timeouts, non2xx: result.non2xx },
    total: result.requests.total,
  };
}

export async function loadRaw(db, services, loadCall, tzName, token) {
  const queries = await captureQueries(db, services, { ...loadCall, pages: 1 }, 1, tzName, token);
  const latencies = [];
  const deadline = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(
    db.connections(CONNECTIONS).map(async (connection) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await replay(connection, queries);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors: 0,
    total: latencies.length,
  };
}
