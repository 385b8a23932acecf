import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  PERMISSION_KEYS,
  deniedMessage,
  roleMessages,
  type Envelope,
  type RoleOption,
  type RoleRow,
  type SysLogRow,
} from '@guard-tour/contract';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
});

const saveRole = (body: object, token: string) => h.post<{ role_id: number }>('/Role/Save', body, token);
const saveAccount = (body: object, token: string) => h.post<{ user_id: number }>('/HoldInfo/SaveAccount', body, token);
const detail = (roleId: number, token: string) => h.get<RoleRow>('/Role/Detail', { role_id: roleId }, token);

/** Every role and account as stored, and how many operation log entries there are: equal means nothing changed. */
async function stored(): Promise<string> {
  const roles = await queryRows(
    h.ctx.db,
    sql`select role_id, hold_id, role_name, permissions, remark, deleted_at from role order by role_id`,
  );
  const accounts = await queryRows(
    h.ctx.db,
    sql`select user_id, hold_id, role_id, password_hash, deleted_at from account order by user_id`,
  );
  const logs = await queryRows(h.ctx.db, sql`select count(*)::int as n from sys_log where log_type <> 1`);
  return JSON.stringify([roles, accounts, logs]);
}

/** Expects a refusal with its code and message, and that it changed nothing. */
async function expectRefused(attempt: () => Promise<Envelope<unknown>>, code: number, msg: string): Promise<void> {
  const before = await stored();
  expect(await attempt()).toMatchObject({ code, msg });
  expect(await stored(), `after the refused ${msg}`).toBe(before);
}

/** The newest operation log entries naming `key`, as the 操作日志 screen lists them. */
async function logLines(key: string, token = w.root): Promise<string[]> {
  const logs = await h.post<SysLogRow[]>('/SysLog/GetSysLogsList', { logType: [], key, PageSize: 50 }, token);
  return logs.data.map((l) => l.log_content);
}

/** A new account of an organisation with a role, as its admin makes it, and a live console token of it. */
async function accountWith(
  userName: string,
  holdId: number,
  roleId: number,
  by: string,
): Promise<{ userId: number; token: string }> {
  const saved = await saveAccount(
    { user_id: 0, hold_id: holdId, user_name: userName, user_password: PASSWORD, role_id: roleId },
    by,
  );
  expect(saved, `creating ${userName}`).toMatchObject({ code: 200 });
  return { userId: saved.data.user_id, token: await h.login({ user_name: userName, user_password: PASSWORD }) };
}

describe('the catalogue and the built-in roles', () => {
  it('lists every permission in menu order, to any live session', async () => {
    const guard = await accountWith('cat_guard', w.a.holdId, 3, w.a.token);
    for (const token of [w.root, guard.token]) {
      const reply = await h.get('/Role/Permissions', {}, token);
      expect(reply).toMatchObject({
        code: 200,
        data: PERMISSIONS.map(({ key, name, group }) => ({ key, name, group })),
      });
    }
    expect((await h.get('/Role/Permissions')).code).toBe(401);
  });

  it('shows the four built-in roles first, to every organisation, with their keys', async () => {
    const list = await h.post<RoleRow[]>('/Role/List', { PageSize: 50 }, w.b.token);
    expect(list.code).toBe(200);
    expect(list.data.slice(0, 4).map((r) => [r.role_id, r.role_name, r.hold_id, r.builtin])).toEqual([
      [1, '管理员', 1, true],
      [2, '主管', 1, true],
      [3, '巡检员', 1, true],
      [4, '只读', 1, true],
    ]);
    expect(list.data[0]!.permissions).toEqual([...PERMISSION_KEYS]);
    expect(list.data[2]!.permissions).toEqual(['app.use']);
    // The operator's own name is not shown to an enterprise through a built-in role.
    expect(JSON.stringify(list.data)).not.toContain('运营');
    const readOnly = await detail(4, w.a1.token);
    expect(readOnly).toMatchObject({ code: 200, data: { role_name: '只读', builtin: true } });
    expect(readOnly.data.permissions).toEqual([
      'dashboard.view',
      'card.view',
      'record.view',
      'record.export',
      'hazard.view', // INSPECTION.md: the client sees its site's hazards
      'road.view',
      'task.view',
      'alert.view',
    ]);
  });

  it('counts only the accounts inside the caller’s scope', async () => {
    await accountWith('count_b_guard', w.b.holdId, 3, w.b.token);
    const asA = (await h.post<RoleRow[]>('/Role/List', { role_name: '巡检员' }, w.a.token)).data[0]!;
    const asB = (await h.post<RoleRow[]>('/Role/List', { role_name: '巡检员' }, w.b.token)).data[0]!;
    const asRoot = (await h.post<RoleRow[]>('/Role/List', { role_name: '巡检员' }, w.root)).data[0]!;
    expect(asB.account_count).toBe(1);
    expect(asRoot.account_count).toBe(asA.account_count + asB.account_count);
  });
});

