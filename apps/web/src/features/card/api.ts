import { MAX_PAGE_SIZE, type SaveCardInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { allPages, pagingOf, type ListParams } from '../../components/paging';
import { FIRST_CARD_SEARCH_TYPE } from './card-choices';
import { filterParams, MAX_LABELS, type LabelSource } from './label-sheet';

export const CARD_LIST_KEY = [...QUERY_KEYS.card, 'list'] as const;

/** PatrolCard/SearchList's body: the picked organisation and below, the keyword matched as the search type says. */
export function cardListBody(params: ListParams) {
  return {
    search_type: params.searchType ?? FIRST_CARD_SEARCH_TYPE,
    key: params.keyword,
    includeChildren: true,
    holdId: params.holdId,
    ...pagingOf(params),
  };
}

export async function listCards(params: ListParams, signal?: AbortSignal) {
  return api.card.listCards(cardListBody(params), { signal });
}

export async function saveCard(input: SaveCardInput) {
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

/**
 * Every point of a filter for the label sheet: pages of 200 until the total, at most MAX_LABELS of them; the total
 * says how many the filter found.
 */
export async function listLabelCards(source: Extract<LabelSource, { kind: 'filter' }>, signal?: AbortSignal) {
  return allPages(
    (page) => api.card.listCards({ ...cardListBody(filterParams(source, page)), pageSize: MAX_PAGE_SIZE }, { signal }),
    MAX_LABELS,
  );
}

export function useLabelCards(source: LabelSource) {
  return useQuery({
    queryKey: [...QUERY_KEYS.card, 'labels', source],
    queryFn: ({ signal }) => listLabelCards(source as Extract<LabelSource, { kind: 'filter' }>, signal),
    enabled: source.kind === 'filter',
    staleTime: Infinity,
    retry: false,
  });
}

/** The guard app's address (`<PUBLIC_URL or origin>/m/`) that labels send a phone to. */
export function useAppAddress() {
  return useQuery({
    queryKey: [...QUERY_KEYS.guardApp, 'address'],
    queryFn: ({ signal }) => api.guardApp.appAddress(undefined, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}
