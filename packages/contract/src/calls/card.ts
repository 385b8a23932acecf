import { z } from 'zod';
import { area, call, done, list } from '../call.js';
import {
  cardDetailQuery,
  cardListInput,
  cardOption,
  cardOptionsQuery,
  cardRow,
  removeCardInput,
  saveCardInput,
} from '../card.js';
import { savedId } from '../common.js';

export const cardCalls = area('巡检点', {
  listCards: list('POST', '/api/PatrolCard/SearchList', {
    permission: 'card.view',
    summary: '巡检点列表',
    input: cardListInput,
    row: cardRow,
  }),
  saveCard: call('POST', '/api/PatrolCard/SaveInfo', {
    permission: 'card.edit',
    summary: '新增或修改巡检点',
    input: saveCardInput,
    output: savedId('patrol_id'),
  }),
  cardDetail: call('GET', '/api/PatrolCard/GetDetail', {
    permission: 'card.view',
    summary: '巡检点详情',
    input: cardDetailQuery,
    output: cardRow,
  }),
  removeCards: call('POST', '/api/PatrolCard/RemoveInfo', {
    permission: 'card.edit',
    summary: '删除巡检点',
    input: removeCardInput,
    output: done,
  }),
  cardOptions: call('GET', '/api/PatrolCard/GetCardOptions', {
    permission: ['card.view', 'record.view', 'road.view'],
    summary: '巡检点选项',
    input: cardOptionsQuery,
    output: z.array(cardOption),
  }),
});