describe('custom roles', () => {
  let nightShift = 0;

  it('saves a role of the enterprise with its keys in catalogue order, and logs it', async () => {
    const saved = await saveRole(
      {
        role_id: 0,
        hold_id: w.a.holdId,
        role_name: '夜班主管',
        permissions: ['record.view', 'dashboard.view', 'record.view'],
        remark: '夜班',
      },
      w.a.token,
    );
    expect(saved.code).toBe(200);
    nightShift = saved.data.role_id;
    expect(await detail(nightShift, w.a.token)).toMatchObject({
      code: 200,
      data: {
        role_id: nightShift,
        role_name: '夜班主管',
        hold_id: w.a.holdId,
        hold_name: '甲企业',
        builtin: false,
        permissions: ['dashboard.view', 'record.view'],
        account_count: 0,
        remark: '夜班',
      },
    });
    // Listed after the built-ins for the enterprise and its parent; not for the sibling or the department below.
    const list = await h.post<RoleRow[]>('/Role/List', { hold_id: w.a.holdId }, w.a.token);
    expect(list.data.map((r) => r.role_name)).toEqual(['管理员', '主管', '巡检员', '只读', '夜班主管']);
    expect(list.total).toBe(5);
    expect((await h.post<RoleRow[]>('/Role/List', { role_name: '夜班' }, w.root)).data.map((r) => r.role_id)).toEqual([
      nightShift,
    ]);
    expect((await h.post<RoleRow[]>('/Role/List', {}, w.b.token)).data.map((r) => r.role_name)).not.toContain(
      '夜班主管',
    );
    expect((await detail(nightShift, w.b.token)).code).toBe(404);
    expect((await detail(nightShift, w.a1.token)).code).toBe(404);
    expect(await logLines('夜班主管')).toContain(
      `新增角色 夜班主管（ID ${nightShift}），所属组织 甲企业，权限：查看首页、查看巡检记录`,
    );
  });

  it('edits the role: renamed, a key added and one taken away, all in the log', async () => {
    const edited = await saveRole(
      {
        role_id: nightShift,
        hold_id: w.a.holdId,
        role_name: '夜班领班',
        permissions: ['dashboard.view', 'alert.view'],
      },
      w.a.token,
    );
    expect(edited).toMatchObject({ code: 200, data: { role_id: nightShift } });
    expect((await detail(nightShift, w.a.token)).data).toMatchObject({
      role_name: '夜班领班',
      permissions: ['dashboard.view', 'alert.view'],
      remark: '',
    });
    expect(await logLines('夜班领班')).toContain(
      `修改角色 夜班领班（ID ${nightShift}），所属组织 甲企业：名称 夜班主管 → 夜班领班；增加权限 查看告警；去掉权限 查看巡检记录`,
    );
  });

  it('refuses bad saves with the pinned codes and messages, changing nothing', async () => {
    const role = { role_id: 0, hold_id: w.a.holdId, role_name: '白班', permissions: ['dashboard.view'] };
    await expectRefused(
      () => saveRole({ ...role, hold_id: w.a1.holdId }, w.a.token),
      400,
      '部门不能定义角色，请选择运营商或企业',
    );
    await expectRefused(
      () => saveRole({ ...role, permissions: ['dashboard.view', 'device.fly'] }, w.a.token),
      400,
      roleMessages.unknownKey('device.fly'),
    );
    for (const builtin of [1, 2, 3, 4]) {
      await expectRefused(() => saveRole({ ...role, role_id: builtin }, w.a.token), 403, roleMessages.builtin);
    }
    await expectRefused(() => saveRole({ ...role, role_name: '夜班领班' }, w.a.token), 409, roleMessages.nameTaken);
    await expectRefused(() => saveRole({ ...role, role_name: '主管' }, w.a.token), 409, roleMessages.nameTaken);
    await expectRefused(() => saveRole({ ...role, role_name: '白' }, w.a.token), 400, '角色名称长度在 2 到 20 个字符');
    // Another enterprise's organisation, or its role: outside the scope.
    await expectRefused(() => saveRole({ ...role, hold_id: w.b.holdId }, w.a.token), 403, '没有权限访问该组织的数据');
    await expectRefused(
      () => saveRole({ ...role, role_id: nightShift, hold_id: w.b.holdId }, w.b.token),
      404,
      '角色不存在或已删除',
    );
    // A department below cannot reach its parent's role; a role never moves to another organisation.
    await expectRefused(
      () => saveRole({ ...role, role_id: nightShift, hold_id: w.a.holdId }, w.a1.token),
      403,
      '没有权限访问该组织的数据',
    );
    await expectRefused(
      () => saveRole({ ...role, role_id: nightShift, hold_id: 1 }, w.root),
      400,
      '角色的所属组织不能修改',
    );
    // The same name in another enterprise is its own role.
    expect((await saveRole({ ...role, hold_id: w.b.holdId, role_name: '夜班领班' }, w.b.token)).code).toBe(200);
  });

  it('removes roles all or nothing: never a built-in one, never one an account still has', async () => {
    const spare = await saveRole({ role_id: 0, hold_id: w.a.holdId, role_name: '临时', permissions: [] }, w.a.token);
    const used = await saveRole(
      { role_id: 0, hold_id: w.a.holdId, role_name: '在用', permissions: ['app.use'] },
      w.a.token,
    );
    await accountWith('uses_role', w.a1.holdId, used.data.role_id, w.a.token);
    const remove = (ids: number[], token = w.a.token) => h.post('/Role/Remove', { role_ids: ids }, token);
    await expectRefused(() => remove([spare.data.role_id, 3]), 403, roleMessages.builtin);
    await expectRefused(() => remove([spare.data.role_id, used.data.role_id]), 409, roleMessages.inUse);
    await expectRefused(() => remove([spare.data.role_id], w.b.token), 404, '角色不存在或已删除');
    expect(await remove([spare.data.role_id])).toMatchObject({ code: 200 });
    expect((await detail(spare.data.role_id, w.a.token)).code).toBe(404);
    expect(await logLines('临时')).toContain(`删除角色 临时（ID ${spare.data.role_id}）`);
    // Its name is free again.
    expect(
      (await saveRole({ role_id: 0, hold_id: w.a.holdId, role_name: '临时', permissions: [] }, w.a.token)).code,
    ).toBe(200);
  });
});

