import type { Readable } from 'node:stream';
import { calls, PERMISSIONS, type CardRow, type Call, type PermissionRule } from '@guard-tour/contract';
import { eq } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from './app.js';
import { account, role } from './db/schema.js';
import { APP_SESSION_DENIED } from './http/auth.js';
import { useHarness } from './test/harness.js';
import type { Victim } from './test/isolation-probes.js';
import { routeInput } from './test/route-inputs.js';
import { changedTables, snapshotTables } from './test/table-snapshot.js';
import { multipartBody, tempDataDir } from './test/uploads.js';
import { populate, TINY_PNG } from './test/victims.js';
import { buildWorld, PASSWORD, type World } from './test/world.js';

/**
 * QUALITY.md R16, function-level authorisation (ROLES.md, Tests). Generated from the routes the server registers,
 * each mapped back to its call table entry, whose `permission` is the truth:
 * - every bearer call × each built-in role and a custom role per catalogue key (and one holding none): allowed
 *   exactly when the role holds a key the call's rule names; refused as code 403 with the pinned message naming
 *   the permission, and a refused call — sent with a body that would change something — changes no row of any
 *   table (a snapshot of every table the schema has);
 * - an app session (client 'app') against every call: only the app's and the session calls get through;
 * - the guard: every bearer route is registered with a permission, the one its entry names.
 */

/** Every route's Fastify options as registered (its `config` carries the permission the auth hook checks). */
const registeredConfig = vi.hoisted(() => new Map<string, Record<string, unknown> | undefined>());
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>();
  const factory = ((options?: object) => {
    const app = real.default(options as never);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        registeredConfig.set(`${method} ${route.url}`.toLowerCase(), route.config as Record<string, unknown>);
      }
    });
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: factory, fastify: factory };
});

const h = useHarness({ dataDir: tempDataDir() });
let w: World;
let own: Victim;

// ---------------------------------------------------------------------------------------------------------------
// The oracle: the call table's rules, the catalogue, and the built-in roles as ROLES.md writes them.

const KEYS = PERMISSIONS.map((p) => p.key as string);
const NAMES = new Map<string, string>(PERMISSIONS.map((p) => [p.key, p.name]));

/** ROLES.md, Roles: what the four built-in roles hold. */
const BUILTIN: { roleId: number; name: string; keys: string[] }[] = [
  { roleId: 1, name: '管理员', keys: KEYS },
  {
    roleId: 2,
    name: '主管',
    // digest.edit: DIGESTS.md gives 定时报表 to 管理员 and 主管; INSPECTION.md gives 主管 the checklist and hazard keys.
    keys: [
      ...KEYS.filter((key) => key.endsWith('.view')),
      'record.export',
      'alert.handle',
      'digest.edit',
      'checklist.edit',
      'hazard.assign',
      'hazard.verify',
      'app.use',
    ],
  },
  { roleId: 3, name: '巡检员', keys: ['app.use'] },
  {
    roleId: 4,
    name: '只读',
    keys: [
      'dashboard.view',
      'record.view',
      'record.export',
      'road.view',
      'task.view',
      'card.view',
      'alert.view',
      'hazard.view',
    ],
  },
];

/** The keys a rule names: one, any one of several, or none (a session-only call). */
function ruleKeys(rule: PermissionRule): string[] {
  if (rule === 'session') return [];
  return typeof rule === 'string' ? [rule] : [...rule];
}

/** ROLES.md: a call is allowed when its rule needs only a session, or the role holds one of the keys it names. */
function holds(keys: ReadonlySet<string>, rule: PermissionRule): boolean {
  return rule === 'session' || ruleKeys(rule).some((key) => keys.has(key));
}

/** The pinned refusal, naming the (first) permission the call needs. */
function deniedText(rule: PermissionRule): string {
  return `无权限执行此操作（需要「${NAMES.get(ruleKeys(rule)[0] ?? '') ?? '?'}」权限）`;
}

const ENTRIES: Call[] = Object.values(calls).flatMap((area) => Object.values(area as Record<string, Call>));

interface BearerRoute {
  key: string;
  method: string;
  /** Under API_PREFIX: `/DeviceInfo/SaveDeviceInfo`. */
  path: string;
  takesInput: boolean;
  rule: PermissionRule;
}

/** The call table entry a registered route was made from (same method, same path, without regard to case). */
function entryOf(method: string, url: string): Call | undefined {
  return ENTRIES.find((one) => one.method === method && `/proxyserver${one.path}`.toLowerCase() === url.toLowerCase());
}

