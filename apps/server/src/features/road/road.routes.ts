import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as roads from './road.service.js';

export const roadRoutes = routesOf(calls.road, (ctx) => ({
  listRoads: ({ scope, input }) => roads.listRoads(ctx, scope, input),
  listRoadStates: ({ scope, input }) => roads.listRoads(ctx, scope, input),
  roadDetail: ({ scope, input }) => roads.roadDetail(ctx, scope, input.roadId),
  saveRoad: ({ scope, input }) => roads.saveRoad(ctx, scope, input),
  boundAccounts: ({ scope, input }) => roads.boundAccounts(ctx, scope, input.road_id),
  boundCards: ({ scope, input }) => roads.boundCards(ctx, scope, input.road_id),
  closeRoad: ({ scope, input }) => roads.closeRoad(ctx, scope, input.road_id),
  listRoadInfos: ({ scope, input }) => roads.listRoads(ctx, scope, input),
  roadInfoDetail: ({ scope, input }) => roads.roadDetail(ctx, scope, input.road_id),
  saveRoadInfo: ({ scope, input }) => roads.saveRoadInfoNew(ctx, scope, input),
  removeRoadInfos: ({ scope, input }) => roads.removeRoads(ctx, scope, input.road_ids),
}));
