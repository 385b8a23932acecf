import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './installation.js';
import { NginxProcess } from './nginx-process.js';
import { REPO } from './release.js';

const SITE = path.join(REPO, 'deploy/nginx-guard-tour.conf');

/** Replaces `from` in the site file, which must occur exactly `times` times (the file's shape is what is tested). */
function swap(text: string, from: string | RegExp, to: string, times = 1): string {
  const pattern = typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from;
  const found = text.match(pattern)?.length ?? 0;
  if (found !== times) throw new Error(`deploy/nginx-guard-tour.conf: expected ${times}× ${from}, found ${found}`);
  return text.replace(pattern, to);
}

/**
 * The shipped site file as an operator installs it, with only what differs on this machine changed: loopback ports
 * for 80 and 443, a self-signed certificate, and `upstream` naming the server under test.
 */
function siteFor(dir: string, httpPort: number, httpsPort: number, upstream: string): string {
  let site = readFileSync(SITE, 'utf8');
  site = swap(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  site = swap(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = swap(site, /^\s*listen \[::\]:(80|443)[^;]*;$/gm, '', 2);
  site = swap(site, '/etc/ssl/guard-tour/fullchain.pem', path.join(dir, 'cert.pem'));
  site = swap(site, '/etc/ssl/guard-tour/privkey.pem', path.join(dir, 'key.pem'));
  site = swap(site, /^(\s*)server 127\.0\.0\.1:\d+ [^;]*;$/gm, `$1server ${upstream};`, 2);
  return site;
}

function mainConfig(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`);
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  ${temp.join('\n  ')}
  include ${dir}/site.conf;
}
`;
}

/** Debian's nginx running deploy/nginx-guard-tour.conf in the foreground, after `nginx -t` passed on it. */
export class SiteNginx {
  private constructor(
    private readonly process: NginxProcess,
    readonly httpPort: number,
    readonly httpsPort: number,
    readonly testOutput: string,
  ) {}

  static async start(binary: string, upstream: string): Promise<SiteNginx> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-site-'));
    chmodSync(dir, 0o755);
    const cert = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ]);
    if (cert.status !== 0) throw new Error(`openssl could not make a certificate: ${cert.stderr}`);
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    writeFileSync(path.join(dir, 'site.conf'), siteFor(dir, httpPort, httpsPort, upstream));
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, mainConfig(dir));
    const test = spawnSync(binary, ['-t', ...NginxProcess.args(dir, conf)], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t refused the site file:\n${test.stderr}`);
    const process = await NginxProcess.start(binary, dir, conf, httpsPort);
    return new SiteNginx(process, httpPort, httpsPort, test.stderr.trim());
  }

  stop(): Promise<void> {
    return this.process.stop();
  }
}

export interface TlsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One call over TLS to nginx (self-signed certificate), from `localAddress`. With `firstChunkOnly` the answer ends
 * at the first piece of body that arrives (an event stream never ends by itself).
 */
export function tlsCall(
  port: number,
  options: {
    method: 'GET' | 'POST';
    path: string;
    body?: object;
    headers?: Record<string, string>;
    localAddress?: string;
    firstChunkOnly?: boolean;
  },
): Promise<TlsAnswer> {
  const payload = options.body ? Buffer.from(JSON.stringify(options.body)) : undefined;
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        rejectUnauthorized: false,
        agent: false,
        localAddress: options.localAddress,
        timeout: 10_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
          if (options.firstChunkOnly) {
            done();
            request.destroy();
          }
        });
        response.on('end', done);
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from nginx for ${options.path} within 10 s`)));
    request.on('error', reject);
    request.end(payload);
  });
}
