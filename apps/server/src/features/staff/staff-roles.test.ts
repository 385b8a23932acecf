import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, roleMessages, type Envelope, type StaffRow, type SysLogRow } from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/** Accounts and their roles (ROLES.md): who may give which role, and the refusals that keep escalation out. */
const h = useHarness();
let w: World;
let aRole = 0;
let bRole = 0;
beforeAll(async () => {
  w = await buildWorld(h);
  aRole = (await saveRole(w.a.holdId, '甲巡逻', ['app.use', 'dashboard.view'], w.a.token)).data.role_id;
  bRole = (await saveRole(w.b.holdId, '乙巡逻', ['app.use'], w.b.token)).data.role_id;
});

function saveRole(holdId: number, name: string, permissions: string[], token: string) {
  return h.post<{ role_id: number }>(
    '/Role/Save',
    { role_id: 0, hold_id: holdId, role_name: name, permissions },
    token,
  );
}
const saveAccount = (body: object, token: string) => h.post<{ user_id: number }>('/HoldInfo/SaveAccount', body, token);
const newAccount = (holdId: number, userName: string, extra: object = {}) => ({
  user_id: 0,
  hold_id: holdId,
  user_name: userName,
  user_password: PASSWORD,
  ...extra,
});
const detail = async (userId: number, token = w.root) =>
  (await h.get<StaffRow>('/StaffInfo/Detail', { user_id: userId }, token)).data;

/** Every account and role as stored, and the operation log's length: equal means nothing changed. */
async function stored(): Promise<string> {
  const accounts = await queryRows(
    h.ctx.db,
    sql`select user_id, hold_id, user_name, role_id, password_hash, deleted_at from account order by user_id`,
  );
  const roles = await queryRows(h.ctx.db, sql`select role_id, role_name, permissions, deleted_at from role order by 1`);
  const logs = await queryRows(h.ctx.db, sql`select count(*)::int as n from sys_log where log_type <> 1`);
  return JSON.stringify([accounts, roles, logs]);
}

async function expectRefused(attempt: () => Promise<Envelope<unknown>>, code: number, msg: string): Promise<void> {
  const before = await stored();
  expect(await attempt()).toMatchObject({ code, msg });
  expect(await stored(), `after the refused ${msg}`).toBe(before);
}

describe('an account’s role', () => {
  it('is 管理员 when a new account names none, and kept when an edit names none', async () => {
    const created = await saveAccount(newAccount(w.a.holdId, 'plain_admin'), w.a.token);
    expect(await detail(created.data.user_id)).toMatchObject({ role_id: 1, role_name: '管理员' });
    const edit = { user_id: created.data.user_id, hold_id: w.a.holdId, user_name: 'plain_admin' };
    expect((await saveAccount({ ...edit, role_id: aRole }, w.a.token)).code).toBe(200);
    expect(await detail(created.data.user_id)).toMatchObject({ role_id: aRole, role_name: '甲巡逻' });
    expect((await saveAccount({ ...edit, true_name: '改名' }, w.a.token)).code).toBe(200);
    expect(await detail(created.data.user_id)).toMatchObject({ role_id: aRole, true_name: '改名' });
    const logs = await h.post<SysLogRow[]>('/SysLog/GetSysLogsList', { logType: [], key: 'plain_admin' }, w.a.token);
    expect(logs.data.map((l) => l.log_content)).toEqual(
      expect.arrayContaining([
        `新增账号 plain_admin（ID ${created.data.user_id}），所属组织 甲企业，角色 管理员`,
        `修改账号 plain_admin（ID ${created.data.user_id}），角色 管理员 → 甲巡逻`,
        `修改账号 plain_admin（ID ${created.data.user_id}）`,
      ]),
    );
  });

  it('may be a role of the organisation above, given to an account of a department', async () => {
    const created = await saveAccount(newAccount(w.a1.holdId, 'dept_walker', { role_id: aRole }), w.a.token);
    expect(created.code).toBe(200);
    expect(await detail(created.data.user_id, w.a.token)).toMatchObject({ role_id: aRole, hold_name: '甲一部' });
  });

  it('filters the account list by role', async () => {
    await saveAccount(newAccount(w.a.holdId, 'filter_guard', { role_id: 3 }), w.a.token);
    const guards = await h.post<StaffRow[]>('/StaffInfo/SearchList', { role_id: 3 }, w.a.token);
    expect(guards.data.map((r) => [r.user_name, r.role_name])).toEqual([['filter_guard', '巡检员']]);
    expect(guards.total).toBe(1);
    const walkers = await h.post<StaffRow[]>('/StaffInfo/SearchList', { role_id: aRole, PageSize: 50 }, w.a.token);
    expect(walkers.data.every((r) => r.role_id === aRole)).toBe(true);
    expect(walkers.total).toBe(2);
    // Another enterprise's role finds none of its accounts here.
    expect((await h.post('/StaffInfo/SearchList', { role_id: bRole }, w.a.token)).total).toBe(0);
    expect((await h.post('/StaffInfo/SearchList', { role_id: 0 }, w.a.token)).total).toBeGreaterThan(2);
  });

  it('refuses a role from outside the account’s path or the caller’s scope, changing nothing', async () => {
    await expectRefused(
      () => saveAccount(newAccount(w.a.holdId, 'stray1', { role_id: bRole }), w.a.token),
      403,
      '角色不存在或不在本账号的管理范围内',
    );
    await expectRefused(
      () => saveAccount(newAccount(w.a.holdId, 'stray2', { role_id: 999_999 }), w.a.token),
      403,
      '角色不存在或不在本账号的管理范围内',
    );
    // The operator sees both enterprises, but 乙's role is not for 甲's accounts.
    await expectRefused(
      () => saveAccount(newAccount(w.a.holdId, 'stray3', { role_id: bRole }), w.root),
      400,
      '角色「乙巡逻」属于其他组织，不能分配给所选组织的账号',
    );
    // Nor does an account keep 甲's role when it moves to 乙.
    const walker = (await h.post<StaffRow[]>('/StaffInfo/SearchList', { Name: 'dept_walker' }, w.root)).data[0]!;
    await expectRefused(
      () => saveAccount({ user_id: walker.user_id, hold_id: w.b.holdId, user_name: 'dept_walker' }, w.root),
      400,
      '账号的角色「甲巡逻」不能用于所选组织的账号，请重新选择角色',
    );
    expect(
      (
        await saveAccount(
          { user_id: walker.user_id, hold_id: w.b.holdId, user_name: 'dept_walker', role_id: bRole },
          w.root,
        )
      ).code,
    ).toBe(200);
  });
});

