import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/client.js';
import { committedMigrations } from '../db/migrate.js';
import { prepareDatabase } from '../db/startup.js';
import { queryRows } from '../db/sql.js';
import { freshDatabase } from '../test/test-database.js';
import { useHarness } from '../test/harness.js';
import { readiness } from './probes.js';

/** The load balancers' probes (OPERATIONS.md, Pinned): plain JSON, the HTTP status is the answer. */
const h = useHarness();
const probe = (url: string) => h.app.inject({ method: 'GET', url });

describe('the health probe', () => {
  it('answers that the process is up, without a token', async () => {
    const response = await probe('/proxyserver/health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('the readiness probe', () => {
  it('answers ready when every committed migration is applied and the database answers', async () => {
    const response = await probe('/proxyserver/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('is not ready, saying why, while a committed migration is missing', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      h.ctx.db,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    try {
      const response = await probe('/proxyserver/ready');
      expect(response.statusCode).toBe(503);
      const expected = committedMigrations();
      expect(response.json()).toEqual({
        status: 'not ready',
        reason: `数据库迁移未完成（已应用 ${expected - 1}/${expected}）`,
      });
    } finally {
      await h.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await probe('/proxyserver/ready')).statusCode).toBe(200);
  });

  it('is not ready when the database is gone, while the health probe still answers', async () => {
    const database = await freshDatabase();
    await prepareDatabase(database, h.ctx.config, h.clock.now());
    const app = await buildApp({ ...h.ctx, db: database.db }, { webRoot: '/nonexistent-web-root' });
    try {
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/proxyserver/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', reason: '数据库无法连接' });
      expect((await app.inject({ method: 'GET', url: '/proxyserver/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is not ready when the database does not answer in time', async () => {
    const stuck = { execute: () => new Promise(() => {}) } as unknown as Db;
    // Without its own time limit the check would wait for ever, and the test's timeout would fail it.
    expect(await readiness(stuck, 50)).toEqual({ ready: false, reason: '数据库在 0.05 秒内没有响应' });
  });
});

describe('probe logging', () => {
  it('keeps probes out of the info log, where API calls are', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(h.ctx, { webRoot: '/nonexistent-web-root', logger: { level: 'info', stream } });
    try {
      await app.inject({ method: 'GET', url: '/proxyserver/health' });
      await app.inject({ method: 'GET', url: '/proxyserver/ready' });
      await app.inject({ method: 'GET', url: '/proxyserver/metrics' });
      await app.inject({ method: 'GET', url: '/proxyserver/api/UserInfo/checktoken' });
      expect(lines.some((line) => line.includes('/proxyserver/api/UserInfo/checktoken'))).toBe(true);
      expect(lines.filter((line) => /\/proxyserver\/(health|ready|metrics)/.test(line))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
