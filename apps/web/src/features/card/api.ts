import type { CardRow, SaveCardInput } from '@guard-tour/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import type { Paged } from '../../api/client';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';
import { FIRST_CARD_SEARCH_TYPE } from './card-choices';

export const CARD_LIST_KEY = [...QUERY_KEYS.card, 'list'] as const;

/** PatrolCard/SearchList's body: the picked organisation and below, the keyword matched as the search type says. */
export function cardListBody(params: ListParams) {
  return {
    search_type: params.searchType ?? FIRST_CARD_SEARCH_TYPE,
    key: params.keyword,
    ContainChildren: true,
    HoldID: params.holdId,
    ...pagingOf(params),
  };
}

export async function listCards(params: ListParams, signal?: AbortSignal): Promise<Paged<CardRow>> {
  return api.card.listCards(cardListBody(params), { signal });
}

export async function saveCard(input: SaveCardInput): Promise<{ patrol_id: number }> {
  return api.card.saveCard(input);
}

export async function removeCards(patrolIds: number[]): Promise<void> {
  await api.card.removeCards({ patrol_ids: patrolIds });
}

function useRefreshCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.card });
}

export function useSaveCard() {
  const refresh = useRefreshCards();
  return useMutation({ mutationFn: saveCard, onSuccess: refresh });
}

export function useRemoveCard() {
  const refresh = useRefreshCards();
  return useMutation({ mutationFn: (patrolId: number) => removeCards([patrolId]), onSuccess: refresh });
}
