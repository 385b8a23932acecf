import { z } from 'zod';
import { area, call, done, list } from '../call.js';
import { savedId } from '../common.js';
import {
  holdIdQuery,
  holdListInput,
  holdRow,
  holdTreeNode,
  parentBase,
  parentBaseQuery,
  removeHoldInput,
  saveHoldInput,
} from '../hold.js';

export const holdCalls = area('组织', {
  listHolds: list('POST', '/api/HoldInfo/GetHoldList', {
    permission: 'hold.view',
    summary: '组织列表',
    input: holdListInput,
    row: holdRow,
  }),
  parentBase: call('GET', '/api/HoldInfo/LoadParentBase', {
    permission: 'hold.view',
    summary: '上级组织',
    input: parentBaseQuery,
    output: parentBase,
  }),
  holdTree: call('GET', '/api/HoldInfo/GetHoldTree', {
    permission: 'session',
    summary: '组织树',
    output: z.array(holdTreeNode),
  }),
  saveHold: call('POST', '/api/HoldInfo/SaveHoldInfo', {
    permission: 'hold.edit',
    summary: '新增或修改组织',
    input: saveHoldInput,
    output: savedId('hold_id'),
  }),
  holdDetail: call('GET', '/api/HoldInfo/Detail', {
    permission: 'hold.view',
    summary: '组织详情',
    input: holdIdQuery,
    output: holdRow,
  }),
  removeHolds: call('POST', '/api/HoldInfo/RemoveHold', {
    permission: 'hold.edit',
    summary: '删除组织',
    input: removeHoldInput,
    output: done,
  }),
});