describe('no escalation', () => {
  let hr = { userId: 0, token: '' };
  let hrRole = 0;
  let guardId = 0;

  beforeAll(async () => {
    const keys = ['staff.view', 'staff.edit', 'role.view', 'role.edit', 'app.use'];
    hrRole = (await saveRole(w.a.holdId, '人事专员', keys, w.a.token)).data.role_id;
    const saved = await saveAccount(newAccount(w.a.holdId, 'hr_user', { role_id: hrRole }), w.a.token);
    hr = { userId: saved.data.user_id, token: await h.login({ user_name: 'hr_user', user_password: PASSWORD }) };
  });

  it('gives only roles whose keys the caller holds: 巡检员 yes; 管理员 (the default) and 主管 no', async () => {
    const guard = await saveAccount(newAccount(w.a1.holdId, 'hr_guard', { role_id: 3 }), hr.token);
    expect(guard.code).toBe(200);
    guardId = guard.data.user_id;
    await expectRefused(
      () => saveAccount(newAccount(w.a1.holdId, 'hr_admin'), hr.token),
      403,
      roleMessages.grantDenied,
    );
    await expectRefused(
      () => saveAccount(newAccount(w.a1.holdId, 'hr_boss', { role_id: 2 }), hr.token),
      403,
      roleMessages.grantDenied,
    );
    await expectRefused(
      () => saveAccount({ user_id: guardId, hold_id: w.a1.holdId, user_name: 'hr_guard', role_id: 1 }, hr.token),
      403,
      roleMessages.grantDenied,
    );
  });

  it('puts into a role only keys the caller holds, its own role included', async () => {
    await expectRefused(
      () => saveRole(w.a.holdId, '设备管理员', ['device.view', 'device.edit'], hr.token),
      403,
      roleMessages.grantDenied,
    );
    await expectRefused(
      () =>
        h.post(
          '/Role/Save',
          {
            role_id: hrRole,
            hold_id: w.a.holdId,
            role_name: '人事专员',
            permissions: ['staff.view', 'staff.edit', 'role.view', 'role.edit', 'app.use', 'hold.edit'],
          },
          hr.token,
        ),
      403,
      roleMessages.grantDenied,
    );
    expect((await saveRole(w.a.holdId, '只会巡检', ['app.use'], hr.token)).code).toBe(200);
  });

  it('never changes one’s own role, nor the role or password of an account holding more', async () => {
    await expectRefused(
      () => saveAccount({ user_id: hr.userId, hold_id: w.a.holdId, user_name: 'hr_user', role_id: 3 }, hr.token),
      403,
      roleMessages.ownRole,
    );
    const aAdmin = (await h.post<StaffRow[]>('/StaffInfo/SearchList', { Name: 'a_admin' }, w.a.token)).data[0]!;
    await expectRefused(
      () =>
        saveAccount(
          { user_id: aAdmin.user_id, hold_id: w.a.holdId, user_name: 'a_admin', user_password: 'taken-over-1' },
          hr.token,
        ),
      403,
      '不能修改权限多于本账号的账号的角色或密码',
    );
    await expectRefused(
      () => saveAccount({ user_id: aAdmin.user_id, hold_id: w.a.holdId, user_name: 'a_admin', role_id: 3 }, hr.token),
      403,
      '不能修改权限多于本账号的账号的角色或密码',
    );
    // Its own account, same role: an ordinary edit.
    expect(
      (await saveAccount({ user_id: hr.userId, hold_id: w.a.holdId, user_name: 'hr_user', role_id: hrRole }, hr.token))
        .code,
    ).toBe(200);
  });

  it('makes an organisation (whose admin is a 管理员) only for a caller holding every key', async () => {
    const maker = (await saveRole(w.a.holdId, '组织管理', ['hold.view', 'hold.edit'], w.a.token)).data.role_id;
    await saveAccount(newAccount(w.a.holdId, 'org_maker', { role_id: maker }), w.a.token);
    const token = await h.login({ user_name: 'org_maker', user_password: PASSWORD });
    await expectRefused(
      () =>
        h.post(
          '/HoldInfo/SaveHoldInfo',
          {
            hold_id: 0,
            hold_name: '越权部门',
            hold_type: 3,
            parent_hold_id: w.a.holdId,
            user_name: 'sneaky_admin',
            user_password: PASSWORD,
          },
          token,
        ),
      403,
      roleMessages.grantDenied,
    );
  });
});

