import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const START_LIMIT_MS = 15_000;

/** Debian's nginx on this machine, if installed (`npm run test:heavy` installs it when run as root). */
export const findNginx = (): string | undefined =>
  [spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim(), '/usr/sbin/nginx'].find(
    (candidate) => candidate && existsSync(candidate),
  );

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * nginx in the foreground on its own config inside its own folder `dir` (STACK.md trap 14), ready once `port`
 * accepts; its error log in the folder. Stopping removes the folder.
 */
export class NginxProcess {
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** The arguments naming the folder, the error log and the config (for `nginx -t` too). */
  static args(dir: string, conf: string): string[] {
    return ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf];
  }

  static async start(binary: string, dir: string, conf: string, port: number): Promise<NginxProcess> {
    const child = spawn(binary, [...NginxProcess.args(dir, conf), '-g', 'daemon off;'], { stdio: 'ignore' });
    const nginx = new NginxProcess(child, dir);
    const deadline = Date.now() + START_LIMIT_MS;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        const errors = nginx.errors();
        await nginx.stop();
        throw new Error(`nginx did not start: ${errors}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return nginx;
  }

  /** nginx's own error log, for failure messages. */
  errors(): string {
    const file = path.join(this.dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-2000) : '';
  }

  /** SIGQUIT to the master by its pid: it stops its workers and exits; SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGQUIT');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
      await this.exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
