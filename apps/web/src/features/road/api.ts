import { MAX_PAGE_SIZE, type RoadRow, type SaveRoadInfoNewInput, type SaveRoadInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { allPages, pagingOf, type ListParams } from '../../components/paging';

/** The road list's two calls: 路线管理 lists with PatrolRoad/List, 路线状态 with GetPatrolRoadList (same rows). */
export type RoadListCall = 'listRoads' | 'listRoadStates';

/** The road list's body: the picked organisation and below, the name keyword and the status filter (-1 = 全部). */
export function roadListBody(params: ListParams) {
  return {
    road_name: params.keyword,
    holdId: params.holdId,
    includeChildren: true,
    status: Number(params.filters?.status ?? -1),
    ...pagingOf(params),
  };
}

export async function listRoads(call: RoadListCall, params: ListParams, signal?: AbortSignal) {
  return api.road[call](roadListBody(params), { signal });
}

/** What the detail window edits: the road, its accounts and its points in walking order. */
export async function loadRoadForEdit(roadId: number, signal?: AbortSignal) {
  const [road, accounts, cards] = await Promise.all([
    api.road.roadDetail({ roadId }, { signal }),
    api.road.boundAccounts({ road_id: roadId }, { signal }),
    api.road.boundCards({ road_id: roadId }, { signal }),
  ]);
  return { road, accounts, cards };
}

export function useRoadForEdit(roadId: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.road, 'detail', roadId],
    queryFn: ({ signal }) => loadRoadForEdit(roadId, signal),
    enabled: roadId > 0,
    staleTime: 0,
  });
}

/** The organisation a new road belongs to, by id (LoadParentBase answers its name). */
export function useHoldName(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.hold, 'base', holdId],
    queryFn: ({ signal }) => api.hold.parentBase({ id: holdId }, { signal }),
    enabled: holdId !== undefined,
  });
}

/** Patrol points a road of this organisation may visit (its own and below). */
export function useCardOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.card, 'options', holdId],
    queryFn: ({ signal }) => api.card.cardOptions({ holdId }, { signal }),
    enabled: holdId !== undefined,
  });
}

function useRefreshRoads() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.road });
    await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.task });
  };
}

export function useSaveRoad() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (body: SaveRoadInput) => api.road.saveRoad(body),
    onSuccess: refresh,
  });
}

export function useCloseRoad() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (roadId: number) => api.road.closeRoad({ road_id: roadId }),
    onSuccess: refresh,
  });
}

/** 线路管理 (the simple variant): the picked organisation, with or without those below. */
export function roadInfoListBody(params: ListParams) {
  return {
    road_name: params.keyword,
    holdId: params.holdId,
    includeChildren: params.filters?.includeChildren !== false,
    ...pagingOf(params),
  };
}

export async function listRoadInfos(params: ListParams, signal?: AbortSignal) {
  return api.road.listRoadInfos(roadInfoListBody(params), { signal });
}

export function useRoadInfo(roadId: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.road, 'info', roadId],
    queryFn: ({ signal }) => api.road.roadInfoDetail({ road_id: roadId }, { signal }),
    enabled: roadId > 0,
    staleTime: 0,
  });
}

export function useSaveRoadInfo() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (body: SaveRoadInfoNewInput) => api.road.saveRoadInfo(body),
    onSuccess: refresh,
  });
}

export function useRemoveRoadInfo() {
  const refresh = useRefreshRoads();
  return useMutation({
    mutationFn: (roadId: number) => api.road.removeRoadInfos({ road_ids: [roadId] }),
    onSuccess: refresh,
  });
}

/** 查看轮次: the rounds of one road on one day (MissedRounds grouped by road, the road's own key). */
export function roadRoundsBody(road: Pick<RoadRow, 'road_id' | 'hold_id'>, day: string, page = 1) {
  return {
    group_by: 'road' as const,
    group_key: road.road_id,
    start_date: day,
    end_date: day,
    holdId: road.hold_id,
    includeChildren: true,
    page,
    pageSize: MAX_PAGE_SIZE,
  };
}

/** A day's rounds of a road (its own, up to MAX_SLOTS, and its tasks'): every one, a page of 200 at a time. */
export function useRoadRounds(road: Pick<RoadRow, 'road_id' | 'hold_id'>, day: string) {
  return useQuery({
    queryKey: [...QUERY_KEYS.road, 'rounds', road.road_id, day],
    queryFn: ({ signal }) =>
      allPages((page) => api.report.missedRounds(roadRoundsBody(road, day, page), { signal }), 10 * MAX_PAGE_SIZE),
    staleTime: 0,
  });
}
