import { z } from 'zod';
import { area, call, done, list } from '../call.js';
import { savedId } from '../common.js';
import {
  boundAccount,
  boundCard,
  closeRoadInput,
  removeRoadInput,
  roadIdQuery,
  roadIdSnakeQuery,
  roadInfoListInput,
  roadListInput,
  roadRow,
  saveRoadInfoNewInput,
  saveRoadInput,
} from '../road.js';

export const roadCalls = area('巡检路线', {
  /** 路线管理's list; `listRoadStates` answers the same. */
  listRoads: list('POST', '/api/PatrolRoad/List', {
    permission: 'road.view',
    summary: '路线列表（含实时状态）',
    input: roadListInput,
    row: roadRow,
  }),
  /** 路线状态's list: the same rows as `listRoads`. */
  listRoadStates: list('POST', '/api/PatrolRoad/GetPatrolRoadList', {
    permission: 'road.view',
    summary: '路线列表（含实时状态）',
    input: roadListInput,
    row: roadRow,
  }),
  roadDetail: call('GET', '/api/PatrolRoad/Detail', {
    permission: 'road.view',
    summary: '路线详情',
    input: roadIdQuery,
    output: roadRow,
  }),
  saveRoad: call('POST', '/api/PatrolRoad/SaveRoadInfo', {
    permission: 'road.edit',
    summary: '保存路线',
    input: saveRoadInput,
    output: savedId('road_id'),
  }),
  boundAccounts: call('GET', '/api/PatrolRoad/GetBindAccounts', {
    permission: 'road.view',
    summary: '路线绑定的账号',
    input: roadIdSnakeQuery,
    output: z.array(boundAccount),
  }),
  boundCards: call('GET', '/api/PatrolRoad/GetBindCards', {
    permission: 'road.view',
    summary: '路线的巡检点',
    input: roadIdSnakeQuery,
    output: z.array(boundCard),
  }),
  closeRoad: call('POST', '/api/PatrolRoad/CloseRoad', {
    permission: 'road.edit',
    summary: '关闭路线',
    input: closeRoadInput,
    output: done,
  }),
  listRoadInfos: list('POST', '/api/RoadInfo/GetRoadInfoList', {
    permission: 'road.view',
    summary: '线路列表',
    input: roadInfoListInput,
    row: roadRow,
  }),
  roadInfoDetail: call('GET', '/api/RoadInfo/GetRoadDetail', {
    permission: 'road.view',
    summary: '线路详情',
    input: roadIdSnakeQuery,
    output: roadRow,
  }),
  saveRoadInfo: call('POST', '/api/RoadInfo/SaveRoadInfoNew', {
    permission: 'road.edit',
    summary: '保存线路',
    input: saveRoadInfoNewInput,
    output: savedId('road_id'),
  }),
  removeRoadInfos: call('POST', '/api/RoadInfo/RemoveRoadInfo', {
    permission: 'road.edit',
    summary: '删除线路',
    input: removeRoadInput,
    output: done,
  }),
});
