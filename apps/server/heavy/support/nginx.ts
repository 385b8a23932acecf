import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './installation.js';

const START_LIMIT_MS = 15_000;

function nginxBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  throw new Error('nginx is not installed (npm run test:heavy installs Debian’s nginx when run as root)');
}

/**
 * The production set-up's load balancer in miniature: `upstreams` round-robin. X-Forwarded-For is set to the
 * address nginx sees, replacing whatever the client sent (nginx is the edge, so a client cannot choose its
 * address); X-Upstream tells the test which server answered.
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_max_body_size 60m;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream guard_tour {
${upstreams.map((u) => `    server ${u};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://guard_tour;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 120s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

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

/** Debian's nginx in the foreground with its own config on a free loopback port (STACK.md trap 14). */
export class Nginx {
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly url: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static async start(upstreams: string[]): Promise<Nginx> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-nginx-'));
    // Workers run as an unprivileged user when nginx starts as root: they must reach the temp folders inside.
    chmodSync(dir, 0o755);
    const port = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, port, upstreams));
    const child = spawn(
      nginxBinary(),
      ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const nginx = new Nginx(child, dir, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + START_LIMIT_MS;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await nginx.stop();
        throw new Error(`nginx did not start: ${nginx.errors()}`);
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
