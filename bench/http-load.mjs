// A closed-loop HTTP load for P3 and P13: wrk (Debian's package, C, one thread) holding `connections` kept
// connections for `seconds`, each sending the same request again as soon as its answer arrives. The load generator
// shares the 2 cores with the server and PostgreSQL, and the raw side has none: autocannon spent 0.09–0.12 ms of CPU
// a request on P3's answers, wrk 0.03–0.04 (six rounds of each, alternated, on the 1M set: docs/performance.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackages } from '../scripts/system-packages.mjs';

const WRK = '/usr/bin/wrk';

/** Installs wrk when missing (apt-get, as root), else exits saying how. */
export function ensureLoadGenerator() {
  ensureDebianPackages(['wrk'], WRK, '压力测试 (P3, P13)', 'npm run bench');
}

/** wrk's request, written as a Lua script: its method, body and headers. */
function requestScript({ method, headers, body }) {
  const lines = [`wrk.method = ${JSON.stringify(method)}`];
  if (body !== undefined) lines.push(`wrk.body = ${JSON.stringify(body)}`);
  for (const [name, value] of Object.entries(headers))
    lines.push(`wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`);
  return `${lines.join('\n')}\n`;
}

/** Milliseconds, from wrk's `12.34ms`, `567.89us` or `1.20s`. */
function milliseconds(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text) ?? [];
  if (!unit) throw new Error(`wrk: not a duration: ${text}`);
  return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
}

/** The figures of wrk's report (run with --latency). */
export function readWrkReport(report) {
  const field = (pattern) => {
    const match = pattern.exec(report);
    if (!match) throw new Error(`wrk's report has no ${pattern}:\n${report}`);
    return match[1];
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const [connect, read, write, timeouts] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  return {
    total: Number(field(/(\d+) requests in /)),
    p50: milliseconds(field(/^\s+50%\s+(\S+)$/m)),
    p99: milliseconds(field(/^\s+99%\s+(\S+)$/m)),
    errors: connect + read + write + timeouts + non2xx,
    errorKinds: { socket: connect + read + write, timeouts, non2xx },
  };
}

/**
 * `{ requestsPerSecond, p50, p99, errors, errorKinds, total }` of `connections` connections sending `request`
 * (`{ url, method, headers, body }`) for `seconds`. wrk is this process's child: its CPU is counted as the load
 * generator's (bench/cpu-accounting.mjs).
 */
export async function closedLoopLoad(request, { connections, seconds }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-'));
  const script = path.join(dir, 'request.lua');
  writeFileSync(script, requestScript({ headers: {}, ...request }));
  const started = performance.now();
  try {
    const report = await new Promise((resolve, reject) => {
      const args = ['--threads', '1', '--connections', String(connections), '--duration', `${seconds}s`];
      const child = spawn(WRK, [...args, '--latency', '--script', script, request.url]);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`wrk exited with ${code}:\n${output}`)),
      );
    });
    const figures = readWrkReport(report);
    // Requests over the seconds wrk itself ran (its report's own rate rounds to two decimals).
    const ran = Number(/requests in ([\d.]+)s/.exec(report)?.[1]) || (performance.now() - started) / 1000;
    return { requestsPerSecond: figures.total / ran, ...figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
