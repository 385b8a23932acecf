import type { HoldRow, SaveHoldInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPostPage, type Paged } from '../../api/client';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const HOLD_LIST_KEY = [...QUERY_KEYS.hold, 'list'] as const;

/** The picked organisation first, then everything below it. */
export async function listHolds(params: ListParams, signal?: AbortSignal): Promise<Paged<HoldRow>> {
  return apiPostPage<HoldRow>(
    '/api/HoldInfo/GetHoldList',
    { Name: params.keyword, containChildren: true, HoldID: params.holdId, ...pagingOf(params) },
    { signal },
  );
}

/** The parent a new organisation will get (shown read-only in the dialog). */
export async function loadParentBase(
  id: number,
  signal?: AbortSignal,
): Promise<{ hold_id: number; hold_name: string }> {
  return apiGet('/api/HoldInfo/LoadParentBase', { id }, { signal });
}

export function useParentBase(id: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.hold, 'parent', id],
    queryFn: ({ signal }) => loadParentBase(id!, signal),
    enabled: id !== undefined,
  });
}

export async function saveHold(input: SaveHoldInput): Promise<{ hold_id: number }> {
  return apiPost('/api/HoldInfo/SaveHoldInfo', input);
}

export async function removeHolds(holdIds: number[]): Promise<void> {
  await apiPost<unknown>('/api/HoldInfo/RemoveHold', { hold_ids: holdIds });
}

/** After a save or a delete the list, the tree and the accounts list (admins are accounts) are read again. */
function useRefreshHolds() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.hold }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.staff }),
    ]);
}

export function useSaveHold() {
  const refresh = useRefreshHolds();
  return useMutation({ mutationFn: saveHold, onSuccess: refresh });
}

export function useRemoveHold() {
  const refresh = useRefreshHolds();
  return useMutation({ mutationFn: (holdId: number) => removeHolds([holdId]), onSuccess: refresh });
}
