import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { useHarness } from './test/harness.js';

const h = useHarness();
let web: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
  mkdirSync(path.join(root, 'assets'));
  const index = '<!doctype html><title>巡检管理平台</title><script src="/assets/a-1.js">';
  writeFileSync(path.join(root, 'index.html'), index);
  // As the console's build writes them: compressed copies beside the files.
  writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(path.join(root, 'index.html.gz'), gzipSync(index));
  writeFileSync(path.join(root, 'assets', 'a-1.js'), 'first()');
  web = await buildApp(h.ctx, { webRoot: root });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
});

describe('the console served at /', () => {
  it('answers client routes with index.html, which browsers ask for afresh', async () => {
    const page = await web.inject({ method: 'GET', url: '/device/manage' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('巡检管理平台');
    const index = await web.inject({ method: 'GET', url: '/' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy to browsers that take it, and answers HEAD as GET', async () => {
    for (const encoding of ['br', 'gzip']) {
      for (const url of ['/', '/device/manage']) {
        const page = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(page.statusCode, `GET ${url} ${encoding}`).toBe(200);
        const head = await web.inject({ method: 'HEAD', url, headers: { 'accept-encoding': encoding } });
        expect(head.statusCode, `HEAD ${url} ${encoding}`).toBe(200);
        expect(head.headers['content-type'], `HEAD ${url} ${encoding}`).toContain('text/html');
      }
    }
    const index = await web.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
  });

  it('lets browsers keep hashed chunks for good', async () => {
    const chunk = await web.inject({ method: 'GET', url: '/assets/a-1.js' });
    expect(chunk.body).toBe('first()');
    expect(chunk.headers['cache-control']).toContain('immutable');
  });

  it('serves the chunks of a console rebuilt while the server runs', async () => {
    writeFileSync(path.join(root, 'assets', 'a-2.js'), 'second()');
    expect((await web.inject({ method: 'GET', url: '/assets/a-2.js' })).body).toBe('second()');
  });

  it('answers an unknown asset or API path 404, not the console', async () => {
    expect((await web.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await web.inject({ method: 'GET', url: '/proxyserver/api/No/Such' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, msg: '请求的地址不存在' });
  });
});
