import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/api.js';
import { CHINESE, exchange } from './support/http.js';
import { freePort, type Cluster } from './support/installation.js';
import { SiteNginx, tlsCall } from './support/nginx-site.js';
import { findNginx } from './support/nginx-process.js';
import {
  GUARD_APP_FILES,
  REPO,
  ReleaseServer,
  buildRelease,
  installedPackages,
  operatorEnv,
  runCommand,
  unpack,
  type Built,
} from './support/release.js';
import {
  POSTGRES_SERVER_NODE_OPTIONS,
  SERVER_ENVIRONMENT,
  SERVER_ENVIRONMENT_ASSIGNMENTS,
  SERVER_NODE_OPTIONS,
  serverEnvironment,
  serverNodeOptions,
} from '../../../scripts/lib.mjs';
import { startCluster } from '../../../scripts/pg-cluster.mjs';

/**
 * Issue 16 (OPERATIONS.md, A release an operator can install; Backups): `npm run release` packs one folder that
 * runs with Node alone, unpacked anywhere, on a new DATA_DIR; deploy/nginx-guard-tour.conf passes `nginx -t` and
 * carries TLS, the caller's address and the alert stream; backups made with the release's and the repository's
 * commands restore into new installations, embedded and PostgreSQL, and refuse installations that have data.
 */
const DEV_TOOLS = /^(vite|vitest|@vitest\/.*|typescript|eslint|playwright.*|@playwright\/.*|lighthouse|@lhci\/.*)$/;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-release-test-'));
const figures: string[] = [];
let built: Built;
let release: string;
let server: ReleaseServer | undefined;
const dataDir = path.join(scratch, 'data');

beforeAll(() => {
  built = buildRelease();
  release = unpack(built.tgz);
  figures.push(`release ${(built.bytes / 1024 / 1024).toFixed(1)} MB in ${built.seconds.toFixed(0)} s`);
}, 900_000);

