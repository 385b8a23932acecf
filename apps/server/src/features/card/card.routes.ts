import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as cards from './card.service.js';

export const cardRoutes = routesOf(calls.card, (ctx) => ({
  listCards: ({ scope, input }) => cards.listCards(ctx, scope, input),
  saveCard: ({ scope, input }) => cards.saveCard(ctx, scope, input),
  cardDetail: ({ scope, input }) => cards.cardDetail(ctx, scope, input.patrol_id),
  removeCards: ({ scope, input }) => cards.removeCards(ctx, scope, input.patrol_ids),
  cardOptions: ({ scope, input }) => cards.cardOptions(ctx, scope, input),
}));
