import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountOption, StaffRow } from '@guard-tour/contract';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
});

const saveAccount = (body: object, token: string) => h.post<{ user_id: number }>('/HoldInfo/SaveAccount', body, token);

describe('accounts', () => {
  it('creates an account with a person’s name and finds it by account or name', async () => {
    const reply = await saveAccount(
      {
        user_id: 0,
        hold_id: w.a1.holdId,
        user_name: 'zhangwei',
        user_password: PASSWORD,
        true_name: '张伟',
        remark: '夜班',
      },
      w.a.token,
    );
    expect(reply.code).toBe(200);
    for (const Name of ['ZHANGW', '张伟']) {
      const list = await h.post<StaffRow[]>(
        '/StaffInfo/SearchList',
        { Name, HoldID: w.a.holdId, PageIndex: 1, PageSize: 25 },
        w.a.token,
      );
      expect(list.data).toEqual([
        expect.objectContaining({
          user_id: reply.data.user_id,
          user_name: 'zhangwei',
          true_name: '张伟',
          hold_name: '甲一部',
          remark: '夜班',
        }),
      ]);
      expect(list.total).toBe(1);
    }
    expect((await h.post('/UserInfo/Login_Web', { user_name: 'zhangwei', user_password: PASSWORD })).code).toBe(200);
  });

  it('says what is missing with the spec texts', async () => {
    expect(
      await saveAccount({ user_id: 0, hold_id: 0, user_name: 'xx', user_password: PASSWORD }, w.a.token),
    ).toMatchObject({ code: 400, msg: '数据异常，无法保存！' });
    expect(await saveAccount({ user_id: 0, hold_id: w.a.holdId, user_name: 'lisi' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请输入账号和密码！',
    });
    expect(await saveAccount({ user_id: 5, hold_id: w.a.holdId, user_name: '' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请输入账号！',
    });
    expect(
      await saveAccount({ user_id: 0, hold_id: w.a.holdId, user_name: 'lisi', user_password: '1234' }, w.a.token),
    ).toMatchObject({ code: 400, msg: '密码长度在 8 到 20 个字符' });
    expect(
      await saveAccount({ user_id: 0, hold_id: w.a.holdId, user_name: 'x', user_password: PASSWORD }, w.a.token),
    ).toMatchObject({ code: 400, msg: '账号长度在 2 到 20 个字符' });
  });

  it('refuses a duplicate login name with 409', async () => {
    expect(
      await saveAccount({ user_id: 0, hold_id: w.a.holdId, user_name: 'B_ADMIN', user_password: PASSWORD }, w.a.token),
    ).toMatchObject({ code: 409, msg: '账号已存在：B_ADMIN' });
  });

  it('keeps the password when edited without one and resets it (ending sessions) with one', async () => {
    const created = await saveAccount(
      { user_id: 0, hold_id: w.a.holdId, user_name: 'wangfang', user_password: PASSWORD, true_name: '王芳' },
      w.a.token,
    );
    const id = created.data.user_id;
    const token = await h.login({ user_name: 'wangfang', user_password: PASSWORD });
    expect(
      (
        await saveAccount(
          { user_id: id, hold_id: w.a.holdId, user_name: 'wangfang', user_password: '', true_name: '王芳芳' },
          w.a.token,
        )
      ).code,
    ).toBe(200);
    expect((await h.get('/userinfo/checktoken', {}, token)).code).toBe(200);
    expect((await h.get<StaffRow>('/StaffInfo/Detail', { user_id: id }, w.a.token)).data.true_name).toBe('王芳芳');
    expect(
      (
        await saveAccount(
          { user_id: id, hold_id: w.a.holdId, user_name: 'wangfang', user_password: 'reset-pass-1' },
          w.a.token,
        )
      ).code,
    ).toBe(200);
    expect((await h.get('/userinfo/checktoken', {}, token)).code).toBe(401);
    expect((await h.post('/UserInfo/Login_Web', { user_name: 'wangfang', user_password: 'reset-pass-1' })).code).toBe(
      200,
    );
  });

  it('offers the accounts of an organisation and below as options', async () => {
    const options = await h.get<AccountOption[]>('/StaffInfo/GetAccountOptions', { hold_id: w.a.holdId }, w.a.token);
    const names = options.data.map((o) => o.user_name);
    expect(names).toEqual(expect.arrayContaining(['a_admin', 'a1_admin', 'zhangwei']));
    expect(names).not.toContain('b_admin');
    expect(options.data.find((o) => o.user_name === 'zhangwei')).toEqual({
      user_id: expect.any(Number),
      user_name: 'zhangwei',
      true_name: '张伟',
    });
  });
});

describe('deleting accounts', () => {
  it('deletes, ends the sessions and frees the name', async () => {
    const created = await saveAccount(
      { user_id: 0, hold_id: w.a.holdId, user_name: 'temp_guard', user_password: PASSWORD },
      w.a.token,
    );
    const token = await h.login({ user_name: 'temp_guard', user_password: PASSWORD });
    expect((await h.post('/StaffInfo/RemoveUser', { user_ids: [created.data.user_id] }, w.a.token)).code).toBe(200);
    expect((await h.get('/userinfo/checktoken', {}, token)).code).toBe(401);
    expect((await h.get('/StaffInfo/Detail', { user_id: created.data.user_id }, w.a.token)).code).toBe(404);
    expect(
      (
        await saveAccount(
          { user_id: 0, hold_id: w.a.holdId, user_name: 'temp_guard', user_password: PASSWORD },
          w.a.token,
        )
      ).code,
    ).toBe(200);
  });

  it('never deletes oneself or an organisation’s own admin, and is all or nothing', async () => {
    const me = (await h.post<StaffRow[]>('/StaffInfo/SearchList', { Name: 'a_admin' }, w.a.token)).data[0]!;
    expect(await h.post('/StaffInfo/RemoveUser', { user_ids: [me.user_id] }, w.a.token)).toMatchObject({
      code: 400,
      msg: '不能删除自己的账号',
    });
    const dept = (await h.post<StaffRow[]>('/StaffInfo/SearchList', { Name: 'a1_admin' }, w.a.token)).data[0]!;
    const victim = await saveAccount(
      { user_id: 0, hold_id: w.a.holdId, user_name: 'survivor', user_password: PASSWORD },
      w.a.token,
    );
    const mixed = await h.post(
      '/StaffInfo/RemoveUser',
      { user_ids: `${victim.data.user_id},${dept.user_id}` },
      w.a.token,
    );
    expect(mixed.code).toBe(409);
    expect((await h.get('/StaffInfo/Detail', { user_id: victim.data.user_id }, w.a.token)).code).toBe(200);
  });
});