describe('role options for an account', () => {
  it('offers the built-ins and the custom roles of the organisation’s path inside the caller’s scope', async () => {
    const rootRole = await saveRole(
      { role_id: 0, hold_id: 1, role_name: '总部巡查', permissions: ['road.view'] },
      w.root,
    );
    const aRole = await saveRole({ role_id: 0, hold_id: w.a.holdId, role_name: '甲巡查', permissions: [] }, w.a.token);
    const bRole = await saveRole({ role_id: 0, hold_id: w.b.holdId, role_name: '乙巡查', permissions: [] }, w.b.token);
    const names = async (holdId: number, token: string) =>
      (await h.get<RoleOption[]>('/Role/Options', { hold_id: holdId }, token)).data.map((o) => o.role_name);
    const byRoot = await names(w.a1.holdId, w.root);
    expect(byRoot.slice(0, 4)).toEqual(['管理员', '主管', '巡检员', '只读']);
    expect(byRoot).toEqual(expect.arrayContaining(['总部巡查', '甲巡查']));
    expect(byRoot).not.toContain('乙巡查');
    const byA = await names(w.a1.holdId, w.a.token);
    expect(byA).toContain('甲巡查');
    expect(byA).not.toContain('总部巡查');
    expect(await names(w.b.holdId, w.b.token)).toContain('乙巡查');
    expect((await h.get('/Role/Options', { hold_id: w.b.holdId }, w.a.token)).code).toBe(403);
    expect([rootRole.code, aRole.code, bRole.code]).toEqual([200, 200, 200]);
  });

  it('offers only roles whose every key the caller holds', async () => {
    const hr = await saveRole(
      {
        role_id: 0,
        hold_id: w.a.holdId,
        role_name: '人事',
        permissions: ['staff.view', 'staff.edit', 'app.use'],
      },
      w.a.token,
    );
    const clerk = await accountWith('hr_clerk', w.a.holdId, hr.data.role_id, w.a.token);
    const options = await h.get<RoleOption[]>('/Role/Options', { hold_id: w.a1.holdId }, clerk.token);
    expect(options.code).toBe(200);
    // 巡检员 and 在用 (使用巡检助手), the empty ones and 人事 itself; not 管理员, 主管, 只读, nor 夜班领班 (查看首页).
    expect(options.data.map((o) => o.role_name)).toEqual(['巡检员', '在用', '临时', '甲巡查', '人事']);
  });
});

