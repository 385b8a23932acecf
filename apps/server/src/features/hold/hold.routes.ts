import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holdIdQuery, holdListInput, parentBaseQuery, removeHoldInput, saveHoldInput } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import * as holds from './hold.service.js';

const tags = ['组织'];

export const holdRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/HoldInfo/GetHoldList', { schema: { tags, summary: '组织列表', body: holdListInput } }, async (request) => {
    const page = await holds.listHolds(ctx, scopeOf(ctx, request), request.body);
    return ok(page.rows, page.total);
  });

  app.get(
    '/HoldInfo/LoadParentBase',
    { schema: { tags, summary: '上级组织', querystring: parentBaseQuery } },
    async (request) => ok(await holds.parentBase(ctx, scopeOf(ctx, request), request.query.id)),
  );

  app.get('/HoldInfo/GetHoldTree', { schema: { tags, summary: '组织树' } }, async (request) =>
    ok(await holds.holdTree(ctx, scopeOf(ctx, request))),
  );

  app.post(
    '/HoldInfo/SaveHoldInfo',
    { schema: { tags, summary: '新增或修改组织', body: saveHoldInput } },
    async (request) => ok(await holds.saveHold(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.get('/HoldInfo/Detail', { schema: { tags, summary: '组织详情', querystring: holdIdQuery } }, async (request) =>
    ok(await holds.holdDetail(ctx, scopeOf(ctx, request), request.query.holdId)),
  );

  app.post(
    '/HoldInfo/RemoveHold',
    { schema: { tags, summary: '删除组织', body: removeHoldInput } },
    async (request) => {
      await holds.removeHolds(ctx, scopeOf(ctx, request), request.body.hold_ids, request.ip);
      return ok(null);
    },
  );
};
