// npm run release: release/guard-tour-<version>.tgz, one folder an operator unpacks and runs with `node server.js`
// (OPERATIONS.md, A release an operator can install): the built server, its migrations, the console and the guard
// app (巡检助手, served at /m/), the contract package, and the production node_modules only, installed with `npm ci` from the part of the repository's
// lockfile the server needs, so the versions are the ones the tests ran with.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  POSTGRES_SERVER_NODE_OPTIONS,
  SERVER_ENVIRONMENT_ASSIGNMENTS,
  SERVER_NODE_OPTIONS,
  ensureBuilt,
  ensureInstalled,
  root,
  run,
} from './lib.mjs';
import { pruneLock, pruneOverrides } from './release-lock.mjs';

/** Packages a release must not hold: build, test and lint tools. */
const DEV_TOOLS =
  /^(vite|vitest|@vitest\/.*|typescript|eslint|@eslint\/.*|playwright.*|@playwright\/.*|lighthouse|@lhci\/.*|tsx|esbuild|drizzle-kit|rolldown|@rolldown\/.*)$/;

const started = Date.now();
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

ensureInstalled();
ensureBuilt();

const { version, description, engines, overrides } = readJson('package.json');
const server = readJson('apps/server/package.json');
const contract = readJson('packages/contract/package.json');
const name = `guard-tour-${version}`;
const outDir = path.join(root, 'release');
const tgz = path.join(outDir, `${name}.tgz`);
const stage = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-release-'));
const top = path.join(stage, name);

/** Copies a built folder, leaving out what only a developer reads (source maps, declarations, build info). */
function copyBuilt(from, to) {
  cpSync(path.join(root, from), path.join(top, to), {
    recursive: true,
    filter: (source) => !/\.(map|d\.ts|tsbuildinfo)$/.test(source),
  });
}

/** Every installed package's name, nested ones included. */
function installedPackages(modules) {
  if (!existsSync(modules)) return [];
  const names = [];
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const scoped = entry.startsWith('@') ? readdirSync(path.join(modules, entry)).map((n) => `${entry}/${n}`) : [entry];
    for (const pkg of scoped) names.push(pkg, ...installedPackages(path.join(modules, pkg, 'node_modules')));
  }
  return names;
}

