import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordInput, loginInput } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
const callerOf = (r: { caller: unknown }) => r.caller as never;
import { ok } from '../../http/envelope.js';
import * as auth from './auth.service.js';

const tags = ['登录与会话'];

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/UserInfo/Login_Web',
    { config: { auth: 'public' }, schema: { tags, summary: '登录', body: loginInput } },
    async (request) => ok(await auth.login(ctx, request.body, request.ip)),
  );

  app.get('/UserInfo/checktoken', { schema: { tags, summary: '检查令牌' } }, async (request) =>
    ok(auth.checkToken(callerOf(request))),
  );

  app.get('/UserInfo/Logout', { schema: { tags, summary: '退出登录' } }, async (request) => {
    await auth.logout(ctx, request.scope!);
    return ok(null);
  });

  app.get('/SysFun/GetUserFunTree', { schema: { tags, summary: '当前账号的菜单' } }, async (request) =>
    ok(auth.userFunTree(callerOf(request))),
  );

  app.post(
    '/HoldInfo/ChangeUserPassword',
    { schema: { tags, summary: '修改本人密码', body: changePasswordInput } },
    async (request) => {
      await auth.changePassword(ctx, request.scope!, request.body);
      return ok(null);
    },
  );
};
