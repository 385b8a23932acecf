import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardDetailQuery, cardListInput, cardOptionsQuery, removeCardInput, saveCardInput } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import * as cards from './card.service.js';

const tags = ['巡检点'];

export const cardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/PatrolCard/SearchList',
    { schema: { tags, summary: '巡检点列表', body: cardListInput } },
    async (request) => {
      const page = await cards.listCards(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.post(
    '/PatrolCard/SaveInfo',
    { schema: { tags, summary: '新增或修改巡检点', body: saveCardInput } },
    async (request) => ok(await cards.saveCard(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.get(
    '/PatrolCard/GetDetail',
    { schema: { tags, summary: '巡检点详情', querystring: cardDetailQuery } },
    async (request) => ok(await cards.cardDetail(ctx, scopeOf(ctx, request), request.query.patrol_id)),
  );

  app.post(
    '/PatrolCard/RemoveInfo',
    { schema: { tags, summary: '删除巡检点', body: removeCardInput } },
    async (request) => {
      await cards.removeCards(ctx, scopeOf(ctx, request), request.body.patrol_ids, request.ip);
      return ok(null);
    },
  );

  app.get(
    '/PatrolCard/GetCardOptions',
    { schema: { tags, summary: '巡检点选项', querystring: cardOptionsQuery } },
    async (request) => ok(await cards.cardOptions(ctx, scopeOf(ctx, request), request.query)),
  );
};
