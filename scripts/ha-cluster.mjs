// PostgreSQL high availability on one machine, for tests (OPERATIONS.md, "More than one machine"): etcd, two or
// three Patroni nodes running this machine's PostgreSQL 15 (each its own ports and folder, synchronous_mode) and
// HAProxy routing to the leader through Patroni's REST check. Debian's packages, installed when missing.
//
//   node scripts/ha-cluster.mjs [nodes]   starts it, prints the URLs, stops everything on Ctrl-C
//
// As a module: `startHaCluster()` answers the HAProxy URLs, the nodes, `leader()`, `killLeader()` (kill -9 of the
// leader's postmaster), `waitHealthy()` and `stop()`, which ends every process it started, by pid, and removes
// its folder.
import { spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBinary, freePort, ownByPostgres } from './pg-cluster.mjs';
import { ensureDebianPackages } from './system-packages.mjs';

export const HA_PACKAGES = ['etcd-server', 'patroni', 'haproxy'];
const BINARIES = { etcd: '/usr/bin/etcd', patroni: '/usr/bin/patroni', haproxy: '/usr/sbin/haproxy' };
const SCOPE = 'guard-tour-ha';
/** The database account the servers use (Patroni's superuser, as `app` is the single cluster's). */
const USER = 'app';
const START_LIMIT_MS = 120_000;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installs etcd-server, patroni and haproxy with apt-get when missing (as root), else exits saying how. */
export function ensureHaPackages(command = 'node scripts/ha-cluster.mjs') {
  for (const binary of Object.values(BINARIES)) {
    ensureDebianPackages(HA_PACKAGES, binary, 'PostgreSQL 高可用测试（R11）', command);
  }
}

/** GET on a Patroni REST endpoint: status and parsed body (null when the node does not answer). */
async function rest(port, route) {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${route}`, { signal: AbortSignal.timeout(2_000) });
    const text = await answer.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: answer.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

function yamlOf(value, indent = '') {
  // JSON is YAML: each value is written as JSON, keys one per line, so nothing needs quoting rules of its own.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(([key, inner]) =>
      inner !== null && typeof inner === 'object' && !Array.isArray(inner)
        ? `${indent}${key}:\n${yamlOf(inner, `${indent}  `)}`
        : `${indent}${key}: ${JSON.stringify(inner)}`,
    )
    .join('\n');
}

/** The settings that matter (docs/high-availability.md): the same in production, only ports and folders differ. */
export function patroniConfig({ name, dir, pgPort, restPort, etcdPort, binDir }) {
  const hba = ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'];
  return {
    scope: SCOPE,
    name,
    // To stderr, kept in `<name>.out` beside the node's folder.
    log: { level: 'INFO' },
    restapi: { listen: `127.0.0.1:${restPort}`, connect_address: `127.0.0.1:${restPort}` },
    etcd3: { hosts: [`127.0.0.1:${etcdPort}`] },
    bootstrap: {
      dcs: {
        // How fast a dead leader is noticed and replaced: the leader key lives `ttl` s, each node checks every
        // `loop_wait` s. Production keeps Patroni's 30/10; the test machine's are shorter to keep R11 short.
        ttl: 10,
        loop_wait: 1,
        retry_timeout: 4,
        // A commit is acknowledged once the synchronous standby has it; only that standby may become leader. Strict:
        // with no standby left, commits wait rather than being acknowledged by the leader alone (R18).
        synchronous_mode: true,
        synchronous_mode_strict: true,
        // A crashed leader is not restarted in place: Patroni fails over to the synchronous standby at once.
        master_start_timeout: 0,
        maximum_lag_on_failover: 1_048_576,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            max_connections: 200,
            wal_level: 'replica',
            hot_standby: 'on',
            hot_standby_feedback: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            wal_log_hints: 'on',
            fsync: 'on',
            synchronous_commit: 'on',
            full_page_writes: 'on',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }],
    },
    postgresql: {
      listen: `127.0.0.1:${pgPort}`,
      connect_address: `127.0.0.1:${pgPort}`,
      data_dir: path.join(dir, 'data'),
      bin_dir: binDir,
      pgpass: path.join(dir, 'pgpass'),
      authentication: {
        superuser: { username: USER, password: 'ha-test' },
        replication: { username: 'replicator', password: 'ha-test' },
        rewind: { username: USER, password: 'ha-test' },
      },
      parameters: { unix_socket_directories: dir },
      pg_hba: hba,
      remove_data_directory_on_rewind_failure: true,
      remove_data_directory_on_diverged_timelines: true,
    },
    watchdog: { mode: 'off' },
  };
}

/** HAProxy as Patroni documents it: the leader's port checks `/primary`, the replicas' port `/replica`. */
export function haproxyConfig({ dir, primaryPort, replicaPort, nodes }) {
  const servers = nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} maxconn 200 check port ${n.restPort}`);
  const listen = (name, port, check) =>
    [
      `listen ${name}`,
      `  bind 127.0.0.1:${port}`,
      `  option httpchk GET ${check}`,
      '  http-check expect status 200',
      // A node that fails two checks one second apart is out, and its sessions are cut at once, so a client never
      // keeps writing to an old leader; two good checks bring it back.
      '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
      ...servers,
    ].join('\n');
  return `global
  maxconn 1000
  pidfile ${dir}/haproxy.pid
defaults
  mode tcp
  retries 2
  timeout connect 4s
  timeout client 30m
  timeout server 30m
  timeout check 2s
${listen('primary', primaryPort, '/primary')}
${listen('replicas', replicaPort, '/replica')}
`;
}

