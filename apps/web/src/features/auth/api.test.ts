import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@guard-tour/client/messages';
import { login } from './api';

function answer(body: unknown) {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));
}

const INPUT = { user_name: 'admin', user_password: 'wrong-pass', remember_login: false };

describe('what the login screen says', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a wrong account or password', async () => {
    answer({ code: 401, msg: 'whatever the server says', data: null });
    await expect(login(INPUT)).rejects.toThrow('登录失败! 账号或密码不对!');
  });

  it('a locked account or an expired service, in the server’s words', async () => {
    answer({ code: 429, msg: '尝试次数过多，请 15 分钟后再试', data: null });
    await expect(login(INPUT)).rejects.toThrow('尝试次数过多，请 15 分钟后再试');
    answer({ code: 403, msg: '服务已到期，请联系管理员', data: null });
    await expect(login(INPUT)).rejects.toThrow('服务已到期，请联系管理员');
  });

  it('an unreachable server', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(login(INPUT)).rejects.toThrow(MSG.loginNetwork);
  });

  it('a successful login returns the session', async () => {
    const result = {
      token: 't',
      userName: 'admin',
      trueName: '管理员',
      userType: 1,
      serviceEnd: '2099-12-31',
      defaultPassword: true,
    };
    answer({ code: 200, msg: '', data: result });
    await expect(login(INPUT)).resolves.toEqual(result);
  });
});
