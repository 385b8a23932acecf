import type { SaveAccountInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const STAFF_LIST_KEY = [...QUERY_KEYS.staff, 'list'] as const;

/** Accounts of the picked organisation and below; the keyword matches the account or the person. */
export async function listStaff(params: ListParams, signal?: AbortSignal) {
  return api.staff.listStaff(
    {
      Name: params.keyword,
      holdId: params.holdId,
      includeChildren: true,
      role_id: Number(params.filters?.role_id) || undefined,
      ...pagingOf(params),
    },
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

/**
 * The roles an account of this organisation may be given by the caller (Role/Options: built-ins first, then the
 * custom roles of the organisation's path). Off for a role that may call it neither way (role.view, staff.edit).
 */
export function useRoleOptions(holdId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...QUERY_KEYS.role, 'options', holdId],
    queryFn: ({ signal }) => api.role.roleOptions({ holdId }, { signal }),
    enabled: enabled && holdId !== undefined,
  });
}
