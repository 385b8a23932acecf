import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><title>巡检管理平台</title><script src="/assets/a-1.js">',
  );
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
