import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldRow, HoldTreeNode, SysLogRow } from '@guard-tour/contract';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, createTenant, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
});

const save = (body: object, token: string) => h.post<{ hold_id: number }>('/HoldInfo/SaveHoldInfo', body, token);

describe('creating an organisation', () => {
  it('creates it with its admin account, defaults type 2 and three years of service', async () => {
    const reply = await save(
      { hold_id: 0, hold_name: '丙企业', parent_hold_id: 1, user_name: 'c_admin', user_password: PASSWORD },
      w.root,
    );
    expect(reply.code).toBe(200);
    const detail = await h.get<HoldRow>('/HoldInfo/Detail', { holdId: reply.data.hold_id }, w.root);
    expect(detail.data).toMatchObject({
      hold_name: '丙企业',
      hold_type: 2,
      hold_type_text: '企业',
      parent_hold_id: 1,
      parent_name: '运营商',
      user_name: 'c_admin',
      vip_end_time: '2029-11-20',
      enter_user_name: 'admin',
    });
    expect(detail.data.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await h.post('/UserInfo/Login_Web', { user_name: 'c_admin', user_password: PASSWORD })).code).toBe(200);
  });

  it('says what is missing with the spec texts', async () => {
    expect(
      await save({ hold_id: 0, hold_name: 'x', parent_hold_id: 0, user_name: 'xx', user_password: PASSWORD }, w.root),
    ).toMatchObject({
      code: 400,
      msg: '数据异常，无法保存！',
    });
    expect(
      await save({ hold_id: 0, hold_name: '缺密码', parent_hold_id: 1, user_name: 'nopass' }, w.root),
    ).toMatchObject({
      code: 400,
      msg: '请输入用户名、账号和密码！',
    });
    expect(
      await save(
        { hold_id: 0, hold_name: '', parent_hold_id: 1, user_name: 'noname', user_password: PASSWORD },
        w.root,
      ),
    ).toMatchObject({
      code: 400,
      msg: '请输入用户名、账号和密码！',
    });
    expect(
      await save({ hold_id: w.a.holdId, hold_name: '', parent_hold_id: 1, user_name: w.a.admin }, w.root),
    ).toMatchObject({
      code: 400,
      msg: '请输入用户名、账号！',
    });
    expect(
      await save(
        { hold_id: 0, hold_name: '短密码', parent_hold_id: 1, user_name: 'shortpw', user_password: 'abc' },
        w.root,
      ),
    ).toMatchObject({
      code: 400,
      msg: '密码长度在 8 到 20 个字符',
    });
  });

  it('refuses an admin account name already in use, in any letter case', async () => {
    const reply = await save(
      { hold_id: 0, hold_name: '重复', parent_hold_id: 1, user_name: 'A_ADMIN', user_password: PASSWORD },
      w.root,
    );
    expect(reply).toMatchObject({ code: 409, msg: '账号已存在：A_ADMIN' });
  });

  it('never puts a child above its parent’s type', async () => {
    const reply = await save(
      {
        hold_id: 0,
        hold_name: '越级',
        hold_type: 2,
        parent_hold_id: w.a1.holdId,
        user_name: 'up_admin',
        user_password: PASSWORD,
      },
      w.root,
    );
    expect(reply.code).toBe(400);
    expect(reply.msg).toContain('下级组织的类型不能高于上级');
  });

  it('keeps department accounts from creating organisations', async () => {
    const reply = await save(
      {
        hold_id: 0,
        hold_name: '部门下级',
        hold_type: 3,
        parent_hold_id: w.a1.holdId,
        user_name: 'dd_admin',
        user_password: PASSWORD,
      },
      w.a1.token,
    );
    expect(reply.code).toBe(403);
  });

  it('refuses a parent outside the caller’s scope', async () => {
    const reply = await save(
      { hold_id: 0, hold_name: '越权', parent_hold_id: w.b.holdId, user_name: 'evil_admin', user_password: PASSWORD },
      w.a.token,
    );
    expect(reply.code).toBe(403);
  });
});

