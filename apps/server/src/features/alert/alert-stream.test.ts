import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertKind } from '@guard-tour/contract';
import { AlertStream, eventually } from '../../test/alert-stream-client.js';
import { useHarness } from '../../test/harness.js';
import { buildWorld, type World } from '../../test/world.js';
import { raiseAlerts } from './alert.service.js';

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

  it('carries an alert to the streams in its scope within 2 s, and never to a sibling enterprise', async () => {
    const mine = await AlertStream.open(base, w.a.token);
    const above = await AlertStream.open(base, w.root);
    const sibling = await AlertStream.open(base, w.b.token);
    const below = await AlertStream.open(base, w.a1.token);
    const started = Date.now();
    const id = await raise(w.a.holdId, 'stream:one');
    const got = await eventually(2_000, 'the stream', () => mine.alerts.find((a) => a.alert_id === id));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(got).toMatchObject({ kind: AlertKind.offline, kind_name: '终端离线', hold_name: '甲企业', state: 0 });
    expect(got).not.toHaveProperty('path');
    await eventually(2_000, 'the stream', () => above.alerts.find((a) => a.alert_id === id));
    // A second alert, of B: the first streams' ordering shows nothing of A reached B meanwhile.
    const other = await raise(w.b.holdId, 'stream:two');
    await eventually(2_000, 'the stream', () => sibling.alerts.find((a) => a.alert_id === other));
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
    await eventually(2_000, 'the stream', () => mine.alerts.find((a) => a.alert_id === last));
    expect(mine.alerts.map((a) => a.detail)).toEqual(['测试告警 stream:three']);
    mine.close();
  });

  it('ends the stream of a token that was revoked', async () => {
    const token = await h.login({ user_name: w.a.admin, user_password: 'password123' });
    const stream = await AlertStream.open(base, token);
    expect((await h.get('/UserInfo/Logout', {}, token)).code).toBe(200);
    // The token is checked again with each keep-alive comment (every 15 s): the server then ends the stream.
    let ended = false;
    void stream.ended.then(() => (ended = true));
    await eventually(17_000, 'the stream', () => (ended ? true : undefined));
    stream.close();
  }, 30_000);
});
