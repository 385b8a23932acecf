import type { SaveRoleInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const ROLE_LIST_KEY = [...QUERY_KEYS.role, 'list'] as const;

/** The roles of the picked organisation (and below, unless 包含下级 is off), the four built-in ones first. */
export async function listRoles(params: ListParams, signal?: AbortSignal) {
  return api.role.listRoles(
    {
      holdId: params.holdId,
      includeChildren: params.filters?.includeChildren !== false,
      role_name: params.keyword,
      ...pagingOf(params),
    },
    { signal },
  );
}

/** The permission catalogue in menu order (any session may read it). */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: [...QUERY_KEYS.role, 'permissions'],
    queryFn: ({ signal }) => api.role.permissions(undefined, { signal }),
    staleTime: Infinity,
  });
}

// A role's name or keys show in 账号管理 too (its 角色 column and pickers): refresh both areas.
function useRefreshRoles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.role }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.staff }),
    ]);
}

export function useSaveRole() {
  const refresh = useRefreshRoles();
  return useMutation({ mutationFn: (input: SaveRoleInput) => api.role.saveRole(input), onSuccess: refresh });
}

export function useRemoveRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (roleId: number) => api.role.removeRoles({ role_ids: [roleId] }),
    onSuccess: refresh,
  });
}
