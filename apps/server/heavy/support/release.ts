import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * The built guard app (巡检助手, GUARD-APP.md) in a release: `node server.js` serves it at /m/ from
 * ../../guard/dist relative to apps/server/dist (app.ts), as in the repository.
 */
export const GUARD_APP_FILES = [
  'apps/guard/dist/index.html',
  'apps/guard/dist/manifest.webmanifest',
  'apps/guard/dist/sw.js',
];
/** What the server prints once it listens (main.ts). */
const READY = '巡检管理平台已启动';
const START_LIMIT_MS = 90_000;

/** Only what an operator's shell would hold: nothing of the repository or of the test runner leaks in. */
export function operatorEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), LANG: 'C.UTF-8', ...env };
}

export interface Built {
  tgz: string;
  bytes: number;
  seconds: number;
}

/** `npm run release` (its script, run directly): builds what is stale, installs, packs. */
export function buildRelease(): Built {
  const started = performance.now();
  // Not the test runner's NODE_ENV=test: a console or guard app built under it carries React's development build.
  const { NODE_ENV: _runner, ...env } = process.env;
  const result = spawnSync(process.execPath, ['scripts/release.mjs'], { cwd: REPO, encoding: 'utf8', env });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    throw new Error(`npm run release failed (${result.status}):\n${(result.stdout + result.stderr).slice(-3000)}`);
  }
  const dir = path.join(REPO, 'release');
  const name = readdirSync(dir).find((file) => /^guard-tour-.+\.tgz$/.test(file));
  if (!name) throw new Error(`no release/guard-tour-<version>.tgz after npm run release:\n${result.stdout}`);
  const tgz = path.join(dir, name);
  return { tgz, bytes: statSync(tgz).size, seconds };
}

/** Unpacks the release into an empty folder and answers the release's own folder inside it. */
export function unpack(tgz: string): string {
  const into = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-unpacked-'));
  const result = spawnSync('tar', ['-xzf', tgz, '-C', into], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tar -xzf failed: ${result.stderr}`);
  const [top, ...more] = readdirSync(into);
  if (!top || more.length) throw new Error(`the release should unpack into one folder, found: ${readdirSync(into)}`);
  return path.join(into, top);
}

/** Every package under a node_modules folder, nested ones included. */
export function installedPackages(modules: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(modules);
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const entry of entries.filter((e) => !e.startsWith('.'))) {
    const packages = entry.startsWith('@')
      ? readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`)
      : [entry];
    for (const name of packages) names.push(name, ...installedPackages(path.join(modules, name, 'node_modules')));
  }
  return names;
}

export interface CommandResult {
  status: number | null;
  output: string;
  seconds: number;
}

/** A short-lived command (`node backup.js …`, `npm run restore -- …`), with its exit status and what it printed. */
export function runCommand(command: string, args: string[], cwd: string, env: Record<string, string>): CommandResult {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  return {
    status: result.status,
    output: result.stdout + result.stderr,
    seconds: (performance.now() - started) / 1000,
  };
}

/** `node server.js` in an unpacked release, stopped by its own pid (STACK.md trap 9). */
export class ReleaseServer {
  private output = '';
  private readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-6000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static async start(dir: string, port: number, env: Record<string, string>): Promise<ReleaseServer> {
    const child = spawn(process.execPath, ['server.js'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: operatorEnv({ PORT: String(port), HOST: '127.0.0.1', DEMO: '0', ...env }),
    });
    const server = new ReleaseServer(child, `http://127.0.0.1:${port}`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the release did not start within ${START_LIMIT_MS} ms:\n${server.output}`));
      }, START_LIMIT_MS);
      const watch = () => {
        if (!server.output.includes(READY)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout?.on('data', watch);
      void server.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the release exited with ${code} before listening:\n${server.output}`));
      });
    });
    return server;
  }

  get log(): string {
    return this.output;
  }

  /** SIGTERM to its pid; answers the exit code (0 after a clean shutdown). */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      process.kill(this.child.pid!, 'SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
      const code = await this.exited;
      clearTimeout(timer);
      return code;
    }
    return this.exited;
  }
}
