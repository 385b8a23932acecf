import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, OTHER_ROUTES } from '@guard-tour/contract';
import { buildApp } from '../app.js';
import { useHarness } from '../test/harness.js';
import { makeWebRoot } from '../test/web-root.js';
import { NOT_CONSOLE, isConsolePath } from './console-paths.js';

/** OPERATIONS.md: paths that are neither API, probe, docs nor a console route answer 404, not the console. */
const SCANNER_PATHS = [
  '/healthz',
  '/metrics',
  '/.env',
  '/wp-admin',
  '/wp-admin/setup-config.php',
  '/wp-login.php',
  '/.git/config',
  '/phpmyadmin',
  '/%2eenv',
  '/actuator/health',
  '/patrol/../.env',
  '/robots.txt',
];
const CONSOLE_PATHS = [
  '/',
  '/login',
  '/login?redirect=%2Fdevice%2Fmanage',
  '/patrol/missed_report/print',
  '/patrol/road_detail?road_id=3&name=a.b',
  '/Device/Manage/',
  ...[...MENU.flatMap((group) => group.entries), ...OTHER_ROUTES].map((entry) => entry.path),
];

describe('which paths are the console’s', () => {
  it('takes every route of the console’s menu and the pages outside it', () => {
    for (const url of CONSOLE_PATHS) expect(isConsolePath(url), url).toBe(true);
  });

  it('takes any other address without a dot, which the console shows as 页面不存在', () => {
    for (const url of ['/patrol/no_such_screen', '/sys/nothing', '/no/such/page'])
      expect(isConsolePath(url), url).toBe(true);
  });

  it('leaves probes, scanners’ favourites, dotted paths and the server’s own prefix to the 404', () => {
    for (const url of [...SCANNER_PATHS, '//wp-admin/x', '/admin', '/api/v1/users', '/proxyserver/x', '/%E0%A4%A'])
      expect(isConsolePath(url), url).toBe(false);
  });

  it('never refuses a segment the console’s own routes use', () => {
    for (const url of CONSOLE_PATHS) {
      const first = url.split('?')[0]!.split('/').find(Boolean)?.toLowerCase();
      expect(first === undefined || !NOT_CONSOLE.has(first), url).toBe(true);
    }
  });
});

const h = useHarness();
let web: FastifyInstance;

beforeAll(async () => {
  web = await buildApp(h.ctx, { webRoot: makeWebRoot() });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
});

describe('the server with a built console', () => {
  it('answers scanners’ and probes’ guesses 404 with the envelope, never the console', async () => {
    for (const url of SCANNER_PATHS) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 404, msg: '请求的地址不存在', data: null });
    }
  });

  it('answers the console’s routes with its index.html', async () => {
    for (const url of [...CONSOLE_PATHS, '/patrol/no_such_screen', '/no/such/page']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root">');
    }
  });
});
