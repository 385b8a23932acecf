import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { TestClock, useHarness } from '../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { buildWorld, type World } from '../../test/world.js';
import { deliverDigests, recordDuePeriods } from './digest-outbox.service.js';

/**
 * Exactly once (DIGESTS.md): two servers on one database, each with its own clock set to the same instant, notice
 * the same due report at once, and a third (a restart) later; the mailbox and the receiver get it once.
 */
const smtpPort = 20_000 + Math.floor(Math.random() * 12_000);
const h = useHarness({
  webhookAllowHosts: ['127.0.0.1'],
  smtpUrl: `smtp://reports:mail-secret@127.0.0.1:${smtpPort}`,
  mailFrom: 'patrol@example.com',
});
let w: World;
let smtp: SmtpCatcher;
let receiver: Server;
const keys: string[] = [];
let second: { app: FastifyInstance; ctx: AppContext; clock: TestClock };
const sh = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

beforeAll(async () => {
  smtp = await startSmtpCatcher(smtpPort);
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      keys.push(String(request.headers['idempotency-key']));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/digest`;
  // Subscribed on Monday morning, an hour before both are first due.
  h.clock.set(sh('2026-11-23 06:00:00'));
  w = await buildWorld(h);
  const hook = await h.post<{ hook_id: number }>(
    '/Webhook/Save',
    { hook_id: 0, hold_id: w.a.holdId, name: '物业群', url, format: 'wecom', kinds: [1] },
    w.a.token,
  );
  for (const [name, frequency, weekday] of [
    ['日报', 'daily', null],
    ['周报', 'weekly', 1],
  ] as const) {
    const saved = await h.post(
      '/Digest/Save',
      {
        digest_id: 0,
        hold_id: w.a.holdId,
        digest_name: name,
        frequency,
        weekday,
        time: '07:00',
        emails: ['manager@example.com'],
        hook_ids: [hook.data.hook_id],
      },
      w.a.token,
    );
    expect(saved.code, saved.msg).toBe(200);
  }
  // Server B: its own app and clock on the same database.
  const clock = new TestClock(h.clock.now());
  const ctx: AppContext = { ...h.ctx, now: clock.now };
  const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
  await app.ready();
  second = { app, ctx, clock };
});

afterAll(async () => {
  await second?.app.close();
  await smtp?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const sends = () =>
  queryRows<{ digest_id: number; period_start: string; n: number }>(
    h.ctx.db,
    sql`select digest_id, to_char(period_start, 'YYYY-MM-DD') as period_start, count(*)::int as n
      from digest_send group by 1, 2 order by 1, 2`,
  );

describe('two servers and a restart', () => {
  it('send each due period once, however many servers notice it', async () => {
    // Monday 2026-11-23 07:00:05: the daily report of 11-22 and the weekly one of 11-16–11-22 are both due.
    h.clock.set(sh('2026-11-23 07:00:05'));
    second.clock.set(sh('2026-11-23 07:00:05'));
    const recorded = await Promise.all([
      recordDuePeriods(h.ctx),
      recordDuePeriods(second.ctx),
      recordDuePeriods(h.ctx),
      recordDuePeriods(second.ctx),
    ]);
    expect(recorded.reduce((a, b) => a + b, 0)).toBe(2);
    await Promise.all([deliverDigests(h.ctx), deliverDigests(second.ctx)]);

    // A restart: a new server (a new app on the same database) a minute later finds nothing left to do.
    const restarted = new TestClock(sh('2026-11-23 07:01:00'));
    const ctx: AppContext = { ...h.ctx, now: restarted.now };
    const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
    expect(await recordDuePeriods(ctx)).toBe(0);
    expect(await deliverDigests(ctx)).toBe(0);
    await app.close();

    expect(await sends()).toEqual([
      expect.objectContaining({ period_start: '2026-11-22', n: 1 }),
      expect.objectContaining({ period_start: '2026-11-16', n: 1 }),
    ]);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(
      ['甲企业 巡检周报（2026-11-16 至 2026-11-22）', '甲企业 巡检日报（2026-11-22）'].sort(),
    );
    expect(keys.map((key) => key.split(':')[1]).sort()).toEqual(['2026-11-16', '2026-11-22']);
  });
});
