import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './installation.js';
import { findNginx, NginxProcess } from './nginx-process.js';

function nginxBinary(): string {
  const found = findNginx();
  if (found) return found;
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

/** Debian's nginx in the foreground with its own config on a free loopback port (STACK.md trap 14). */
export class Nginx {
  private constructor(
    private readonly process: NginxProcess,
    readonly url: string,
  ) {}

  static async start(upstreams: string[]): Promise<Nginx> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-nginx-'));
    // Workers run as an unprivileged user when nginx starts as root: they must reach the temp folders inside.
    chmodSync(dir, 0o755);
    const port = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, port, upstreams));
    return new Nginx(await NginxProcess.start(nginxBinary(), dir, conf, port), `http://127.0.0.1:${port}`);
  }

  stop(): Promise<void> {
    return this.process.stop();
  }
}