describe('what a session may do follows its role at once', () => {
  let viewerRole = 0;
  let viewer = { userId: 0, token: '' };

  it('answers login and checktoken with the role and its keys', async () => {
    const saved = await saveRole(
      { role_id: 0, hold_id: w.a.holdId, role_name: '设备查看', permissions: ['device.view', 'dashboard.view'] },
      w.a.token,
    );
    viewerRole = saved.data.role_id;
    viewer = await accountWith('device_viewer', w.a.holdId, viewerRole, w.a.token);
    const login = await h.post('/UserInfo/Login_Web', { user_name: 'device_viewer', user_password: PASSWORD });
    const expected = { roleId: viewerRole, roleName: '设备查看', permissions: ['dashboard.view', 'device.view'] };
    expect(login).toMatchObject({ code: 200, data: expected });
    expect(await h.get('/UserInfo/checktoken', {}, viewer.token)).toMatchObject({ code: 200, data: expected });
    const admin = await h.get('/UserInfo/checktoken', {}, w.root);
    expect(admin.data).toMatchObject({ roleId: 1, roleName: '管理员', permissions: [...PERMISSION_KEYS] });
  });

  it('refuses a logged-in session the next request after a key is taken from its role', async () => {
    expect((await h.post('/DeviceInfo/SearchDeviceList', {}, viewer.token)).code).toBe(200);
    const edited = await saveRole(
      { role_id: viewerRole, hold_id: w.a.holdId, role_name: '设备查看', permissions: ['dashboard.view'] },
      w.a.token,
    );
    expect(edited.code).toBe(200);
    expect(await h.post('/DeviceInfo/SearchDeviceList', {}, viewer.token)).toMatchObject({
      code: 403,
      msg: deniedMessage('device.view'),
    });
    expect((await h.get('/UserInfo/checktoken', {}, viewer.token)).data).toMatchObject({
      permissions: ['dashboard.view'],
    });
  });

  it('follows an account’s new role on the next request too', async () => {
    expect((await h.get('/Dashboard/Summary', {}, viewer.token)).code).toBe(200);
    expect(
      (
        await saveAccount(
          { user_id: viewer.userId, hold_id: w.a.holdId, user_name: 'device_viewer', role_id: 3 },
          w.a.token,
        )
      ).code,
    ).toBe(200);
    expect(await h.get('/Dashboard/Summary', {}, viewer.token)).toMatchObject({
      code: 403,
      msg: deniedMessage('dashboard.view'),
    });
    expect((await h.get('/UserInfo/checktoken', {}, viewer.token)).data).toMatchObject({
      roleId: 3,
      roleName: '巡检员',
      permissions: ['app.use'],
    });
    expect(await logLines('device_viewer')).toContain(
      `修改账号 device_viewer（ID ${viewer.userId}），角色 设备查看 → 巡检员`,
    );
  });
});

describe('a role edit on one server', () => {
  let second: FastifyInstance;
  let secondDatabase: Database | undefined;

  beforeAll(async () => {
    // Another server on the same database: on PostgreSQL its own pool, as a second process would have.
    const url = (h.database as Database & { url?: string }).url;
    secondDatabase = url ? openPostgres(url, 2) : undefined;
    second = await buildApp({ ...h.ctx, db: secondDatabase?.db ?? h.ctx.db }, { webRoot: '/nonexistent-web-root' });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  const onSecond = async (path: string, token: string) =>
    (
      await second.inject({
        method: 'POST',
        url: `/proxyserver/api${path}`,
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as Envelope<unknown>;

  it('is seen on the next request of a session on another server, both ways', async () => {
    const role = await saveRole(
      { role_id: 0, hold_id: w.b.holdId, role_name: '点位查看', permissions: ['card.view'] },
      w.b.token,
    );
    const { token } = await accountWith('card_viewer', w.b.holdId, role.data.role_id, w.b.token);
    expect((await onSecond('/PatrolCard/SearchList', token)).code).toBe(200);
    // Edited through the first server: the second refuses the very next request.
    const body = { role_id: role.data.role_id, hold_id: w.b.holdId, role_name: '点位查看', permissions: [] };
    expect((await saveRole(body, w.b.token)).code).toBe(200);
    expect(await onSecond('/PatrolCard/SearchList', token)).toMatchObject({
      code: 403,
      msg: deniedMessage('card.view'),
    });
    // Given back through the second server: the first allows it again.
    const restored = await second.inject({
      method: 'POST',
      url: '/proxyserver/api/Role/Save',
      payload: { ...body, permissions: ['card.view'] },
      headers: { authorization: `Bearer ${w.b.token}` },
    });
    expect(restored.json()).toMatchObject({ code: 200 });
    expect((await h.post('/PatrolCard/SearchList', {}, token)).code).toBe(200);
  });
});