afterAll(async () => {
  await server?.stop();
  if (release) rmSync(path.dirname(release), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  console.log(`issue 16 figures: ${figures.join('; ')}`);
});

/** Logs in as the first admin and registers one terminal, which the later steps look for. */
async function adminWithTerminal(url: string, password: string, deviceNo: string): Promise<ConsoleClient> {
  const admin = await new ConsoleClient(url).logIn('admin', password);
  await admin.registerDevice(deviceNo);
  return admin;
}

async function deviceNumbers(admin: ConsoleClient): Promise<string[]> {
  const rows = await admin.data<{ device_no: string }[]>('POST', '/DeviceInfo/SearchDeviceList', {});
  return rows.map((row) => row.device_no);
}

describe('a release an operator can install', () => {
  it('holds the built server, console and guard app and production node_modules only', () => {
    for (const file of ['server.js', 'backup.js', 'restore.js', 'package.json', 'README.md']) {
      expect(existsSync(path.join(release, file)), file).toBe(true);
    }
    for (const file of [
      'apps/server/dist/main.js',
      'apps/server/drizzle/meta/_journal.json',
      'apps/web/dist/index.html',
      ...GUARD_APP_FILES,
    ]) {
      expect(existsSync(path.join(release, file)), file).toBe(true);
    }
    expect(existsSync(path.join(release, 'apps/server/src')), 'no TypeScript sources').toBe(false);
    expect(readFileSync(path.join(release, 'README.md'), 'utf8')).toMatch(/node server\.js[\s\S]*DATABASE_URL/);
    // The server runs with the embedded database's node options and environment however the release starts it
    // (npm start, the systemd unit, which names PostgreSQL's instead with DATABASE_URL); the repository's npm start
    // chooses by DATABASE_URL.
    expect(serverNodeOptions(undefined)).toEqual(SERVER_NODE_OPTIONS);
    expect(serverNodeOptions('postgres://app@127.0.0.1/guard')).toEqual(POSTGRES_SERVER_NODE_OPTIONS);
    expect(serverEnvironment(undefined)).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(serverEnvironment('postgres://app@127.0.0.1/guard')).toEqual({});
    expect(SERVER_ENVIRONMENT_ASSIGNMENTS).toBe('MALLOC_ARENA_MAX=2');
    expect(SERVER_ENVIRONMENT).toEqual(serverEnvironment(undefined));
    const postgresOptions = POSTGRES_SERVER_NODE_OPTIONS.join(' ');
    expect(readFileSync(path.join(release, 'README.md'), 'utf8')).toContain(`改为 \`${postgresOptions}\``);
    const options = SERVER_NODE_OPTIONS.join(' ');
    const manifest = JSON.parse(readFileSync(path.join(release, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(manifest.scripts.start).toBe(`MALLOC_ARENA_MAX=2 node ${options} server.js`);
    const unit = readFileSync(path.join(release, 'deploy/guard-tour.service'), 'utf8');
    expect(unit).toContain(`\nExecStart=/usr/bin/node ${options} server.js\n`);
    expect(unit).toContain('\nEnvironment=MALLOC_ARENA_MAX=2\n');
    expect(readFileSync(path.join(release, 'README.md'), 'utf8')).toContain('环境变量 `MALLOC_ARENA_MAX=2`');
    expect(unit).toMatch(new RegExp(`With DATABASE_URL use\\s+# ${postgresOptions} instead`));
    expect(unit).not.toContain('{{');
    const packages = installedPackages(path.join(release, 'node_modules'));
    expect(
      packages.filter((name) => DEV_TOOLS.test(name)),
      'development tools in the release',
    ).toEqual([]);
    expect(packages).toEqual(expect.arrayContaining(['fastify', '@guard-tour/contract', '@electric-sql/pglite']));
    expect(existsSync(path.join(release, 'node_modules/@electric-sql/pglite/dist/pglite.wasm'))).toBe(true);
    expect(
      packages.some((name) => /^@node-rs\/argon2-linux-/.test(name)),
      'argon2’s prebuilt binary',
    ).toBe(true);
    figures.push(`${packages.length} packages`);
  });

  it('unpacked into an empty folder, `node server.js` serves the console, the guard app and the API on a new DATA_DIR', async () => {
    // TRUST_PROXY names nginx's own address only, so that the nginx step below can tell a client on 127.0.0.5 apart.
    server = await ReleaseServer.start(release, await freePort(), { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' });
    const page = await exchange({ method: 'GET', url: `${server.url}/` });
    expect(page.status).toBe(200);
    expect(page.body.toString('utf8')).toContain('<div id="root">');
    // The guard app at /m/ (GUARD-APP.md, pinned paths), from the release's own apps/guard/dist.
    const app = await exchange({ method: 'GET', url: `${server.url}/m/` });
    expect(app.status).toBe(200);
    expect(app.body.toString('utf8')).toMatch(/<title>巡检助手<\/title>[\s\S]*href="\/m\/manifest\.webmanifest"/);
    const manifest = await exchange({ method: 'GET', url: `${server.url}/m/manifest.webmanifest` });
    expect(manifest.status).toBe(200);
    expect(JSON.parse(manifest.body.toString('utf8'))).toMatchObject({
      name: '巡检助手',
      display: 'standalone',
      start_url: '/m/',
    });
    expect((await exchange({ method: 'GET', url: `${server.url}/m/sw.js` })).status).toBe(200);
    const admin = await adminWithTerminal(server.url, 'admin123', 'REL-0001');
    expect(await deviceNumbers(admin)).toEqual(['REL-0001']);
    expect(existsSync(path.join(dataDir, 'db')), 'the embedded database in DATA_DIR').toBe(true);
  });

  it('refuses a backup of the embedded database while the server holds it', () => {
    const out = path.join(scratch, 'while-running.backup');
    const result = runCommand('node', ['backup.js', '--out', out], release, operatorEnv({ DATA_DIR: dataDir }));
    expect(result.status, result.output).toBe(1);
    expect(result.output).toMatch(/备份失败：.*停止/);
    expect(existsSync(out)).toBe(false);
  });

  const nginx = findNginx();
  it.skipIf(!nginx)(
    'deploy/nginx-guard-tour.conf passes nginx -t and carries TLS, the address and alerts',
    async () => {
      const site = await SiteNginx.start(nginx!, new URL(server!.url).host);
      try {
        expect(site.testOutput).toMatch(/syntax is ok/);
        const plain = await exchange({ method: 'GET', url: `http://127.0.0.1:${site.httpPort}/` });
        expect(plain.status, 'plain HTTP is sent to HTTPS').toBe(301);

        const admin = await new ConsoleClient(server!.url).logIn('admin', 'admin123');
        await admin.createAccount('edgeguard', 'Edge-pass-2026');
        // A client on 127.0.0.5 forges X-Forwarded-For; nginx appends the address it saw, which the server takes.
        const login = await tlsCall(site.httpsPort, {
          method: 'POST',
          path: '/proxyserver/api/UserInfo/Login_Web',
          body: { user_name: 'edgeguard', user_password: 'Edge-pass-2026' },
          headers: { 'x-forwarded-for': '203.0.113.9' },
          localAddress: '127.0.0.5',
        });
        const reply = JSON.parse(login.body) as { code: number; data: { token: string } };
        expect(reply.code, login.body).toBe(200);
        const logins = await admin.data<{ user_name: string; ip: string }[]>('POST', '/SysLog/GetSysLogsList', {
          logType: [1],
          PageSize: 100,
        });
        expect(logins.filter((row) => row.user_name === 'edgeguard').map((row) => row.ip)).toEqual(['127.0.0.5']);

        const started = performance.now();
        const stream = await tlsCall(site.httpsPort, {
          method: 'GET',
          path: '/proxyserver/api/Alert/Stream',
          headers: { authorization: `Bearer ${reply.data.token}` },
          firstChunkOnly: true,
        });
        expect(stream.status).toBe(200);
        expect(String(stream.headers['content-type'])).toMatch(/^text\/event-stream/);
        expect(stream.body, 'the stream’s first event arrives at once, unbuffered').toContain(': 已连接');
        expect(performance.now() - started).toBeLessThan(3_000);
      } finally {
        await site.stop();
      }
    },
  );

  it('backs up the embedded installation with the release’s commands and restores it into a new DATA_DIR', async () => {
    expect(await server!.stop(), 'a clean shutdown on SIGTERM').toBe(0);
    server = undefined;
    const file = path.join(scratch, 'embedded.backup');
    const made = runCommand('node', ['backup.js', '--out', file], release, operatorEnv({ DATA_DIR: dataDir }));
    expect(made.status, made.output).toBe(0);
    expect(made.output).toMatch(/备份完成/);
    const refused = runCommand('node', ['restore.js', file], release, operatorEnv({ DATA_DIR: dataDir }));
    expect(refused.status, 'a restore over the installation it came from').toBe(1);
    expect(refused.output).toMatch(CHINESE);

    const restoredDir = path.join(scratch, 'restored');
    const restored = runCommand('node', ['restore.js', file], release, operatorEnv({ DATA_DIR: restoredDir }));
    expect(restored.status, restored.output).toBe(0);
    figures.push(`embedded backup ${made.seconds.toFixed(1)} s, restore ${restored.seconds.toFixed(1)} s`);
    expect(readFileSync(path.join(restoredDir, 'device-upload.key'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'device-upload.key'), 'utf8'),
    );

    server = await ReleaseServer.start(release, await freePort(), { DATA_DIR: restoredDir });
    const admin = await new ConsoleClient(server.url).logIn('admin', 'admin123');
    expect(await deviceNumbers(admin)).toEqual(['REL-0001']);
    expect(await server.stop()).toBe(0);
    server = undefined;
  });

  it('backs up PostgreSQL with npm run backup while the server runs, and restores only into an empty database', async () => {
    const cluster: Cluster = await startCluster();
    const password = 'Release-admin-2026';
    try {
      const [from, to] = await createDatabases(cluster.url, ['release_from', 'release_to']);
      const pgData = path.join(scratch, 'pg-data');
      server = await ReleaseServer.start(release, await freePort(), {
        DATABASE_URL: from!,
        ADMIN_PASSWORD: password,
        DATA_DIR: pgData,
      });
      await adminWithTerminal(server.url, password, 'REL-PG-1');

      const file = path.join(scratch, 'postgres.backup');
      const env = (url: string, dir: string) =>
        ({ ...process.env, DATABASE_URL: url, DATA_DIR: dir }) as Record<string, string>;
      const made = runCommand('npm', ['run', '--silent', 'backup', '--', '--out', file], REPO, env(from!, pgData));
      expect(made.status, made.output).toBe(0);
      const refused = runCommand('npm', ['run', '--silent', 'restore', '--', file], REPO, env(from!, pgData));
      expect(refused.status, refused.output).toBe(1);
      expect(refused.output).toMatch(/恢复失败：目标数据库不是空的/);

      const restoredDir = path.join(scratch, 'pg-restored');
      const restored = runCommand('npm', ['run', '--silent', 'restore', '--', file], REPO, env(to!, restoredDir));
      expect(restored.status, restored.output).toBe(0);
      figures.push(
        `PostgreSQL backup ${made.seconds.toFixed(1)} s, restore ${restored.seconds.toFixed(1)} s (npm run)`,
      );
      expect(await server.stop()).toBe(0);

      server = await ReleaseServer.start(release, await freePort(), {
        DATABASE_URL: to!,
        ADMIN_PASSWORD: 'ignored-on-a-restored-database',
        DATA_DIR: restoredDir,
      });
      const admin = await new ConsoleClient(server.url).logIn('admin', password);
      expect(await deviceNumbers(admin)).toEqual(['REL-PG-1']);
      expect(await server.stop()).toBe(0);
      server = undefined;
    } finally {
      await server?.stop();
      server = undefined;
      cluster.stop();
    }
  });
});

async function createDatabases(url: string, names: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return names.map((name) => {
    const each = new URL(url);
    each.pathname = `/${name}`;
    return each.toString();
  });
}
