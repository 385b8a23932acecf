// Helpers shared by `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node's options for the server on the embedded database, wherever it is started (npm start, the release, the
 * benchmark). V8's young generation kept at 4 MB a semi-space (Node's default 16 MB): an export reads a stream of
 * short-lived rows, and two 1M-row exports at once on the embedded database peaked at 601–621 MB with the default,
 * 547–552 MB with this, at the same speed (docs/performance.md).
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4'];

/**
 * Node's options for the server on PostgreSQL: a young generation of 64 MB a semi-space. Dashboard/Summary reads the
 * live statuses of every road in scope (2,000 at 10M, some 12 MB of short-lived objects a call): with Node's 16 MB
 * it was scavenged about once a call, 6 ms each, and over HTTP took 36 ms at the median against 30 ms with 64 MB,
 * alternated on the same data (docs/performance.md). The small one of the embedded database cost about a fifth of
 * the requests a second under load here (P3: 854–949 against 1,071–1,094/s). This is one process's (WORKERS=1): the
 * workers of a server of several take Node's own 16 MB after it (cluster/primary.ts), their memory being summed.
 */
export const POSTGRES_SERVER_NODE_OPTIONS = ['--max-semi-space-size=64'];

/** The options for a server on `databaseUrl` (a PostgreSQL URL, or none for the embedded database). */
export function serverNodeOptions(databaseUrl) {
  return databaseUrl ? POSTGRES_SERVER_NODE_OPTIONS : SERVER_NODE_OPTIONS;
}

/**
 * The environment of the server on the embedded database, wherever it is started: glibc's allocator at two arenas
 * (by default up to eight a core, one for each thread allocating at once: the engine's, the sheet threads, libuv's),
 * whose freed memory other threads could not reuse. On the 1M benchmark folder, after P3's load, two 1M exports at
 * once peaked at 633 MB with the default and 566 MB with two (P6: 600), one export in 14.3 against 15.0 s
 * (docs/performance.md). A value the caller's environment sets wins. Nothing on PostgreSQL.
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: '2' };

/** The environment a server on `databaseUrl` adds to the caller's. */
export function serverEnvironment(databaseUrl) {
  return databaseUrl ? {} : SERVER_ENVIRONMENT;
}

/** `SERVER_ENVIRONMENT` as a shell's or systemd's assignments: `NAME=value NAME=value`. */
export const SERVER_ENVIRONMENT_ASSIGNMENTS = Object.entries(SERVER_ENVIRONMENT)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} exited with ${status}`);
    process.exit(status);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Stops with a plain message on a Node older than the root package.json's `engines` (a `>=major.minor` bound): the
 * install and the server would otherwise fail later with errors that do not say why.
 */
export function ensureSupportedNode() {
  const wanted = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  const bound = /^>=\s*(\d+)(?:\.(\d+))?/.exec(wanted);
  if (!bound) return;
  const [major, minor] = process.versions.node.split('.').map(Number);
  const needMajor = Number(bound[1]);
  const needMinor = Number(bound[2] ?? 0);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return;
  console.error(
    `✗ 需要 Node.js ${needMajor}.${needMinor} 或更新版本，当前为 ${process.version}。` +
      `\n  This project needs Node.js ${wanted} (package.json "engines"); this is ${process.version}.`,
  );
  process.exit(1);
}

/** `npm ci` when node_modules is missing or older than the lock file (on a supported Node only). */
export function ensureInstalled() {
  ensureSupportedNode();
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('› 安装依赖 (npm ci)…');
  mustRun('npm', ['ci', '--no-audit', '--no-fund'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}

/** Builds contract, client, server, web and guard unless their outputs are newer than every source file. */
export function ensureBuilt({ force = false, only } = {}) {
  const parts = [
    { name: 'packages/contract', sources: ['src', 'tsconfig.json'], output: 'dist/index.js' },
    { name: 'packages/client', sources: ['src', 'tsconfig.json', '../contract/src'], output: 'dist/index.js' },
    {
      name: 'apps/server',
      sources: ['src', 'drizzle', 'tsconfig.json', '../../packages/contract/src'],
      output: 'dist/main.js',
    },
    {
      name: 'apps/web',
      sources: [
        'src',
        'index.html',
        'vite.config.ts',
        'public',
        '../../packages/client/src',
        '../../packages/contract/src',
      ],
      output: 'dist/index.html',
    },
    {
      name: 'apps/guard',
      sources: [
        'src',
        'index.html',
        'vite.config.ts',
        'scripts',
        '../../packages/client/src',
        '../../packages/contract/src',
      ],
      output: 'dist/index.html',
    },
  ];
  for (const part of parts.filter((p) => !only || only.includes(p.name))) {
    const dir = path.join(root, part.name);
    const output = path.join(dir, part.output);
    const sourceTime = Math.max(...part.sources.map((s) => newestMtime(path.join(dir, s))));
    if (!force && existsSync(output) && statSync(output).mtimeMs >= sourceTime) continue;
    console.log(`› 构建 ${part.name}…`);
    mustRun('npm', ['run', 'build', '-w', part.name, '--silent']);
    // An incremental build leaves an unchanged output untouched (a test file changed, say): mark it current,
    // or every later start would build again.
    const now = new Date();
    utimesSync(output, now, now);
  }
}
