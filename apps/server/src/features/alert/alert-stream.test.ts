import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AlertKind, BuiltinRole } from '@guard-tour/contract';
import { AlertStream, eventually } from '../../test/alert-stream-client.js';
import { useHarness } from '../../test/harness.js';
import { buildWorld, type World } from '../../test/world.js';
import { raiseAlerts } from './alert.service.js';
import { STREAMS_PER_ACCOUNT } from './alert-hub.js';
import { account } from '../../db/schema.js';

/**
 * `Alert/Stream` on a listening server (ACCOUNTABILITY.md, Alerts; QUALITY.md R14): an alert reaches the streams
 * in its scope within 2 s of its commit, never a sibling's; no token answers the 401 envelope; a revoked token's
 * stream is closed.
 */
const h = useHarness();
let w: World;
let base = '';

beforeAll(async () => {
  w = await buildWorld(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

async function raise(holdId: number, subject: string): Promise<number> {
  const [id] = await h.ctx.db.transaction((tx) =>
    raiseAlerts(
      tx,
      [{ kind: AlertKind.offline, subject, hold_id: holdId, detail: `测试告警 ${subject}` }],
      h.clock.now(),
    ),
  );
  return id!;
}

afterAll(async () => {
  await h.app.close();
});

describe('the alert stream', () => {
  it('answers the 401 envelope without a valid token', async () => {
    const none = await fetch(`${base}/proxyserver/api/Alert/Stream`);
    expect(await none.json()).toMatchObject({ code: 401 });
    const wrong = await fetch(`${base}/proxyserver/api/Alert/Stream`, { headers: { authorization: 'Bearer nope' } });
    expect(await wrong.json()).toMatchObject({ code: 401 });
  });

  // The bounds here are waits, not measurements: generous enough for a loaded machine (R14 in the heavy tests
  // measures the 2 s), and a stream that never gets an alert still fails.
  it('carries an alert to the streams in its scope, and never to a sibling enterprise', async () => {
    const mine = await AlertStream.open(base, w.a.token);
    const above = await AlertStream.open(base, w.root);
    const sibling = await AlertStream.open(base, w.b.token);
    const below = await AlertStream.open(base, w.a1.token);
    const id = await raise(w.a.holdId, 'stream:one');
    const got = await eventually(10_000, 'the stream', () => mine.alerts.find((a) => a.alert_id === id));
    expect(got).toMatchObject({ kind: AlertKind.offline, kind_name: '终端离线', hold_name: '甲企业', state: 0 });
    expect(got).not.toHaveProperty('path');
    await eventually(10_000, 'the stream', () => above.alerts.find((a) => a.alert_id === id));
    // A second alert, of B: the first streams' ordering shows nothing of A reached B meanwhile.
    const other = await raise(w.b.holdId, 'stream:two');
    await eventually(10_000, 'the stream', () => sibling.alerts.find((a) => a.alert_id === other));
    expect(sibling.alerts.map((a) => a.alert_id)).toEqual([other]);
    expect(below.alerts).toEqual([]);
    expect(mine.alerts.map((a) => a.alert_id)).toEqual([id]);
    for (const stream of [mine, above, sibling, below]) stream.close();
  });

  it('raises nothing twice, and a rolled-back alert reaches no stream', async () => {
    const mine = await AlertStream.open(base, w.a.token);
    const again = await h.ctx.db.transaction((tx) =>
      raiseAlerts(
        tx,
        [{ kind: AlertKind.offline, subject: 'stream:one', hold_id: w.a.holdId, detail: 'x' }],
        h.clock.now(),
      ),
    );
    expect(again).toEqual([]);
    await h.ctx.db
      .transaction(async (tx) => {
        await raiseAlerts(
          tx,
          [{ kind: AlertKind.offline, subject: 'stream:rolled', hold_id: w.a.holdId, detail: 'x' }],
          h.clock.now(),
        );
        throw new Error('rolled back');
      })
      .catch(() => {});
    const last = await raise(w.a.holdId, 'stream:three');
    await eventually(10_000, 'the stream', () => mine.alerts.find((a) => a.alert_id === last));
    expect(mine.alerts.map((a) => a.detail)).toEqual(['测试告警 stream:three']);
    mine.close();
  });

  it('ends the stream of a token that was revoked, at the next alert at the latest', async () => {
    const token = await h.login({ user_name: w.a.admin, user_password: 'password123' });
    const stream = await AlertStream.open(base, token);
    expect((await h.get('/UserInfo/Logout', {}, token)).code).toBe(200);
    // Every delivery reads the streams' sessions first (and each 15 s keep-alive checks the token): no wait needed.
    let ended = false;
    void stream.ended.then(() => (ended = true));
    const id = await raise(w.a.holdId, 'stream:after-logout');
    await eventually(10_000, 'the stream to end', () => (ended ? true : undefined));
    expect(stream.alerts.map((a) => a.alert_id)).not.toContain(id);
  });

  it('stops an account moved to another organisation from hearing the old one at once, and follows it', async () => {
    const saved = await h.post<{ user_id: number }>(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: w.a.holdId, user_name: 'a_mover', user_password: 'password123', true_name: '调岗' },
      w.root,
    );
    const token = await h.login({ user_name: 'a_mover', user_password: 'password123' });
    const stream = await AlertStream.open(base, token);
    const moved = await h.post(
      '/HoldInfo/SaveAccount',
      { user_id: saved.data.user_id, hold_id: w.b.holdId, user_name: 'a_mover', true_name: '调岗' },
      w.root,
    );
    expect(moved.code).toBe(200);
    const old = await raise(w.a.holdId, 'stream:moved-old');
    const now = await raise(w.b.holdId, 'stream:moved-new');
    await eventually(10_000, 'the new organisation', () => stream.alerts.find((a) => a.alert_id === now));
    expect(stream.alerts.map((a) => a.alert_id)).not.toContain(old);
    stream.close();
  });

  it('ends a stream whose role no longer holds 查看告警 at the next alert', async () => {
    const saved = await h.post<{ user_id: number }>(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: w.a.holdId, user_name: 'a_demoted', user_password: 'password123', true_name: '降级' },
      w.root,
    );
    const token = await h.login({ user_name: 'a_demoted', user_password: 'password123' });
    const stream = await AlertStream.open(base, token);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    await h.ctx.db.update(account).set({ role_id: BuiltinRole.guard }).where(eq(account.user_id, saved.data.user_id));
    const id = await raise(w.a.holdId, 'stream:demoted');
    await eventually(10_000, 'the stream to end', () => (ended ? true : undefined));
    expect(stream.alerts.map((a) => a.alert_id)).not.toContain(id);
  });

  it('keeps at most five streams an account: a sixth closes the oldest', async () => {
    const streams = [];
    for (let i = 0; i < STREAMS_PER_ACCOUNT; i++) streams.push(await AlertStream.open(base, w.a1.token));
    let firstEnded = false;
    void streams[0]!.ended.then(() => (firstEnded = true));
    const sixth = await AlertStream.open(base, w.a1.token);
    await eventually(10_000, 'the oldest stream to end', () => (firstEnded ? true : undefined));
    const id = await raise(w.a1.holdId, 'stream:sixth');
    await eventually(10_000, 'the sixth stream', () => sixth.alerts.find((a) => a.alert_id === id));
    for (const stream of streams.slice(1)) {
      await eventually(10_000, 'the other streams', () => stream.alerts.find((a) => a.alert_id === id));
    }
    for (const stream of [...streams, sixth]) stream.close();
  });
});