/** Every registered bearer route with its entry's rule (the guard below fails for a route without one). */
function bearerRoutes(): BearerRoute[] {
  return h.app.apiRoutes
    .filter((route) => !route.public)
    .flatMap((route) => {
      const rule = entryOf(route.method, route.url)?.permission;
      if (rule === undefined) return [];
      const path = route.url.slice(API_PREFIX.length);
      return [{ key: `${route.method} ${path}`, method: route.method, path, takesInput: !!route.input, rule }];
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Calling a route.

interface Answer {
  code: number;
  msg: string;
}

/**
 * How a call is sent. `write`: as it would change something (the valid input aimed at the caller's own
 * organisation; a file for a multipart upload), so that a call let through by mistake shows in the snapshot.
 * `unread`: a POST with a body no parser accepts (the server answers 415 after the permission check, and no
 * handler runs), a GET with its valid query (reads change nothing that matters here).
 */
type Mode = 'write' | 'unread';

function requestOf(route: BearerRoute, token: string, mode: Mode): InjectOptions {
  const url = `${API_PREFIX}${route.path}`;
  const headers = { authorization: `Bearer ${token}` };
  const input = routeInput(route.key)?.valid({ own, exportName: 'none.xlsx' }) ?? {};
  if (route.method === 'GET') {
    const query = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]));
    return { method: 'GET', url: `${url}?${query}`, headers };
  }
  if (mode === 'unread') {
    return { method: 'POST', url, payload: 'x', headers: { ...headers, 'content-type': 'application/x-authz-probe' } };
  }
  if (!route.takesInput) {
    const body = multipartBody([{ name: 'probe.png', content: TINY_PNG }]);
    return { method: 'POST', url, payload: body.payload, headers: { ...headers, 'content-type': body.contentType } };
  }
  return { method: 'POST', url, payload: input, headers };
}

/**
 * Sends a call and reads its answer: the envelope's code and message, the upload's own `errCode` and `errMsg`
 * (HTTP 200 also for refusals, spec section 7), or the HTTP status
 * of a file. An event stream (which never ends by itself) is read as its status and left to the server's close.
 */
