import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { useHarness } from '../test/harness.js';
import { FIRST_PAINT_SCRIPT, makeWebRoot } from '../test/web-root.js';
import { inlineScriptHashes } from './security-headers.js';

/** OPERATIONS.md, On the wire: the headers every answer carries, and HSTS only over HTTPS. */
const h = useHarness();
let web: FastifyInstance;
const firstPaintHash = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

beforeAll(async () => {
  web = await buildApp(h.ctx, { webRoot: makeWebRoot() });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
});

function directives(response: LightMyRequestResponse): Map<string, string> {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name!, sources.join(' ')] as const;
      }),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string): void {
  const csp = directives(response);
  expect(csp.get('default-src'), label).toBe("'self'");
  expect(csp.get('script-src'), label).toBe(`'self' ${firstPaintHash}`);
  expect(csp.get('style-src'), label).toBe("'self' 'unsafe-inline'");
  expect(csp.get('img-src'), label).toBe("'self' data: blob:");
  expect(csp.get('connect-src'), label).toBe("'self'");
  expect(csp.get('frame-ancestors'), label).toBe("'none'");
  expect(csp.get('object-src'), label).toBe("'none'");
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toBe('no-referrer');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['strict-transport-security'], label).toBeUndefined();
}

describe('security headers', () => {
  it('are on the console’s page, its chunks, an API answer, a refusal and the API docs', async () => {
    const answers = {
      'the login page': await web.inject({ method: 'GET', url: '/' }),
      'a console route': await web.inject({ method: 'GET', url: '/device/manage' }),
      'a chunk': await web.inject({ method: 'GET', url: '/assets/a-1.js' }),
      'an API answer': await web.inject({
        method: 'POST',
        url: '/proxyserver/api/UserInfo/Login_Web',
        payload: { user_name: 'admin', user_password: 'admin123' },
      }),
      'a refusal': await web.inject({ method: 'GET', url: '/proxyserver/api/UserInfo/checktoken' }),
      'an unknown path': await web.inject({ method: 'GET', url: '/.env' }),
      'the API docs': await web.inject({ method: 'GET', url: '/proxyserver/docs' }),
      'the API docs’ script': await web.inject({
        method: 'GET',
        url: '/proxyserver/docs/static/swagger-initializer.js',
      }),
      'the OpenAPI document': await web.inject({ method: 'GET', url: '/proxyserver/docs/json' }),
    };
    for (const [label, response] of Object.entries(answers)) {
      expect(response.statusCode, label).toBeLessThan(500);
      expectSecurityHeaders(response, label);
    }
    expect(answers['the login page'].body).toContain(FIRST_PAINT_SCRIPT);
    expect(answers['the API docs'].body).toContain('swagger-ui');
  });

  it('are on an answer written past Fastify: the alert stream', async () => {
    const login = await web.inject({
      method: 'POST',
      url: '/proxyserver/api/UserInfo/Login_Web',
      payload: { user_name: 'admin', user_password: 'admin123' },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    await web.listen({ port: 0, host: '127.0.0.1' });
    const address = web.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const hangUp = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/proxyserver/api/Alert/Stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: hangUp.signal,
    });
    hangUp.abort();
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('x-frame-options')).toBe('DENY');
  });

  it('send HSTS only when the request came over HTTPS through a trusted proxy', async () => {
    const viaProxy = await web.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await web.inject({
      method: 'GET',
      url: '/proxyserver/api/UserInfo/checktoken',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    // Anyone else claiming HTTPS is not believed (TRUST_PROXY is loopback here), nor is plain HTTP.
    const forged = await web.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.1.2.3',
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const plain = await web.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the script policy follows the built index.html', () => {
  it('allows each inline script by its hash and nothing for scripts loaded by src', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<script type="module" src="/assets/x.js"></script><script>one()</script><SCRIPT nonce="x">two()</SCRIPT>',
    );
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(root)).toEqual([hash('one()'), hash('two()')]);
    expect(inlineScriptHashes(path.join(root, 'missing'))).toEqual([]);
  });
});