describe('editing an organisation', () => {
  it('lets an ancestor change type, expiry and parent, and resets the admin password', async () => {
    const t = await createTenant(h, w.root, { name: '可移动', admin: 'movable_admin', parent: 1 });
    const reply = await save(
      {
        hold_id: t.holdId,
        hold_name: '已移动',
        hold_type: 3,
        parent_hold_id: w.a.holdId,
        user_name: 'movable_admin',
        user_password: 'newpassword',
        vip_end_time: '2031-01-01',
      },
      w.root,
    );
    expect(reply).toMatchObject({ code: 200, data: { hold_id: t.holdId } });
    const detail = await h.get<HoldRow>('/HoldInfo/Detail', { holdId: t.holdId }, w.a.token);
    expect(detail.data).toMatchObject({
      hold_name: '已移动',
      hold_type: 3,
      parent_hold_id: w.a.holdId,
      vip_end_time: '2031-01-01',
    });
    expect((await h.get('/userinfo/checktoken', {}, t.token)).code).toBe(401);
    expect(
      (await h.post('/UserInfo/Login_Web', { user_name: 'movable_admin', user_password: 'newpassword' })).code,
    ).toBe(200);
  });

  it('lets an organisation’s own admin edit its name but not extend its own service', async () => {
    const current = (await h.get<HoldRow>('/HoldInfo/Detail', { holdId: w.b.holdId }, w.b.token)).data;
    const renamed = await save({ ...current, hold_name: '乙企业（新名）', user_name: w.b.admin }, w.b.token);
    expect(renamed.code).toBe(200);
    const extend = await save(
      { ...current, hold_name: '乙企业（新名）', user_name: w.b.admin, vip_end_time: '2099-01-01' },
      w.b.token,
    );
    expect(extend).toMatchObject({ code: 403, msg: '只有上级组织可以修改组织类型、服务到期和上级组织' });
    const retype = await save({ ...current, user_name: w.b.admin, hold_type: 1 }, w.b.token);
    expect(retype.code).toBe(403);
  });

  it('refuses to move an organisation under itself or its descendants', async () => {
    const reply = await save(
      { hold_id: w.a.holdId, hold_name: '甲企业', hold_type: 3, parent_hold_id: w.a1.holdId, user_name: w.a.admin },
      w.root,
    );
    expect(reply).toMatchObject({ code: 400, msg: '不能把组织移到它自己或它的下级之下' });
  });
});

