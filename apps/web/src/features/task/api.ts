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
    include_children: params.filters?.include_children !== false,
    hold_id: params.holdId,
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

/** Roads a task of this organisation may walk. */
export function useRoadOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.road, 'options', holdId],
    queryFn: ({ signal }) => api.task.roadOptions({ hold_id: holdId }, { signal }),
    enabled: holdId !== undefined,
  });
}

/** Terminals of this organisation (and below) that may walk a task. */
export function useDeviceOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.device, 'options', holdId],
    queryFn: ({ signal }) => api.device.deviceOptions({ hold_id: holdId }, { signal }),
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

/** Shifts whose accounts on duty a task of this organisation may be charged to (责任班次); none without 查看排班. */
export function useShiftOptions(holdId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...QUERY_KEYS.shift, 'options', holdId],
    queryFn: ({ signal }) => api.shift.listShifts({ hold_id: holdId }, { signal }),
    enabled: enabled && holdId !== undefined,
    select: (data) =>
      data.rows.map((s) => ({ value: s.shift_id, label: `${s.shift_name} ${s.start_time}-${s.end_time}` })),
  });
}
