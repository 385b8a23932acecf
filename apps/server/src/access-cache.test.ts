import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { AppContext } from './context.js';
import type { Listen, ListenEvents } from './db/client.js';
import { ACCESS_CHANGED, ACCESS_KEPT_MS } from './http/access-cache.js';
import { useHarness } from './test/harness.js';
import { PASSWORD, buildWorld, type World } from './test/world.js';

/**
 * Issue 36: each server keeps sessions, their role's keys and scopes in memory, and what one server changes reaches
 * every other server's memory through the database (migration 0020's triggers NOTIFY `access_changed`). Here a
 * second app on the same database plays the other server: it has its own memory and its own LISTEN. A change made
 * on the first (or by plain SQL, as an operator would) must reach the second without its clock moving; a second
 * that never hears (a notification dropped) still refuses once its kept answers lapse; one whose LISTEN connection
 * is lost keeps nothing meanwhile.
 */
const h = useHarness();
let w: World;
let other: FastifyInstance;
let deaf: FastifyInstance;
let losing: FastifyInstance;
let losingEvents: ListenEvents | undefined;
/** The losing server's connection is away: what is NOTIFYed meanwhile never reaches it. */
let losingAway = false;
let accounts = 0;

/** A LISTEN that never hears the triggers' word of a change (a notification lost on its way); the servers' it does. */
const droppingAccess =
  (listen: Listen): Listen =>
  (channel, handler, events) =>
    listen(channel, channel === ACCESS_CHANGED ? (payload) => payload !== '' && handler(payload) : handler, events);

/** A LISTEN whose connection the test loses and brings back (missing what is NOTIFYed meanwhile). */
const tellingLoss =
  (listen: Listen): Listen =>
  (channel, handler, events) => {
    if (channel !== ACCESS_CHANGED) return listen(channel, handler, events);
    losingEvents = {
      lost: () => {
        losingAway = true;
        events?.lost();
      },
      regained: () => {
        losingAway = false;
        events?.regained();
      },
    };
    return listen(channel, (payload) => losingAway || handler(payload), events);
  };

/** Another server on the same database: its own kept answers, its own LISTEN (the harness's clock). */
async function server(listen: (listen: Listen) => Listen = (l) => l): Promise<FastifyInstance> {
  const ctx: AppContext = Object.assign(Object.create(h.ctx) as AppContext, { listen: listen(h.ctx.listen) });
  const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
  await app.ready();
  return app;
}