describe('listing and the tree', () => {
  it('lists the chosen organisation first, then its subtree, with the total', async () => {
    const reply = await h.post<HoldRow[]>(
      '/HoldInfo/GetHoldList',
      { HoldID: w.a.holdId, PageIndex: 1, PageSize: 25 },
      w.root,
    );
    expect(reply.code).toBe(200);
    expect(reply.data[0]?.hold_id).toBe(w.a.holdId);
    expect(reply.data.map((r) => r.hold_id)).toContain(w.a1.holdId);
    expect(reply.total).toBe(reply.data.length);
    const only = await h.post<HoldRow[]>(
      '/HoldInfo/GetHoldList',
      { HoldID: w.a.holdId, containChildren: false },
      w.root,
    );
    expect(only.data.map((r) => r.hold_id)).toEqual([w.a.holdId]);
  });

  it('filters by name without regard to case and pages with the true total', async () => {
    const reply = await h.post<HoldRow[]>('/HoldInfo/GetHoldList', { Name: '企业', PageIndex: 1, PageSize: 1 }, w.root);
    expect(reply.data).toHaveLength(1);
    expect(reply.total).toBeGreaterThanOrEqual(2);
    const beyond = await h.post<HoldRow[]>(
      '/HoldInfo/GetHoldList',
      { Name: '企业', PageIndex: 99, PageSize: 25 },
      w.root,
    );
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(reply.total);
  });

  it('shows each admin only its own subtree as a tree', async () => {
    const tree = await h.get<HoldTreeNode[]>('/HoldInfo/GetHoldTree', {}, w.a.token);
    const ids = (nodes: HoldTreeNode[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
    expect(tree.data).toHaveLength(1);
    expect(tree.data[0]).toMatchObject({ id: w.a.holdId, label: '甲企业' });
    expect(tree.data[0]?.children).toContainEqual({ id: w.a1.holdId, label: '甲一部', children: [] });
    expect(ids(tree.data)).not.toContain(w.b.holdId);
    expect(ids(tree.data)).not.toContain(1);
    const full = await h.get<HoldTreeNode[]>('/HoldInfo/GetHoldTree', {}, w.root);
    expect(full.data[0]?.id).toBe(1);
    expect(full.data[0]?.children.map((c) => c.id)).toEqual(expect.arrayContaining([w.a.holdId, w.b.holdId]));
  });

  it('loads a parent’s name for the dialog', async () => {
    expect(await h.get('/HoldInfo/LoadParentBase', { id: w.a.holdId }, w.a.token)).toMatchObject({
      code: 200,
      data: { hold_id: w.a.holdId, hold_name: '甲企业' },
    });
  });
});

describe('deleting an organisation', () => {
  it('refuses while it has sub-organisations or accounts, naming them', async () => {
    const reply = await h.post('/HoldInfo/RemoveHold', { hold_ids: [w.a.holdId] }, w.root);
    expect(reply.code).toBe(409);
    expect(reply.msg).toContain('下级组织：甲一部');
  });

  it('never deletes organisation 1 or the caller’s own organisation', async () => {
    expect((await h.post('/HoldInfo/RemoveHold', { hold_ids: [1] }, w.root)).code).toBe(400);
    expect(await h.post('/HoldInfo/RemoveHold', { hold_ids: [w.a.holdId] }, w.a.token)).toMatchObject({
      code: 400,
      msg: '不能删除自己所在的组织',
    });
  });

  it('deletes an empty one with its admin, whose token dies, all or nothing', async () => {
    const t = await createTenant(h, w.root, { name: '待删除', admin: 'doomed_admin', parent: 1 });
    const mixed = await h.post('/HoldInfo/RemoveHold', { hold_ids: `${t.holdId},${w.a.holdId}` }, w.root);
    expect(mixed.code).toBe(409);
    expect((await h.get('/HoldInfo/Detail', { holdId: t.holdId }, w.root)).code).toBe(200);

    expect((await h.post('/HoldInfo/RemoveHold', { hold_ids: [t.holdId] }, w.root)).code).toBe(200);
    expect((await h.get('/HoldInfo/Detail', { holdId: t.holdId }, w.root)).code).toBe(404);
    expect((await h.get('/userinfo/checktoken', {}, t.token)).code).toBe(401);
    expect((await h.post('/UserInfo/Login_Web', { user_name: 'doomed_admin', user_password: PASSWORD })).code).toBe(
      401,
    );
    // The name is free again once its owner is deleted.
    expect((await createTenant(h, w.root, { name: '重生', admin: 'doomed_admin', parent: 1 })).holdId).toBeGreaterThan(
      t.holdId,
    );
  });

  it('writes every change to the operation log', async () => {
    const logs = await h.post<SysLogRow[]>(
      '/SysLog/GetSysLogsList',
      { logType: [], key: '待删除', PageSize: 50 },
      w.root,
    );
    const types = logs.data.map((l) => l.log_type_text);
    expect(types).toEqual(expect.arrayContaining(['新增', '删除']));
    expect(logs.data.find((l) => l.log_type_text === '删除')).toMatchObject({
      user_name: 'admin',
      hold_name: '运营商',
    });
  });
});

describe('the admin account', () => {
  it('is made, changed and deleted by the accounts’ own service: its rules and its log entries', async () => {
    const t = await createTenant(h, w.root, { name: '审计企业', admin: 'audit_admin', parent: 1 });
    const edit = { hold_id: t.holdId, hold_name: '审计企业', hold_type: 2, parent_hold_id: 1 };
    expect(await save({ ...edit, user_name: 'B_ADMIN' }, w.root)).toMatchObject({
      code: 409,
      msg: '账号已存在：B_ADMIN',
    });
    expect((await save({ ...edit, user_name: 'audit_admin', user_password: 'another-pass' }, w.root)).code).toBe(200);
    expect((await h.post('/HoldInfo/RemoveHold', { hold_ids: [t.holdId] }, w.root)).code).toBe(200);

    const logs = await h.post<SysLogRow[]>(
      '/SysLog/GetSysLogsList',
      { logType: [], key: 'audit_admin', PageSize: 50 },
      w.root,
    );
    expect(logs.data.map((l) => l.log_content)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^新增账号 audit_admin（ID \d+），所属组织 审计企业，角色 管理员$/),
        expect.stringMatching(/^修改账号 audit_admin（ID \d+），重置密码$/),
        expect.stringMatching(/^删除账号 audit_admin（ID \d+）$/),
      ]),
    );
    expect(logs.data.every((l) => l.user_name === 'admin')).toBe(true);
  });
});
