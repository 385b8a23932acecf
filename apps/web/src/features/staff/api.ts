import type { SaveAccountInput, StaffRow } from '@guard-tour/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import type { Paged } from '../../api/client';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const STAFF_LIST_KEY = [...QUERY_KEYS.staff, 'list'] as const;

/** Accounts of the picked organisation and below; the keyword matches the account or the person. */
export async function listStaff(params: ListParams, signal?: AbortSignal): Promise<Paged<StaffRow>> {
  return api.staff.listStaff(
    { Name: params.keyword, HoldID: params.holdId, containChildren: true, ...pagingOf(params) },
    { signal },
  );
}

export async function saveAccount(input: SaveAccountInput) {
  return api.staff.saveAccount(input);
}

export async function removeUsers(userIds: number[]): Promise<void> {
  await api.staff.removeUsers({ user_ids: userIds });
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
