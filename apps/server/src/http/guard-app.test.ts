import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { prepareDatabase } from '../db/startup.js';
import { isGuardAppPage } from './guard-app.js';

describe('the guard app at /m/', () => {
  it('tells the app’s pages from its files', () => {
    expect(isGuardAppPage('/m/')).toBe(true);
    expect(isGuardAppPage('/m/p/0001A00001')).toBe(true);
    expect(isGuardAppPage('/m/p/0001A00001?x=1')).toBe(true);
    expect(isGuardAppPage('/m/sw.js')).toBe(false);
    expect(isGuardAppPage('/mobile')).toBe(false);
    expect(isGuardAppPage('/m/%E0%A4%A')).toBe(false);
  });

  it('serves its files, its pages from its index.html, and nothing of the console there', async () => {
    const guardRoot = mkdtempSync(path.join(os.tmpdir(), 'guard-app-'));
    mkdirSync(path.join(guardRoot, 'assets'));
    writeFileSync(path.join(guardRoot, 'index.html'), '<!doctype html><title>巡检助手</title>');
    writeFileSync(path.join(guardRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(guardRoot, 'manifest.webmanifest'), '{"name":"巡检助手","display":"standalone"}');
    const database = await openPglite('memory://');
    const config = { ...readConfig({ DATA_DIR: '/nonexistent-test-data' }), demo: false };
    const ctx = { db: database.db, config, now: () => new Date(), deviceKey: 'k', listen: database.listen };
    await prepareDatabase(database, config, ctx.now());
    const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root', guardRoot });
    try {
      for (const url of ['/m/', '/m/p/0001A00001']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('巡检助手');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const worker = await app.inject({ method: 'GET', url: '/m/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toContain('javascript');
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect((await app.inject({ method: 'GET', url: '/m/manifest.webmanifest' })).body).toContain('standalone');
      expect((await app.inject({ method: 'GET', url: '/m/missing.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
