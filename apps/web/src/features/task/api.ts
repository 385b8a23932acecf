import type { SaveTaskInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

/** GetRoadTaskList's body: task name (the keyword), road name, include-children and status (-1 = 全部). */
export function taskListBody(params: ListParams) {
  return {
    task_name: params.keyword,
    road_name: String(params.filters?.road_name ?? ''),
    includeChildren: params.filters?.includeChildren !== false,
    holdId: params.holdId,
    task_status: Number(params.filters?.status ?? -1),
    ...pagingOf(params),
  };
}

export async function listTasks(params: ListParams, signal?: AbortSignal) {
  return api.task.listTasks(taskListBody(params), { signal });
}

/** A task read afresh before the dialog shows it (spec section 4: edit loads detail first). */
export function useTaskDetail(taskId: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.task, 'detail', taskId],
    queryFn: ({ signal }) => api.task.taskDetail({ task_id: taskId }, { signal }),
    enabled: taskId > 0,
    staleTime: 0,
  });
}

/** Terminals of this organisation (and below) that may walk a task. */
export function useDeviceOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.device, 'options', holdId],
    queryFn: ({ signal }) => api.device.deviceOptions({ holdId }, { signal }),
    enabled: holdId !== undefined,
  });
}

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.task });
}

export function useSaveTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (body: SaveTaskInput) => api.task.saveTask(body),
    onSuccess: refresh,
  });
}

export function useRemoveTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (taskId: number) => api.task.removeTasks({ task_ids: [taskId] }),
    onSuccess: refresh,
  });
}