/**
 * Starts etcd, `nodes` Patroni nodes and HAProxy under a fresh folder; resolves once a leader accepts writes
 * through HAProxy and every replica streams. Runs as root (Patroni and PostgreSQL as `postgres`) or as the
 * user who owns PostgreSQL's binaries.
 */
export async function startHaCluster({ nodes: count = 3 } = {}) {
  for (const [name, binary] of Object.entries(BINARIES)) {
    if (!existsSync(binary)) {
      throw new Error(
        `找不到 ${name}（${binary}）：请以 root 运行 npm run test:heavy，或安装 ${HA_PACKAGES.join(' ')}`,
      );
    }
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-ha-'));
  const owner = asRoot ? ownByPostgres(dir) : undefined;
  const binDir = path.dirname(realpathSync(findBinary('pg_ctl')));
  /** Every child started here, with how to stop it. */
  const children = [];
  const spawnLogged = (name, command, args, options = {}) => {
    const log = path.join(dir, `${name}.out`);
    if (!existsSync(log)) writeFileSync(log, '');
    if (owner) chownSync(log, owner.uid, owner.gid);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const append = (chunk) => writeFileSync(log, chunk, { flag: 'a' });
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const entry = { name, child, exited, log };
    children.push(entry);
    return entry;
  };
  const logTail = (name) => {
    const file = path.join(dir, `${name}.out`);
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-2000) : '';
  };

  const etcdClient = await freePort();
  const etcdPeer = await freePort();
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const members = [];
  for (let i = 1; i <= count; i++) {
    const name = `node${i}`;
    members.push({ name, dir: path.join(dir, name), pgPort: await freePort(), restPort: await freePort() });
  }

  /** A node's Patroni (again, after stopStandbys), as its own pid, from the config written at the start. */
  const startNode = (m) =>
    spawnLogged(m.name, BINARIES.patroni, [path.join(m.dir, 'patroni.yml')], {
      cwd: m.dir,
      // PostgreSQL refuses to run as root: Patroni runs as `postgres`, its own pid (no runuser in between).
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { PATH: process.env.PATH, HOME: m.dir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    });

  const cluster = {
    dir,
    /** The leader through HAProxy: what DATABASE_URL names. */
    url: `postgres://${USER}@127.0.0.1:${primaryPort}/postgres`,
    /** A standby through HAProxy: what DATABASE_READ_URL names. */
    readUrl: `postgres://${USER}@127.0.0.1:${replicaPort}/postgres`,
    nodes: members.map((m) => ({ ...m, url: `postgres://${USER}@127.0.0.1:${m.pgPort}/postgres` })),

    /** The cluster as Patroni sees it (`GET /cluster` of the first node that answers). */
    async members() {
      for (const m of members) {
        const { status, body } = await rest(m.restPort, '/cluster');
        if (status === 200 && body && Array.isArray(body.members)) return body.members;
      }
      return [];
    },

    /** The node whose `/primary` answers 200, or undefined during a failover. */
    async leader() {
      const answers = await Promise.all(members.map((m) => rest(m.restPort, '/primary')));
      const index = answers.findIndex((a) => a.status === 200);
      return index >= 0 ? cluster.nodes[index] : undefined;
    },

    /**
     * Resolves once one leader runs, every other node is a running replica and one of them is the synchronous
     * standby: the state in which a leader may be lost without losing a commit. Answers the leader.
     */
    async waitHealthy(limitMs = START_LIMIT_MS) {
      const deadline = Date.now() + limitMs;
      let seen = [];
      for (;;) {
        seen = await cluster.members();
        const running = seen.filter((m) => m.state === 'running' || m.state === 'streaming');
        const leaders = running.filter((m) => m.role === 'leader');
        const sync = running.filter((m) => m.role === 'sync_standby');
        if (leaders.length === 1 && running.length === count && sync.length >= 1) {
          const leader = await cluster.leader();
          if (leader?.name === leaders[0].name) return leader;
        }
        if (Date.now() > deadline) {
          throw new Error(
            `Patroni cluster not healthy within ${limitMs} ms: ${JSON.stringify(seen)}\n` +
              members.map((m) => `${m.name}: ${logTail(m.name)}`).join('\n'),
          );
        }
        await pause(250);
      }
    },

    /** kill -9 of the leader's postmaster (its pid from `postmaster.pid`); answers the node and the pid. */
    async killLeader() {
      const leader = await cluster.leader();
      if (!leader) throw new Error('no leader to kill');
      const pid = Number(readFileSync(path.join(leader.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      return { node: leader, pid, at: Date.now() };
    },

    /**
     * Stops every standby (its Patroni, which stops its PostgreSQL), leaving the leader alone; answers how to start
     * them again. With synchronous_mode_strict the leader's commits then wait instead of being acknowledged alone.
     */
    async stopStandbys() {
      const leader = await cluster.leader();
      const standbys = members.filter((m) => m.name !== leader?.name);
      for (const m of standbys) {
        const entry = children.filter((c) => c.name === m.name).at(-1);
        if (entry && entry.child.exitCode === null && entry.child.signalCode === null) {
          entry.child.kill('SIGTERM');
          await entry.exited;
        }
      }
      return async () => {
        for (const m of standbys) startNode(m);
        await cluster.waitHealthy();
      };
    },

    /** The tail of a child's output (`etcd`, `haproxy`, `node1`…), for failure messages. */
    log: logTail,

    /** Stops HAProxy, the Patroni nodes (and their PostgreSQL) and etcd, each by its pid; removes the folder. */
    async stop() {
      const stopOne = async (entry, signal, graceMs) => {
        const { child, exited } = entry;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill(signal);
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited;
          clearTimeout(timer);
        }
      };
      const named = (prefix) => children.filter((c) => c.name.startsWith(prefix));
      await Promise.all(named('haproxy').map((c) => stopOne(c, 'SIGTERM', 5_000)));
      await Promise.all(named('node').map((c) => stopOne(c, 'SIGTERM', 20_000)));
      // A postmaster that outlived its Patroni (killed with SIGKILL above) is stopped by its own pid.
      for (const m of members) {
        const pidFile = path.join(m.dir, 'data', 'postmaster.pid');
        if (!existsSync(pidFile)) continue;
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          // Already gone.
        }
      }
      await Promise.all(named('etcd').map((c) => stopOne(c, 'SIGTERM', 5_000)));
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    const etcd = spawnLogged('etcd', BINARIES.etcd, [
      '--name',
      'etcd1',
      '--data-dir',
      path.join(dir, 'etcd'),
      '--listen-client-urls',
      `http://127.0.0.1:${etcdClient}`,
      '--advertise-client-urls',
      `http://127.0.0.1:${etcdClient}`,
      '--listen-peer-urls',
      `http://127.0.0.1:${etcdPeer}`,
      '--initial-advertise-peer-urls',
      `http://127.0.0.1:${etcdPeer}`,
      '--initial-cluster',
      `etcd1=http://127.0.0.1:${etcdPeer}`,
      '--initial-cluster-state',
      'new',
      '--log-level',
      'warn',
    ]);
    for (const deadline = Date.now() + 30_000; ;) {
      if ((await rest(etcdClient, '/health')).status === 200) break;
      if (etcd.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`etcd did not start: ${logTail('etcd')}`);
      await pause(100);
    }

    for (const [index, m] of members.entries()) {
      mkdirSync(m.dir, { mode: 0o700 });
      if (owner) chownSync(m.dir, owner.uid, owner.gid);
      const config = path.join(m.dir, 'patroni.yml');
      writeFileSync(config, `${yamlOf(patroniConfig({ ...m, etcdPort: etcdClient, binDir }))}\n`);
      if (owner) chownSync(config, owner.uid, owner.gid);
      startNode(m);
      // The first node bootstraps alone; the others then clone it.
      if (index === 0) {
        for (const deadline = Date.now() + START_LIMIT_MS; ;) {
          if ((await rest(m.restPort, '/primary')).status === 200) break;
          if (Date.now() > deadline) throw new Error(`${m.name} did not become leader: ${logTail(m.name)}`);
          await pause(200);
        }
      }
    }

    const haproxyConf = path.join(dir, 'haproxy.cfg');
    writeFileSync(haproxyConf, haproxyConfig({ dir, primaryPort, replicaPort, nodes: members }));
    spawnLogged('haproxy', BINARIES.haproxy, ['-f', haproxyConf, '-db']);
    await cluster.waitHealthy();
    // Patroni's view is not HAProxy's: the cluster is handed over once a write through HAProxy's port reaches the
    // leader (HAProxy listens and has checked it up), or fails saying what HAProxy printed.
    await waitForWrites(cluster.url, START_LIMIT_MS).catch((error) => {
      throw new Error(`${error.message}; haproxy: ${logTail('haproxy')}`);
    });
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** Waits until a connection through `url` runs on a leader (not in recovery), answering how long that took. */
export async function waitForWrites(url, limitMs = 60_000) {
  const { default: pg } = await import('pg');
  const started = Date.now();
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query('select pg_is_in_recovery() as standby');
      if (!rows[0].standby) return Date.now() - started;
    } catch {
      // Not yet.
    } finally {
      await client.end().catch(() => {});
    }
    if (Date.now() - started > limitMs) throw new Error(`no leader through ${url} within ${limitMs} ms`);
    await pause(100);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureHaPackages();
  const count = Number(process.argv[2]) || 3;
  const cluster = await startHaCluster({ nodes: count });
  console.log(`etcd + ${count} Patroni nodes + HAProxy in ${cluster.dir}`);
  console.log(`DATABASE_URL=${cluster.url}`);
  console.log(`DATABASE_READ_URL=${cluster.readUrl}`);
  console.log(`leader: ${(await cluster.leader())?.name}; Ctrl-C stops everything`);
  const end = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}
