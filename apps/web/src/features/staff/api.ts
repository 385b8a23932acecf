import type { SaveAccountInput, StaffRow } from '@guard-tour/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPostPage, type Paged } from '../../api/client';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const STAFF_LIST_KEY = [...QUERY_KEYS.staff, 'list'] as const;

/** Accounts of the picked organisation and below; the keyword matches the account or the person. */
export async function listStaff(params: ListParams, signal?: AbortSignal): Promise<Paged<StaffRow>> {
  return apiPostPage<StaffRow>(
    '/api/StaffInfo/SearchList',
    { Name: params.keyword, HoldID: params.holdId, containChildren: true, ...pagingOf(params) },
    { signal },
  );
}

export async function saveAccount(input: SaveAccountInput): Promise<{ user_id: number }> {
  return apiPost('/api/HoldInfo/SaveAccount', input);
}

export async function removeUsers(userIds: number[]): Promise<void> {
  await apiPost<unknown>('/api/StaffInfo/RemoveUser', { user_ids: userIds });
}

function useRefreshStaff() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.staff });
}

export function useSaveAccount() {
  const refresh = useRefreshStaff();
  return useMutation({ mutationFn: saveAccount, onSuccess: refresh });
}

export function useRemoveAccount() {
  const refresh = useRefreshStaff();
  return useMutation({ mutationFn: (userId: number) => removeUsers([userId]), onSuccess: refresh });
}
