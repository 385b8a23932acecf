import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountOptionsQuery,
  removeUserInput,
  saveAccountInput,
  staffDetailQuery,
  staffListInput,
} from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import * as staff from './staff.service.js';

const tags = ['账号'];

export const staffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/StaffInfo/SearchList',
    { schema: { tags, summary: '账号列表', body: staffListInput } },
    async (request) => {
      const page = await staff.listStaff(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.get(
    '/StaffInfo/Detail',
    { schema: { tags, summary: '账号详情', querystring: staffDetailQuery } },
    async (request) => ok(await staff.staffDetail(ctx, scopeOf(ctx, request), request.query.user_id)),
  );

  app.get(
    '/StaffInfo/GetAccountOptions',
    { schema: { tags, summary: '账号选项', querystring: accountOptionsQuery } },
    async (request) => ok(await staff.accountOptions(ctx, scopeOf(ctx, request), request.query)),
  );

  app.post(
    '/StaffInfo/RemoveUser',
    { schema: { tags, summary: '删除账号', body: removeUserInput } },
    async (request) => {
      await staff.removeUsers(ctx, scopeOf(ctx, request), request.body.user_ids, request.ip);
      return ok(null);
    },
  );

  // The contract names this call under HoldInfo; it saves an account, so it lives with the accounts.
  app.post(
    '/HoldInfo/SaveAccount',
    { schema: { tags, summary: '新增或修改账号', body: saveAccountInput } },
    async (request) => ok(await staff.saveAccount(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );
};
