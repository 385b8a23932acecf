import type { SaveHoldInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const HOLD_LIST_KEY = [...QUERY_KEYS.hold, 'list'] as const;

/** The picked organisation first, then everything below it. */
export async function listHolds(params: ListParams, signal?: AbortSignal) {
  return api.hold.listHolds(
    { Name: params.keyword, includeChildren: true, holdId: params.holdId, ...pagingOf(params) },
    { signal },
  );
}

/** The parent a new organisation will get (shown read-only in the dialog). */
export async function loadParentBase(id: number, signal?: AbortSignal) {
  return api.hold.parentBase({ id }, { signal });
}

export function useParentBase(id: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.hold, 'parent', id],
    queryFn: ({ signal }) => loadParentBase(id!, signal),
    enabled: id !== undefined,
  });
}

export async function saveHold(input: SaveHoldInput) {
  return api.hold.saveHold(input);
}

export async function removeHolds(holdIds: number[]): Promise<void> {
  await api.hold.removeHolds({ hold_ids: holdIds });
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