try {
  mkdirSync(top);
  // The server finds the console at ../../web/dist, the guard app at ../../guard/dist and its migrations at
  // ../../drizzle from its own files (app.ts, db/migrate.ts): the repository's layout is kept. The guard app is
  // static files (its packages are bundled in), so it adds nothing to node_modules.
  copyBuilt('apps/server/dist', 'apps/server/dist');
  copyBuilt('apps/server/drizzle', 'apps/server/drizzle');
  copyBuilt('apps/web/dist', 'apps/web/dist');
  copyBuilt('apps/guard/dist', 'apps/guard/dist');
  // Without these the server would start and simply not serve /m/: a release that cannot be installed on a phone.
  for (const file of ['index.html', 'manifest.webmanifest', 'sw.js']) {
    if (!existsSync(path.join(top, 'apps/guard/dist', file)))
      throw new Error(`the release lacks apps/guard/dist/${file}`);
  }

  const dependencies = { ...contract.dependencies, ...server.dependencies };
  delete dependencies[contract.name];
  const lock = pruneLock(readJson('package-lock.json'), { name: 'guard-tour', version, dependencies });
  const manifest = {
    name: 'guard-tour',
    version,
    private: true,
    type: 'module',
    description,
    engines,
    scripts: {
      start: `${SERVER_ENVIRONMENT_ASSIGNMENTS} node ${SERVER_NODE_OPTIONS.join(' ')} server.js`,
      backup: 'node backup.js',
      restore: 'node restore.js',
    },
    dependencies,
    // The root's overrides that reach the release's packages: without them `npm ci` finds the lockfile's pinned
    // versions out of their parents' ranges and refuses.
    overrides: pruneOverrides(overrides, lock),
  };
  writeFileSync(path.join(top, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(path.join(top, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`› 安装运行依赖（${Object.keys(lock.packages).length - 1} 个包，npm ci --omit=dev）…`);
  // No install scripts: nothing in the server's tree needs one, and none may download anything.
  const installed = run(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
    {
      cwd: top,
      env: { npm_config_loglevel: 'error', npm_config_update_notifier: 'false' },
    },
  );
  if (installed !== 0) throw new Error(`npm ci exited with ${installed}`);

  // The contract, built, as the package the server imports (its `source` condition points at files left out).
  const contractDir = path.join(top, 'node_modules', contract.name);
  copyBuilt('packages/contract/dist', path.join('node_modules', contract.name, 'dist'));
  const contractManifest = {
    name: contract.name,
    version: contract.version,
    private: true,
    type: 'module',
    exports: { '.': { default: './dist/index.js' } },
    dependencies: contract.dependencies,
  };
  writeFileSync(path.join(contractDir, 'package.json'), `${JSON.stringify(contractManifest, null, 2)}\n`);

  const entry = (comment, body) => `// ${comment}\n${body}\n`;
  writeFileSync(
    path.join(top, 'server.js'),
    entry(
      '巡检管理平台 · Guard-tour server: `node server.js`, configured by the environment (README.md).',
      "import './apps/server/dist/main.js';",
    ),
  );
  writeFileSync(
    path.join(top, 'backup.js'),
    entry(
      '`node backup.js --out FILE`: the database the environment names, the uploads and the terminals’ key.',
      "import { runBackup } from './apps/server/dist/backup/cli.js';\n\nprocess.exitCode = await runBackup(process.argv.slice(2));",
    ),
  );
  writeFileSync(
    path.join(top, 'restore.js'),
    entry(
      '`node restore.js FILE`: into a new DATA_DIR or an empty PostgreSQL database; anything else is refused.',
      "import { runRestore } from './apps/server/dist/backup/cli.js';\n\nprocess.exitCode = await runRestore(process.argv.slice(2));",
    ),
  );
  const readme = readFileSync(path.join(root, 'deploy/release-README.md'), 'utf8')
    .replaceAll('{{VERSION}}', version)
    .replaceAll('{{ENVIRONMENT}}', SERVER_ENVIRONMENT_ASSIGNMENTS)
    .replaceAll('{{POSTGRES_NODE_OPTIONS}}', POSTGRES_SERVER_NODE_OPTIONS.join(' '));
  writeFileSync(path.join(top, 'README.md'), readme);
  mkdirSync(path.join(top, 'deploy'));
  const service = readFileSync(path.join(root, 'deploy/guard-tour.service'), 'utf8');
  writeFileSync(
    path.join(top, 'deploy/guard-tour.service'),
    service
      .replaceAll('{{ENVIRONMENT}}', SERVER_ENVIRONMENT_ASSIGNMENTS)
      .replaceAll('{{NODE_OPTIONS}}', SERVER_NODE_OPTIONS.join(' '))
      .replaceAll('{{POSTGRES_NODE_OPTIONS}}', POSTGRES_SERVER_NODE_OPTIONS.join(' ')),
  );
  cpSync(path.join(root, 'deploy/nginx-guard-tour.conf'), path.join(top, 'deploy/nginx-guard-tour.conf'));

  const packages = installedPackages(path.join(top, 'node_modules'));
  const tools = packages.filter((pkg) => DEV_TOOLS.test(pkg));
  if (tools.length) throw new Error(`the release holds development tools: ${tools.join(', ')}`);
  for (const needed of ['@electric-sql/pglite/dist/pglite.wasm', '@electric-sql/pglite/dist/pglite.data']) {
    if (!existsSync(path.join(top, 'node_modules', needed))) throw new Error(`the release lacks ${needed}`);
  }
  if (!packages.some((pkg) => /^@node-rs\/argon2-.+/.test(pkg))) {
    throw new Error('the release lacks @node-rs/argon2’s binary for this platform');
  }

  mkdirSync(outDir, { recursive: true });
  const partial = `${tgz}.partial`;
  const tar = spawnSync(
    'tar',
    ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '-czf', partial, '-C', stage, name],
    { stdio: 'inherit' },
  );
  if (tar.status !== 0) throw new Error(`tar exited with ${tar.status}`);
  renameSync(partial, tgz);
  const mb = (statSync(tgz).size / 1024 / 1024).toFixed(1);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\n✓ ${path.relative(root, tgz)}：${mb} MB，${packages.length} 个运行依赖包，用时 ${seconds} 秒`);
} catch (error) {
  console.error(`\n✗ 发布失败：${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
