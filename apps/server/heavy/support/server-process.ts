import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './api.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
/** What the server prints once it listens (main.ts). */
const READY = '巡检管理平台已启动';
const START_LIMIT_MS = 60_000;

export interface ServerOptions {
  /** Absent: the embedded database in `dataDir` (PGlite), as `npm start` runs. */
  databaseUrl?: string;
  dataDir: string;
  port: number;
  deviceKey: string;
  /** More environment (WEBHOOK_ALLOW_HOSTS in the alert test). */
  env?: Record<string, string>;
}

/** The built server (`apps/server/dist/main.js`) as its own process, stopped by its own pid (STACK.md trap 9). */
export class ServerProcess {
  readonly url: string;
  private output = '';
  private ending = 'running';
  private exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.ending = signal ? `killed by ${signal}` : `exited with code ${code}`;
        resolve(signal ? null : code);
      }),
    );
  }

  /** Starts a server and resolves once it listens; rejects with its output when it exits or hangs instead. */
  static async start(options: ServerOptions): Promise<ServerProcess> {
    const { DATABASE_URL: _inherited, ...environment } = process.env;
    const child = spawn(process.execPath, [MAIN], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...environment,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        DATA_DIR: options.dataDir,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD,
        DEVICE_UPLOAD_KEY: options.deviceKey,
        DEMO: '0',
        // The ready line (READY) is an info line of the server's log.
        LOG_LEVEL: 'info',
        ...options.env,
      },
    });
    const server = new ServerProcess(child, options.port);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server did not start within ${START_LIMIT_MS} ms; output:\n${server.output}`));
      }, START_LIMIT_MS);
      const watch = () => {
        if (!server.output.includes(READY)) return;
        clearTimeout(timer);
        child.stdout?.off('data', watch);
        resolve();
      };
      child.stdout?.on('data', watch);
      void server.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server ${server.ending} before listening (code ${code}); output:\n${server.output}`));
      });
    });
    return server;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** True while the process has neither exited nor been killed. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** How it ended (or 'running') and the last few kB of what it printed, for failure messages. */
  get log(): string {
    return `${this.ending}; output:\n${this.output}`;
  }

  /** kill -9: no shutdown hook runs, open transactions die with their connections. */
  async kill(): Promise<void> {
    if (this.running) process.kill(this.pid, 'SIGKILL');
    await this.exited;
  }

  /** SIGTERM (the server closes its pool), then SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (!this.running) return;
    process.kill(this.pid, 'SIGTERM');
    const timer = setTimeout(() => this.running && process.kill(this.pid, 'SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}
