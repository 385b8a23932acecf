import type { DeviceOption, RoadOption, TaskRow } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPostPage, type Paged } from '../../api/client';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

/** Every task query sits under this key (the road screens refresh it when a road changes). */
export const TASK_KEY = ['task'] as const;
/** Road queries: their options are read here, and the road screens refresh them under this key. */
const ROAD_KEY = ['road'] as const;

/** GetRoadTaskList's body: task name (the keyword), road name, include-children and status (-1 = 全部). */
export function taskListBody(params: ListParams) {
  return {
    task_name: params.keyword,
    road_name: String(params.filters?.road_name ?? ''),
    include_children: params.filters?.include_children !== false,
    hold_id: params.holdId,
    task_status: Number(params.filters?.status ?? -1),
    ...pagingOf(params),
  };
}

export async function listTasks(params: ListParams, signal?: AbortSignal): Promise<Paged<TaskRow>> {
  return apiPostPage<TaskRow>('/api/RoadTask/GetRoadTaskList', taskListBody(params), { signal });
}

/** A task read afresh before the dialog shows it (spec section 4: edit loads detail first). */
export function useTaskDetail(taskId: number) {
  return useQuery({
    queryKey: [...TASK_KEY, 'detail', taskId],
    queryFn: ({ signal }) => apiGet<TaskRow>('/api/RoadTask/GetRoadTaskDetail', { task_id: taskId }, { signal }),
    enabled: taskId > 0,
    staleTime: 0,
  });
}

/** Roads a task of this organisation may walk. */
export function useRoadOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...ROAD_KEY, 'options', holdId],
    queryFn: ({ signal }) =>
      apiGet<RoadOption[] | null>('/api/RoadTask/GetRoadOptions', { hold_id: holdId }, { signal }),
    enabled: holdId !== undefined,
    select: (data) => data ?? [],
  });
}

/** Terminals of this organisation (and below) that may walk a task. */
export function useDeviceOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.device, 'options', holdId],
    queryFn: ({ signal }) =>
      apiGet<DeviceOption[] | null>('/api/DeviceInfo/GetDeviceOptions', { hold_id: holdId }, { signal }),
    enabled: holdId !== undefined,
    select: (data) => data ?? [],
  });
}

export interface SaveTaskBody {
  task_id: number;
  hold_id: number;
  task_name: string;
  road_id: number;
  object_id: number;
  cycle_repeat_mode: number;
  cycle_repeat_value: string;
  expire_date: string;
  start_time: string;
  end_time: string;
}

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TASK_KEY });
}

export function useSaveTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (body: SaveTaskBody) => apiPost<{ task_id: number }>('/api/RoadTask/SaveRoadTask', body),
    onSuccess: refresh,
  });
}

export function useRemoveTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (taskId: number) => apiPost<unknown>('/api/RoadTask/RemoveRoadTask', { task_ids: [taskId] }),
    onSuccess: refresh,
  });
}
