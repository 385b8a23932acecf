import type { AccountOption, CardOption, RoadRow } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPostPage, type Paged } from '../../api/client';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

/** Every road query sits under this key, so a save, close or delete refreshes them all. */
export const ROAD_KEY = ['road'] as const;
/** Task lists show road names and offer roads: a change to a road refreshes them too. */
const TASK_KEY = ['task'] as const;

/** The road list's two sources: 路线管理 lists with PatrolRoad/List, 路线状态 with GetPatrolRoadList (same rows). */
export type RoadListCall = 'List' | 'GetPatrolRoadList';

/** The road list's body: the picked organisation and below, the name keyword and the status filter (-1 = 全部). */
export function roadListBody(params: ListParams) {
  return {
    road_name: params.keyword,
    hold_id: params.holdId,
    include_children: true,
    status: Number(params.filters?.status ?? -1),
    ...pagingOf(params),
  };
}

export async function listRoads(call: RoadListCall, params: ListParams, signal?: AbortSignal): Promise<Paged<RoadRow>> {
  return apiPostPage<RoadRow>(`/api/PatrolRoad/${call}`, roadListBody(params), { signal });
}

export interface BoundAccount {
  user_id: number;
  user_name: string;
  true_name: string;
}

export interface BoundCard {
  patrol_id: number;
  patrol_sn: string;
  patrol_name: string;
}

/** What the detail window edits: the road, its accounts and its points in walking order. */
export interface RoadForEdit {
  road: RoadRow;
  accounts: BoundAccount[];
  cards: BoundCard[];
}

export async function loadRoadForEdit(roadId: number, signal?: AbortSignal): Promise<RoadForEdit> {
  const [road, accounts, cards] = await Promise.all([
    apiGet<RoadRow>('/api/PatrolRoad/Detail', { roadId }, { signal }),
    apiGet<BoundAccount[] | null>('/api/PatrolRoad/GetBindAccounts', { road_id: roadId }, { signal }),
    apiGet<BoundCard[] | null>('/api/PatrolRoad/GetBindCards', { road_id: roadId }, { signal }),
  ]);
  return { road, accounts: accounts ?? [], cards: cards ?? [] };
}

export function useRoadForEdit(roadId: number) {
  return useQuery({
    queryKey: [...ROAD_KEY, 'detail', roadId],
    queryFn: ({ signal }) => loadRoadForEdit(roadId, signal),
    enabled: roadId > 0,
    staleTime: 0,
  });
}

/** The organisation a new road belongs to, by id (LoadParentBase answers its name). */
export function useHoldName(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.hold, 'base', holdId],
    queryFn: ({ signal }) =>
      apiGet<{ hold_id: number; hold_name: string }>('/api/HoldInfo/LoadParentBase', { id: holdId }, { signal }),
    enabled: holdId !== undefined,
  });
}

/** Accounts that may walk a road of this organisation (its own and below). */
export function useAccountOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.staff, 'options', holdId],
    queryFn: ({ signal }) =>
      apiGet<AccountOption[] | null>('/api/StaffInfo/GetAccountOptions', { hold_id: holdId }, { signal }),
    enabled: holdId !== undefined,
    select: (data) => data ?? [],
  });
}

/** Patrol points a road of this organisation may visit (its own and below). */
export function useCardOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.card, 'options', holdId],
    queryFn: ({ signal }) =>
      apiGet<CardOption[] | null>('/api/PatrolCard/GetCardOptions', { hold_id: holdId }, { signal }),
    enabled: holdId !== undefined,
    select: (data) => data ?? [],
  });
}

export interface SaveRoadBody {
  road_id: number;
  road_name: string;
  hold_id: number;
  cycle_repeat_type: number;
  cycle_repeat_items: string;
  start_time: string;
  end_time: string;
  user_id_list: number[];
  card_id_list: number[];
  remark: string;
}

function useRefreshRoads() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ROAD_KEY });
    await queryClient.invalidateQueries({ queryKey: TASK_KEY });
  };
}

export function useSaveRoad() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (body: SaveRoadBody) => apiPost<{ road_id: number }>('/api/PatrolRoad/SaveRoadInfo', body),
    onSuccess: refresh,
  });
}

export function useCloseRoad() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (roadId: number) => apiPost<unknown>('/api/PatrolRoad/CloseRoad', { road_id: roadId }),
    onSuccess: refresh,
  });
}

/** 线路管理 (the simple variant): the picked organisation, with or without those below. */
export function roadInfoListBody(params: ListParams) {
  return {
    road_name: params.keyword,
    hold_id: params.holdId,
    include_children: params.filters?.include_children !== false,
    ...pagingOf(params),
  };
}

export async function listRoadInfos(params: ListParams, signal?: AbortSignal): Promise<Paged<RoadRow>> {
  return apiPostPage<RoadRow>('/api/RoadInfo/GetRoadInfoList', roadInfoListBody(params), { signal });
}

export function useRoadInfo(roadId: number) {
  return useQuery({
    queryKey: [...ROAD_KEY, 'info', roadId],
    queryFn: ({ signal }) => apiGet<RoadRow>('/api/RoadInfo/GetRoadDetail', { road_id: roadId }, { signal }),
    enabled: roadId > 0,
    staleTime: 0,
  });
}

export interface SaveRoadInfoBody {
  road_id: number;
  hold_id: number;
  road_name: string;
  patrol_card_ids: number[];
  patrol_card_names: string;
  remark: string;
}

export function useSaveRoadInfo() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (body: SaveRoadInfoBody) => apiPost<{ road_id: number }>('/api/RoadInfo/SaveRoadInfoNew', body),
    onSuccess: refresh,
  });
}

export function useRemoveRoadInfo() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (roadId: number) => apiPost<unknown>('/api/RoadInfo/RemoveRoadInfo', { road_ids: [roadId] }),
    onSuccess: refresh,
  });
}
