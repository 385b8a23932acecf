// A throwaway PostgreSQL cluster from the machine's binaries, for the API suite and the heavy tests (STACK.md trap 8).
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export function findBinary(name) {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return fromPath;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort().reverse()) {
      const candidate = path.join(base, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`找不到 PostgreSQL 程序 ${name}：请安装 PostgreSQL 15 服务端，或设置 DATABASE_URL`);
}

/**
 * A port nothing listens on, chosen below the kernel's ephemeral range: a port from that range (what `listen(0)`
 * answers) can be taken, before the process it is meant for binds it, as the local end of any outgoing connection
 * (Patroni's, etcd's, a client's), and that process then fails with EADDRINUSE (the R11 run whose HAProxy never
 * listened). Tries random ports of the range below; falls back to one the kernel picks.
 *
 * A port answered once is never answered again by this process: nothing listens on it until its owner starts, so
 * asking again before then could give the same port twice (the R11 run whose node2's Patroni found its REST port
 * taken by node1's PostgreSQL, and HAProxy's checks of that port reached PostgreSQL).
 */
export async function freePort() {
  const [ephemeralStart] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  const high = Math.min(ephemeralStart || 32768, 32768);
  const low = Math.max(high - 12_000, 1024);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (!handedOut.has(port) && (await canListen(port))) return handOut(port);
  }
  for (;;) {
    const port = await listenOnce(0);
    if (!handedOut.has(port)) return handOut(port);
  }
}

/** The ports freePort has answered in this process. */
const handedOut = new Set();

function handOut(port) {
  handedOut.add(port);
  return port;
}

const canListen = (port) =>
  listenOnce(port).then(
    () => true,
    () => false,
  );

function listenOnce(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/** Gives the folder to the `postgres` user (created when missing) when running as root; answers its uid and gid. */
export function ownByPostgres(dir) {
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (ids.status !== 0) spawnSync('useradd', ['--system', '--no-create-home', 'postgres'], { stdio: 'inherit' });
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
  chownSync(dir, uid, gid);
  return { uid, gid };
}

/**
 * Starts a cluster; returns its connection URL, a stop function that removes it, and `halt`/`resume`, which stop
 * PostgreSQL and start it again on the same port and data (a database outage for the heavy tests). Those two are
 * asynchronous so that the caller's own load keeps running while `pg_ctl` waits.
 *
 * `durable: false` (the API suite's fast mode) turns `fsync`, `synchronous_commit` and `full_page_writes` off: a
 * crash of the machine could lose or corrupt what was committed, which no test there causes. `durable: true` keeps
 * PostgreSQL's defaults, so the heavy crash and outage tests (R7, R8) prove durability on the settings production runs.
 * `halt(mode)`: `fast` (sessions cut, a clean shutdown) or `immediate` (no checkpoint: crash recovery at the next start).
 */
export async function startCluster({ durable = false } = {}) {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-pg-'));
  if (asRoot) ownByPostgres(dir);
  const commandOf = (binary, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', findBinary(binary), ...args]] : [findBinary(binary), args];
  const exec = (binary, args) => {
    const result = spawnSync(...commandOf(binary, args), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${binary} 失败：${result.stderr || result.stdout}`);
  };
  const execAsync = async (binary, args) => {
    try {
      await promisify(execFile)(...commandOf(binary, args), { encoding: 'utf8' });
    } catch (error) {
      throw new Error(`${binary} 失败：${error.stderr || error.stdout || error.message}`);
    }
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  exec('initdb', ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const startArgs = [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}`,
  ];
  exec('pg_ctl', startArgs);
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    durable,
    /** `pg_ctl -m fast stop` (sessions cut, the data stays) or `-m immediate` (a crash of PostgreSQL). */
    halt: (mode = 'fast') => execAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    /** Starts the halted cluster again, same port, same data; resolves once it accepts connections. */
    resume: () => execAsync('pg_ctl', startArgs),
    stop() {
      try {
        exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
