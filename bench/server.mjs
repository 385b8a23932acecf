// The server under test: `node apps/server/dist/main.js` as a child process, stopped by its own pid (never through
// npx, STACK.md trap 9), with its peak memory read from /proc.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, serverEnvironment, serverNodeOptions } from '../scripts/lib.mjs';
import { freePort } from '../scripts/pg-cluster.mjs';
import { processTree } from './process-tree.mjs';

export const ADMIN_PASSWORD = 'bench-admin-1';
export const DEVICE_UPLOAD_KEY = 'bench-device-key-0123456789';

/** Answers once the server serves HTTP (any status), or throws when it exits first or times out. */
async function waitForFirstAnswer(base, child, timeoutMs) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/proxyserver/api/UserInfo/checktoken`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw new Error(`server did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the built server; resolves once it answers HTTP, with `startMs` (spawn to first answer) and `stop()`.
 * `env` overrides the benchmark's defaults (DEMO …); `entry` may be scripts/start.mjs (what `npm start` runs, which
 * forwards SIGTERM to its server); node runs with the server's options and environment for its database
 * (`serverNodeOptions`, `serverEnvironment`, as npm start runs it) and `nodeOptions` after them (e.g. `--cpu-prof`
 * to find a cost).
 */
export async function startServer({
  databaseUrl,
  dataDir,
  env = {},
  timeoutMs = 120_000,
  entry = 'apps/server/dist/main.js',
  nodeOptions = [],
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = [];
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeOptions(databaseUrl), ...nodeOptions, path.join(root, entry)], {
    cwd: root,
    env: {
      ...serverEnvironment(databaseUrl),
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      DEVICE_UPLOAD_KEY,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of its output for the error message when it fails.
  const keep = (chunk) => {
    log.push(String(chunk));
    if (log.length > 200) log.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // An exit nobody asked for is reported (with the output's tail) instead of showing up as refused connections.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`✗ server ${child.pid} exited by itself (${signal ?? code}):\n${log.join('').slice(-2000)}`);
  });
  try {
    await waitForFirstAnswer(base, child, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${log.join('')}`);
  }
  const startMs = performance.now() - started;
  return {
    base,
    pid: child.pid,
    startMs,
    output: () => log.join(''),
    /**
     * Peak resident memory since the last `resetPeak()` (VmHWM), in MB: of the server's processes together (a primary
     * and its workers with WORKERS; each one's peak, which overstates the peak of the sum).
     */
    peakRssMb: () => sumKb(child.pid, 'VmHWM') / 1024,
    rssMb: () => sumKb(child.pid, 'VmRSS') / 1024,
    /** Resets VmHWM to the current RSS (Linux clear_refs 5), so a peak belongs to one measurement. */
    resetPeak() {
      for (const pid of processTree(child.pid)) {
        try {
          writeFileSync(`/proc/${pid}/clear_refs`, '5');
        } catch {
          // Not permitted: the peak then covers the whole run, which only overstates it.
        }
      }
    },
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function sumKb(pid, field) {
  return processTree(pid).reduce((total, one) => total + readStatusKb(one, field), 0);
}

function readStatusKb(pid, field) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0; // Ended since it was listed.
  }
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : NaN;
}
