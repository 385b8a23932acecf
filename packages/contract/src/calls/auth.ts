import { z } from 'zod';
import { area, call, done } from '../call.js';
import { changePasswordInput, funTreeItem, loginInput, loginResult, sessionInfo } from '../auth.js';

export const authCalls = area('登录与会话', {
  login: call('POST', '/api/UserInfo/Login_Web', {
    summary: '登录',
    input: loginInput,
    output: loginResult,
    auth: 'public',
  }),
  checkToken: call('GET', '/api/UserInfo/checktoken', {
    permission: 'session',
    summary: '检查令牌',
    output: sessionInfo,
  }),
  logout: call('GET', '/api/UserInfo/Logout', {
    permission: 'session',
    summary: '退出登录',
    output: done,
  }),
  userFunTree: call('GET', '/api/SysFun/GetUserFunTree', {
    permission: 'session',
    summary: '当前账号的菜单',
    output: z.array(funTreeItem),
  }),
  changePassword: call('POST', '/api/HoldInfo/ChangeUserPassword', {
    permission: 'session',
    summary: '修改本人密码',
    input: changePasswordInput,
    output: done,
  }),
});
