import type { AssignHazardInput, FixHazardInput, HazardListInput, SaveChecklistInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const CHECKLIST_LIST_KEY = [...QUERY_KEYS.checklist, 'list'] as const;
export const HAZARD_LIST_KEY = [...QUERY_KEYS.hazard, 'list'] as const;

export function listChecklists(params: ListParams, signal?: AbortSignal) {
  return api.checklist.listChecklists(
    {
      holdId: params.holdId,
      includeChildren: params.filters?.includeChildren !== false,
      checklist_name: params.keyword,
      ...pagingOf(params),
    },
    { signal },
  );
}

export function useChecklistDetail(checklistId: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.checklist, 'detail', checklistId],
    queryFn: ({ signal }) => api.checklist.checklistDetail({ checklist_id: checklistId }, { signal }),
    enabled: checklistId > 0,
    staleTime: 0,
  });
}

function useRefresh(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useSaveChecklist() {
  const refresh = useRefresh(QUERY_KEYS.checklist);
  return useMutation({
    mutationFn: (input: SaveChecklistInput) => api.checklist.saveChecklist(input),
    onSuccess: refresh,
  });
}

export function useRemoveChecklist() {
  const refresh = useRefresh(QUERY_KEYS.checklist);
  return useMutation({
    mutationFn: (id: number) => api.checklist.removeChecklists({ checklist_ids: [id] }),
    onSuccess: refresh,
  });
}

export function hazardBody(params: ListParams): HazardListInput {
  const f = params.filters ?? {};
  const num = (v: unknown) => (v === '' || v === undefined ? undefined : Number(v));
  return {
    holdId: params.holdId,
    includeChildren: f.includeChildren !== false,
    state: num(f.state),
    level: num(f.level),
    patrol_id: num(f.patrol_id),
    start_date: (f.start_date as string) || undefined,
    end_date: (f.end_date as string) || undefined,
    overdue_only: f.overdue_only === true,
    ...pagingOf(params),
  };
}

export function listHazards(params: ListParams, signal?: AbortSignal) {
  return api.hazard.listHazards(hazardBody(params), { signal });
}

export function useHazardDetail(hazardId: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.hazard, 'detail', hazardId],
    queryFn: ({ signal }) => api.hazard.hazardDetail({ hazard_id: hazardId }, { signal }),
    staleTime: 0,
  });
}

export type HazardAction =
  | { move: 'assign'; input: AssignHazardInput }
  | { move: 'ignore' | 'verify' | 'reject'; input: { hazard_id: number; note: string } }
  | { move: 'fix'; input: FixHazardInput };

export function useMoveHazard() {
  const refresh = useRefresh(QUERY_KEYS.hazard);
  return useMutation({
    mutationFn: async (action: HazardAction) => {
      switch (action.move) {
        case 'assign':
          return api.hazard.assignHazard(action.input);
        case 'ignore':
          return api.hazard.ignoreHazard(action.input);
        case 'verify':
          return api.hazard.verifyHazard(action.input);
        case 'reject':
          return api.hazard.rejectHazard(action.input);
        case 'fix':
          return api.hazard.fixHazard(action.input);
      }
    },
    onSuccess: refresh,
  });
}

export function useHazardStats(body: { holdId?: number | undefined; start_date: string; end_date: string }) {
  return useQuery({
    queryKey: [...QUERY_KEYS.hazard, 'stats', body],
    queryFn: ({ signal }) => api.hazard.hazardStats({ ...body, includeChildren: true }, { signal }),
    staleTime: 0,
  });
}

/** The point filter's choices: the points of the picked organisation and below. */
export function usePointOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.card, 'options', holdId],
    queryFn: ({ signal }) => api.card.cardOptions({ holdId }, { signal }),
  });
}