async function send(route: BearerRoute, token: string, mode: Mode): Promise<Answer> {
  const response = await h.app.inject({ ...requestOf(route, token, mode), payloadAsStream: true });
  const stream = response.stream() as Readable;
  if (String(response.headers['content-type']).includes('text/event-stream')) {
    stream.destroy();
    return { code: response.statusCode, msg: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    const body = JSON.parse(text) as { code?: number; msg?: string; errCode?: number; errMsg?: string };
    if (typeof body.code === 'number') return { code: body.code, msg: body.msg ?? '' };
    if (typeof body.errCode === 'number') return { code: body.errCode, msg: body.errMsg ?? '' };
  } catch {
    // A file.
  }
  return { code: response.statusCode, msg: '' };
}

/** Refused for want of a permission (or for being an app session): what an allowed call must never answer. */
function refusedByPermission(answer: Answer): boolean {
  return (
    answer.code === 403 &&
    (/^无权限执行此操作（需要「.*」权限）$/.test(answer.msg) || answer.msg === APP_SESSION_DENIED)
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The callers: an account of enterprise 甲 per role, logged in.

interface Holder {
  label: string;
  keys: ReadonlySet<string>;
  client: 'console' | 'app';
  userName: string;
  token: string;
}

const holders: Holder[] = [];
const appHolders: Holder[] = [];

async function signIn(userName: string, client: 'console' | 'app'): Promise<string> {
  const reply = await h.post<{ token: string }>('/UserInfo/Login_Web', {
    user_name: userName,
    user_password: PASSWORD,
    remember_login: false,
    client,
  });
  if (reply.code !== 200) throw new Error(`login of ${userName} (${client}) refused: ${reply.code} ${reply.msg}`);
  return reply.data.token;
}

/** An account of enterprise 甲 with the role, written straight to the database (password PASSWORD). */
async function accountWithRole(userName: string, roleId: number): Promise<void> {
  const [template] = await h.ctx.db
    .select({ hash: account.password_hash })
    .from(account)
    .where(eq(account.user_id, own.userId));
  await h.ctx.db.insert(account).values({
    hold_id: own.holdId,
    user_name: userName,
    true_name: userName,
    password_hash: template!.hash,
    role_id: roleId,
  });
}

/** The custom roles: one per catalogue key, and one holding nothing. */
const CUSTOM: { label: string; keys: string[] }[] = [
  ...KEYS.map((key) => ({ label: `自定义「${key}」`, keys: [key] })),
  { label: '自定义（无权限）', keys: [] },
];

beforeAll(async () => {
  w = await buildWorld(h);
  own = await populate(h, w, w.a, 1, '甲企业');
  for (const [i, one] of BUILTIN.entries()) {
    const userName = `authz_builtin_${i}`;
    await accountWithRole(userName, one.roleId);
    holders.push({
      label: one.name,
      keys: new Set(one.keys),
      client: 'console',
      userName,
      token: await signIn(userName, 'console'),
    });
  }
  for (const [i, one] of CUSTOM.entries()) {
    const [made] = await h.ctx.db
      .insert(role)
      .values({ hold_id: own.holdId, role_name: `单项角色${i}`, builtin: false, permissions: one.keys })
      .returning({ roleId: role.role_id });
    const userName = `authz_custom_${i}`;
    await accountWithRole(userName, made!.roleId);
    holders.push({
      label: one.label,
      keys: new Set(one.keys),
      client: 'console',
      userName,
      token: await signIn(userName, 'console'),
    });
  }
  // App sessions: a guard's, and an administrator's (who holds every key, so only the session's kind refuses).
  for (const label of ['巡检员', '管理员']) {
    const holder = holders.find((one) => one.label === label)!;
    appHolders.push({
      ...holder,
      label: `${label}（巡检助手登录）`,
      client: 'app',
      token: await signIn(holder.userName, 'app'),
    });
  }
});

/**
 * Sends every refused call as a write, between two snapshots of every table; then every allowed call. Returns the
 * mismatches (a refused call answered otherwise than the expected refusal, an allowed call refused) and the rows the
 * refused calls changed, by table.
 */
async function runMatrix(
  holder: Holder,
  isAllowed: (route: BearerRoute) => boolean,
  expectedRefusal: (route: BearerRoute) => string[],
) {
  const routes = bearerRoutes();
  const refused = routes.filter((route) => !isAllowed(route));
  const allowed = routes.filter((route) => isAllowed(route));
  const wrong: string[] = [];

  const before = await snapshotTables(h.ctx.db);
  for (const route of refused) {
    const answer = await send(route, holder.token, 'write');
    const expected = expectedRefusal(route);
    if (answer.code !== 403 || !expected.includes(answer.msg)) {
      wrong.push(
        `${route.key} should be refused (403 ${expected.join(' | ')}) but answered ${answer.code} ${answer.msg}`,
      );
    }
  }
  const changed = changedTables(before, await snapshotTables(h.ctx.db));

  for (const route of allowed) {
    let answer = await send(route, holder.token, 'unread');
    // A call that ends the session (Logout) is allowed; the next one then logs in again.
    if (answer.code === 401) {
      holder.token = await signIn(holder.userName, holder.client);
      answer = await send(route, holder.token, 'unread');
    }
    if (answer.code === 401 || refusedByPermission(answer)) {
      wrong.push(`${route.key} should be allowed but answered ${answer.code} ${answer.msg}`);
    }
  }
  return { wrong, changed, refused: refused.length, allowed: allowed.length };
}

describe('the authorisation matrix (R16)', () => {
  it('is built from every registered bearer call, each with its call table entry', () => {
    const bearer = h.app.apiRoutes.filter((route) => !route.public);
    const unmapped = bearer.filter((route) => entryOf(route.method, route.url)?.permission === undefined);
    expect(
      unmapped.map((r) => `${r.method} ${r.url}`),
      'registered bearer routes without a table rule',
    ).toEqual([]);
    expect(bearerRoutes().length).toBe(bearer.length);
    // Every key of the catalogue is held by a custom role of the matrix, alone.
    for (const key of KEYS) expect(holders.some((one) => one.keys.size === 1 && one.keys.has(key))).toBe(true);
  });

  // Each caller's test is declared here, its account made in beforeAll (the labels are known now).
  const labels = [...BUILTIN.map((one) => one.name), ...CUSTOM.map((one) => one.label)];
  for (const label of labels) {
    it(`${label}: every call allowed exactly when the role holds its key; a refused one changes nothing`, async () => {
      const holder = holders.find((one) => one.label === label)!;
      const result = await runMatrix(
        holder,
        (route) => holds(holder.keys, route.rule),
        (route) => [deniedText(route.rule)],
      );
      expect.soft(result.wrong).toEqual([]);
      expect.soft(result.changed, 'rows the refused calls changed, by table').toEqual({});
      if (label === '管理员') expect(result.refused).toBe(0);
      if (label === '自定义（无权限）') {
        expect(result.allowed, 'only the session calls').toBe(
          bearerRoutes().filter((r) => r.rule === 'session').length,
        );
      }
    });
  }
});

describe('an app session (client app)', () => {
  for (const label of ['巡检员（巡检助手登录）', '管理员（巡检助手登录）']) {
    it(`${label}: every non-app call is refused and changes nothing; the app and session calls are not`, async () => {
      const holder = appHolders.find((one) => one.label === label)!;
      const appCall = (route: BearerRoute) => route.rule === 'session' || ruleKeys(route.rule).includes('app.use');
      const result = await runMatrix(holder, appCall, (route) => [APP_SESSION_DENIED, deniedText(route.rule)]);
      expect.soft(result.wrong).toEqual([]);
      expect.soft(result.changed, 'rows the refused calls changed, by table').toEqual({});
      expect(result.refused).toBeGreaterThan(0);
      expect(result.allowed).toBeGreaterThan(0);
    });
  }
});

describe('the guard: no bearer call without a permission', () => {
  it('every entry of the call table that needs a bearer token names a permission of the catalogue', () => {
    const bad = ENTRIES.filter(
      (one) =>
        one.auth === 'bearer' &&
        (one.permission === undefined ||
          (one.permission !== 'session' &&
            (ruleKeys(one.permission).length === 0 || !ruleKeys(one.permission).every((key) => NAMES.has(key))))),
    );
    expect(bad.map((one) => `${one.method} ${one.path}`)).toEqual([]);
  });

  it('every registered bearer route carries its entry’s permission in its route config', () => {
    const wrong: string[] = [];
    for (const route of h.app.apiRoutes.filter((one) => !one.public)) {
      const config = registeredConfig.get(`${route.method} ${route.url}`.toLowerCase());
      const expected = entryOf(route.method, route.url)?.permission;
      if (config?.permission === undefined)
        wrong.push(`${route.method} ${route.url} is registered without a permission`);
      else if (JSON.stringify(config.permission) !== JSON.stringify(expected)) {
        wrong.push(
          `${route.method} ${route.url} checks ${JSON.stringify(config.permission)}, its entry names ${JSON.stringify(expected)}`,
        );
      }
    }
    expect(registeredConfig.size, 'the route configs were recorded').toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});

describe('a point’s checklist (INSPECTION.md: 主管 holds checklist.edit, not card.edit)', () => {
  it('主管 puts a checklist on a point and takes it off; a point save that changes it needs checklist.edit', async () => {
    const supervisor = holders.find((one) => one.label === '主管')!;
    const cardEditor = holders.find((one) => one.label === '自定义「card.edit」')!;
    const detail = async () =>
      (await h.get<CardRow>('/PatrolCard/GetDetail', { patrol_id: own.cardId }, supervisor.token)).data;
    const setPoints = (checklistId: number) =>
      h.post('/Checklist/SetPoints', { checklist_id: checklistId, patrol_ids: [own.cardId] }, supervisor.token);

    expect(await setPoints(own.checklistId)).toMatchObject({ code: 200 });
    const row = await detail();
    expect(row.checklist_id).toBe(own.checklistId);
    // 主管 does not manage the point itself.
    expect(await h.post('/PatrolCard/SaveInfo', { ...row, patrol_name: '主管改名' }, supervisor.token)).toMatchObject({
      code: 403,
      msg: '无权限执行此操作（需要「管理巡检点」权限）',
    });
    // card.edit alone saves the point, but not a change of its checklist.
    expect(await h.post('/PatrolCard/SaveInfo', { ...row, checklist_id: 0 }, cardEditor.token)).toMatchObject({
      code: 403,
      msg: '无权限执行此操作（需要「管理检查表」权限）',
    });
    expect(await detail()).toMatchObject({ checklist_id: own.checklistId, patrol_name: row.patrol_name });
    const { checklist_id: _kept, ...withoutChecklist } = row;
    expect(
      await h.post('/PatrolCard/SaveInfo', { ...withoutChecklist, remark: '只改备注' }, cardEditor.token),
    ).toMatchObject({ code: 200 });
    expect(await h.post('/PatrolCard/SaveInfo', { ...row, remark: '仍是原检查表' }, cardEditor.token)).toMatchObject({
      code: 200,
    });
    expect(await detail()).toMatchObject({ checklist_id: own.checklistId, remark: '仍是原检查表' });

    expect(await setPoints(0)).toMatchObject({ code: 200 });
    expect((await detail()).checklist_id).toBe(0);
  });
});