describe('the last 管理员 of the operator', () => {
  let deputy = '';
  let adminId = 0;
  let root2 = 0;

  beforeAll(async () => {
    // A custom role of the operator holding every key: it may do all a 管理员 may, yet it is not one.
    const full = (await saveRole(1, '全权代理', [...PERMISSION_KEYS], w.root)).data.role_id;
    await saveAccount(newAccount(1, 'deputy', { role_id: full }), w.root);
    deputy = await h.login({ user_name: 'deputy', user_password: PASSWORD });
    adminId = (await h.post<StaffRow[]>('/StaffInfo/SearchList', { Name: 'admin', HoldID: 1 }, w.root)).data.find(
      (r) => r.user_name === 'admin',
    )!.user_id;
  });

  const demote = (userId: number, userName: string, token: string, extra: object = {}) =>
    saveAccount({ user_id: userId, hold_id: 1, user_name: userName, role_id: 2, ...extra }, token);

  it('cannot lose that role, nor change its own', async () => {
    await expectRefused(() => demote(adminId, 'admin', deputy), 409, roleMessages.lastAdmin);
    await expectRefused(() => demote(adminId, 'admin', w.root), 403, roleMessages.ownRole);
  });

  it('may lose it while another stays; the last one then cannot be demoted, moved or removed', async () => {
    root2 = (await saveAccount(newAccount(1, 'root_two'), w.root)).data.user_id;
    expect((await demote(adminId, 'admin', deputy)).code).toBe(200);
    expect(await detail(adminId, deputy)).toMatchObject({ role_id: 2, role_name: '主管' });
    await expectRefused(() => demote(root2, 'root_two', deputy), 409, roleMessages.lastAdmin);
    await expectRefused(
      () => demote(root2, 'root_two', deputy, { hold_id: w.a.holdId, role_id: 1 }),
      409,
      roleMessages.lastAdmin,
    );
    await expectRefused(
      () => h.post('/StaffInfo/RemoveUser', { user_ids: [root2] }, deputy),
      409,
      roleMessages.lastAdmin,
    );
    // Given back its role, admin is a 管理员 again; then root_two may go.
    expect((await demote(adminId, 'admin', deputy, { role_id: 1 })).code).toBe(200);
    expect((await h.post('/StaffInfo/RemoveUser', { user_ids: [root2] }, deputy)).code).toBe(200);
    expect((await h.get('/UserInfo/checktoken', {}, w.root)).data).toMatchObject({ roleId: 1, roleName: '管理员' });
  });
});