async function codeOn(app: FastifyInstance, token: string, path: string, body?: unknown): Promise<number> {
  const reply = await app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url: `/proxyserver/api${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return (reply.json() as { code: number }).code;
}

const checkToken = (app: FastifyInstance, token: string) => codeOn(app, token, '/UserInfo/checktoken');

/** What `app` answers once a change no server said (plain SQL) reached it: waits for the trigger's word (≤ 2 s). */
async function settlesTo(expected: number, answer: () => Promise<number>): Promise<number> {
  const deadline = Date.now() + 2_000;
  let code = await answer();
  while (code !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    code = await answer();
  }
  return code;
}

/** A new account of department A1 (its role: 管理员 unless given) and a live token of it. */
async function newAccount(roleId?: number): Promise<{ userId: number; token: string; userName: string }> {
  const userName = `kept_user${++accounts}`;
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a1.holdId, user_name: userName, user_password: PASSWORD, role_id: roleId },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  return {
    userId: saved.data.user_id,
    userName,
    token: await h.login({ user_name: userName, user_password: PASSWORD }),
  };
}

beforeAll(async () => {
  w = await buildWorld(h);
  other = await server();
  deaf = await server(droppingAccess);
  losing = await server(tellingLoss);
});

afterAll(async () => {
  await Promise.all([other?.close(), deaf?.close(), losing?.close()]);
});

describe('a change made on one server reaches the other’s kept sessions', () => {
  it('logout: refused by the other server on the very next request (the first waited for it to hear)', async () => {
    const { token } = await newAccount();
    expect(await checkToken(other, token)).toBe(200);
    expect(await checkToken(deaf, token)).toBe(200);
    expect((await h.get('/UserInfo/Logout', {}, token)).code).toBe(200);
    expect(await checkToken(other, token)).toBe(401);
    // Even a server that lost the trigger's word: the first server's own word after its commit reached it.
    expect(await checkToken(deaf, token)).toBe(401);
  });

  it('a password change ends the account’s other sessions there too', async () => {
    const { token, userName } = await newAccount();
    const second = await h.login({ user_name: userName, user_password: PASSWORD });
    expect(await checkToken(other, second)).toBe(200);
    const changed = await h.post(
      '/HoldInfo/ChangeUserPassword',
      { old_password: PASSWORD, new_password: 'changed-pass-1' },
      token,
    );
    expect(changed.code, changed.msg).toBe(200);
    expect(await checkToken(other, second)).toBe(401);
  });

  it('a role losing a key: the other server refuses the call with 403 (R16)', async () => {
    const role = await h.post<{ role_id: number }>(
      '/Role/Save',
      { role_id: 0, hold_id: w.a.holdId, role_name: '只看账号', permissions: ['staff.view'] },
      w.a.token,
    );
    expect(role.code, role.msg).toBe(200);
    const { token } = await newAccount(role.data.role_id);
    const list = () =>
      codeOn(other, token, '/StaffInfo/SearchList', { HoldID: w.a1.holdId, PageIndex: 1, PageSize: 10 });
    expect(await list()).toBe(200);
    const edited = await h.post(
      '/Role/Save',
      { role_id: role.data.role_id, hold_id: w.a.holdId, role_name: '只看账号', permissions: ['dashboard.view'] },
      w.a.token,
    );
    expect(edited.code, edited.msg).toBe(200);
    expect(await list()).toBe(403);
  });

  it('an account deleted', async () => {
    const { token, userId } = await newAccount();
    expect(await checkToken(other, token)).toBe(200);
    expect((await h.post('/StaffInfo/RemoveUser', { user_ids: [userId] }, w.a.token)).code).toBe(200);
    expect(await checkToken(other, token)).toBe(401);
  });

  it('a phone deleted: every session bound to it is shut out there too (R17)', async () => {
    const { userName } = await newAccount();
    const login = await h.post<{ token: string }>('/UserInfo/Login_Web', {
      user_name: userName,
      user_password: PASSWORD,
      client: 'app',
    });
    expect(login.code, login.msg).toBe(200);
    const token = login.data.token;
    const phone = await h.post<{ object_id: number }>(
      '/Terminal/RegisterApp',
      { app_id: `kept-phone-${String(accounts).padStart(8, '0')}` },
      token,
    );
    expect(phone.code, phone.msg).toBe(200);
    expect(await checkToken(other, token)).toBe(200);
    const removed = await h.post('/DeviceInfo/RemoveDevice', { object_ids: [phone.data.object_id] }, w.a.token);
    expect(removed.code, removed.msg).toBe(200);
    expect(await checkToken(other, token)).toBe(401);
  });

  it('an organisation expired by plain SQL (no service said so: the trigger did)', async () => {
    const { token } = await newAccount();
    expect(await checkToken(other, token)).toBe(200);
    await h.ctx.db.execute(sql`update hold set vip_end_time = '2020-01-01' where hold_id = ${w.a1.holdId}`);
    try {
      expect(await settlesTo(401, () => checkToken(other, token))).toBe(401);
    } finally {
      await h.ctx.db.execute(sql`update hold set vip_end_time = null where hold_id = ${w.a1.holdId}`);
    }
  });

  it('a new department enters the scope the other server keeps for a list', async () => {
    const names = async () => {
      const reply = await other.inject({
        method: 'POST',
        url: '/proxyserver/api/StaffInfo/SearchList',
        headers: { authorization: `Bearer ${w.a.token}` },
        payload: { HoldID: w.a.holdId, PageIndex: 1, PageSize: 100 },
      });
      return (reply.json() as { data: { user_name: string }[] }).data.map((row) => row.user_name);
    };
    expect(await names()).not.toContain('kept_new_dept_admin');
    const dept = await h.post(
      '/HoldInfo/SaveHoldInfo',
      {
        hold_id: 0,
        hold_name: '新设部门',
        hold_type: 3,
        parent_hold_id: w.a.holdId,
        user_name: 'kept_new_dept_admin',
        user_password: PASSWORD,
        true_name: '新部门管理员',
      },
      w.a.token,
    );
    expect(dept.code, dept.msg).toBe(200);
    expect(await names()).toContain('kept_new_dept_admin');
  });
});

describe('when the word does not arrive', () => {
  it('a dropped notification: the other server answers from memory, then refuses once its answer lapses', async () => {
    const { token, userId } = await newAccount();
    expect(await checkToken(deaf, token)).toBe(200);
    // Revoked by plain SQL: only the trigger's word goes out, and this server never hears it.
    await h.ctx.db.execute(sql`update session set revoked_at = now() where user_id = ${userId}`);
    // It never heard: its kept session answers (no round trip per request), for at most ACCESS_KEPT_MS.
    expect(await checkToken(deaf, token)).toBe(200);
    h.clock.advance(ACCESS_KEPT_MS);
    expect(await checkToken(deaf, token)).toBe(401);
  });

  it('a lost LISTEN connection: nothing is kept until it is back', async () => {
    expect(losingEvents).toBeDefined();
    const { token } = await newAccount();
    expect(await checkToken(losing, token)).toBe(200);
    losingEvents!.lost();
    try {
      // What is NOTIFYed meanwhile is missed: the server reads every session from the database instead.
      expect((await h.get('/UserInfo/Logout', {}, token)).code).toBe(200);
      expect(await checkToken(losing, token)).toBe(401);
    } finally {
      losingEvents!.regained();
    }
    // Back: it keeps answers again (a token logged out now is heard of, and refused).
    const again = await newAccount();
    expect(await checkToken(losing, again.token)).toBe(200);
    expect((await h.get('/UserInfo/Logout', {}, again.token)).code).toBe(200);
    expect(await checkToken(losing, again.token)).toBe(401);
  });
});
