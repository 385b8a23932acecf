import { beforeAll, describe, expect, it } from 'vitest';
import type { SysLogRow } from '@guard-tour/contract';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
  await h.post('/UserInfo/Login_Web', { user_name: w.b.admin, user_password: 'wrong-password' }, undefined, '10.7.7.7');
  await h.post(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a1.holdId, user_name: 'guard_log', user_password: PASSWORD },
    w.a.token,
  );
});

const logs = (body: object, token: string) =>
  h.post<SysLogRow[]>('/SysLog/GetSysLogsList', { PageIndex: 1, PageSize: 50, ...body }, token);

describe('the logs', () => {
  it('lists login attempts, successes and failures, with the address', async () => {
    const reply = await logs({ logType: [1], key: 'b_admin' }, w.root);
    expect(reply.data.every((l) => l.log_type === 1 && l.log_type_text === '登录')).toBe(true);
    expect(reply.data.map((l) => l.log_content)).toEqual(
      expect.arrayContaining(['登录成功', '登录失败：账号或密码不对']),
    );
    expect(reply.data.find((l) => l.ip === '10.7.7.7')).toMatchObject({ user_name: 'b_admin', hold_name: '乙企业' });
  });

  it('lists operations without logins, newest first, with who, where and what', async () => {
    const reply = await logs({ logType: [] }, w.root);
    expect(reply.data.some((l) => l.log_type === 1)).toBe(false);
    const created = reply.data.find((l) => l.log_content.includes('guard_log'));
    expect(created).toMatchObject({ log_type: 3, log_type_text: '新增', user_name: 'a_admin', hold_name: '甲企业' });
    expect(created?.create_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const times = reply.data.map((l) => l.create_date);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows an enterprise only its own subtree’s entries', async () => {
    const reply = await logs({ logType: [1] }, w.a.token);
    const names = new Set(reply.data.map((l) => l.user_name));
    expect(names.has('a_admin')).toBe(true);
    expect(names.has('b_admin')).toBe(false);
    expect(names.has('admin')).toBe(false);
    expect((await logs({ logType: [1], HoldID: w.b.holdId }, w.a.token)).code).toBe(403);
  });
});
