import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeRoadInput,
  removeRoadInput,
  roadIdQuery,
  roadIdSnakeQuery,
  roadInfoListInput,
  roadListInput,
  saveRoadInfoNewInput,
  saveRoadInput,
} from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import * as roads from './road.service.js';

const tags = ['巡检路线'];

export const roadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const path of ['/PatrolRoad/List', '/PatrolRoad/GetPatrolRoadList']) {
    app.post(path, { schema: { tags, summary: '路线列表（含实时状态）', body: roadListInput } }, async (request) => {
      const page = await roads.listRoads(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    });
  }

  app.get('/PatrolRoad/Detail', { schema: { tags, summary: '路线详情', querystring: roadIdQuery } }, async (request) =>
    ok(await roads.roadDetail(ctx, scopeOf(ctx, request), request.query.roadId)),
  );

  app.post(
    '/PatrolRoad/SaveRoadInfo',
    { schema: { tags, summary: '保存路线', body: saveRoadInput } },
    async (request) => ok(await roads.saveRoad(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.get(
    '/PatrolRoad/GetBindAccounts',
    { schema: { tags, summary: '路线绑定的账号', querystring: roadIdSnakeQuery } },
    async (request) => ok(await roads.boundAccounts(ctx, scopeOf(ctx, request), request.query.road_id)),
  );

  app.get(
    '/PatrolRoad/GetBindCards',
    { schema: { tags, summary: '路线的巡检点', querystring: roadIdSnakeQuery } },
    async (request) => ok(await roads.boundCards(ctx, scopeOf(ctx, request), request.query.road_id)),
  );

  app.post(
    '/PatrolRoad/CloseRoad',
    { schema: { tags, summary: '关闭路线', body: closeRoadInput } },
    async (request) => {
      await roads.closeRoad(ctx, scopeOf(ctx, request), request.body.road_id, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/RoadInfo/GetRoadInfoList',
    { schema: { tags, summary: '线路列表', body: roadInfoListInput } },
    async (request) => {
      const page = await roads.listRoads(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.get(
    '/RoadInfo/GetRoadDetail',
    { schema: { tags, summary: '线路详情', querystring: roadIdSnakeQuery } },
    async (request) => ok(await roads.roadDetail(ctx, scopeOf(ctx, request), request.query.road_id)),
  );

  app.post(
    '/RoadInfo/SaveRoadInfoNew',
    { schema: { tags, summary: '保存线路', body: saveRoadInfoNewInput } },
    async (request) => ok(await roads.saveRoadInfoNew(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.post(
    '/RoadInfo/RemoveRoadInfo',
    { schema: { tags, summary: '删除线路', body: removeRoadInput } },
    async (request) => {
      await roads.removeRoads(ctx, scopeOf(ctx, request), request.body.road_ids, request.ip);
      return ok(null);
    },
  );
};
