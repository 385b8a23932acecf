// A throwaway PostgreSQL cluster from the machine's binaries, for the API suite (STACK.md trap 8).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findBinary(name) {
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

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster; returns its connection URL and a stop function that removes it. */
export async function startCluster() {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-pg-'));
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) spawnSync('useradd', ['--system', '--no-create-home', 'postgres'], { stdio: 'inherit' });
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(dir, uid, gid);
  }
  const exec = (binary, args) => {
    const [command, fullArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', findBinary(binary), ...args]]
      : [findBinary(binary), args];
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${binary} 失败：${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  exec('initdb', ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  exec('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ]);
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
