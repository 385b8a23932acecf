import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, readConfig } from '../config.js';
import { HOUR, useHarness } from '../test/harness.js';
import { pruneRetention, scheduleRetention } from './retention.js';
import { queryRows } from './sql.js';

const DAY = 24 * HOUR;
const h = useHarness();

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(h.ctx.db, query);
  return row?.n ?? 0;
}

describe('retention: what the server deletes daily', () => {
  it('deletes expired and logged-out sessions, and keeps a remembered one that still works', async () => {
    const shortLived = await h.login();
    const remembered = await h.login(undefined, true);
    const loggedOut = await h.login();
    expect((await h.get('/UserInfo/Logout', {}, loggedOut)).code).toBe(200);
    h.clock.advance(13 * HOUR);

    const pruned = await pruneRetention(h.ctx);

    expect(pruned.sessions, 'the 12-hour session and the logged-out one').toBeGreaterThanOrEqual(2);
    const now = h.clock.now();
    expect(
      await count(sql`select count(*)::int as n from session where expires_at <= ${now} or revoked_at is not null`),
    ).toBe(0);
    expect((await h.get('/UserInfo/checktoken', {}, remembered)).code, 'the remembered session').toBe(200);
    expect((await h.get('/UserInfo/checktoken', {}, shortLived)).code, 'the expired session').toBe(401);
  });

  it('keeps the login and operation log LOG_RETENTION_DAYS (365) and deletes what is older', async () => {
    const start = h.clock.now();
    await h.login();
    // An old installation's first run: far more old rows than one delete statement takes.
    const old = new Date(start.getTime() - 400 * DAY);
    await h.ctx.db.execute(
      sql`insert into sys_log (log_type, hold_id, log_content, create_time)
          select 1, 1, 'old login ' || i, ${old} from generate_series(1, 12000) as i`,
    );
    h.clock.advance(200 * DAY);
    await h.login();
    h.clock.advance(200 * DAY);
    const cutoff = new Date(h.clock.now().getTime() - 365 * DAY);
    const younger = await count(sql`select count(*)::int as n from sys_log where create_time >= ${cutoff}`);

    const pruned = await pruneRetention(h.ctx);

    expect(pruned.logs).toBeGreaterThanOrEqual(12_001);
    expect(await count(sql`select count(*)::int as n from sys_log where create_time < ${cutoff}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from sys_log`), 'the last 365 days are kept').toBe(younger);
    expect(younger, 'the login 200 days ago is among them').toBeGreaterThan(0);
    expect(await pruneRetention(h.ctx), 'a second run finds nothing').toEqual({ sessions: 0, logs: 0 });
  });

  it('runs by itself a minute after the server starts, and stops with it', async () => {
    const token = await h.login();
    h.clock.advance(13 * HOUR);
    const failures: unknown[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      const stop = scheduleRetention(h.ctx, (error) => failures.push(error));
      await vi.advanceTimersByTimeAsync(60_000);
      await stop();
    } finally {
      vi.useRealTimers();
    }
    expect(failures).toEqual([]);
    expect(await count(sql`select count(*)::int as n from session where expires_at <= ${h.clock.now()}`)).toBe(0);
    expect((await h.get('/UserInfo/checktoken', {}, token)).code).toBe(401);
  });

  it('reads LOG_RETENTION_DAYS as a whole number of days, 365 unless set', () => {
    expect(readConfig({}).logRetentionDays).toBe(365);
    expect(readConfig({ LOG_RETENTION_DAYS: '90' }).logRetentionDays).toBe(90);
    for (const bad of ['0', '-1', '1.5', 'forever']) {
      expect(() => readConfig({ LOG_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
    }
  });
});
