import type { SaveRosterInput, SaveShiftInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { failureOf, fetchFile } from '@guard-tour/client/browser';
import { QUERY_KEYS } from '../../api/query-keys';
import { uploadFile } from '../../api/upload';

/** 班次管理 and 排班表 (SHIFTS.md): the shifts of an organisation, its month grid and their edits. */

export function useShifts(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.shift, 'list', holdId ?? 0],
    queryFn: async ({ signal }) => (await api.shift.listShifts(holdId ? { holdId } : {}, { signal })).rows,
  });
}

export function useRosterMonth(holdId: number | undefined, month: string) {
  return useQuery({
    queryKey: [...QUERY_KEYS.shift, 'roster', holdId ?? 0, month],
    queryFn: ({ signal }) => api.shift.rosterMonth({ ...(holdId ? { holdId } : {}), month }, { signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.shift });
}

export function useSaveShift() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: SaveShiftInput) => api.shift.saveShift(input), onSuccess: refresh });
}

export function useRemoveShift() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (shiftId: number) => api.shift.removeShifts({ shift_ids: [shiftId] }),
    onSuccess: refresh,
  });
}

export function useSaveRoster() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: SaveRosterInput) => api.shift.saveRoster(input), onSuccess: refresh });
}

export function useCopyRoster() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { holdId?: number; from_start: string; from_end: string; to_start: string }) =>
      api.shift.copyRoster(input),
    onSuccess: refresh,
  });
}

/** 导入: the file is uploaded first, then the roster import reads it and reports each refused row. */
export function useImportRoster() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ holdId, file }: { holdId: number | undefined; file: File }) => {
      const FilePath = await uploadFile(file);
      return api.shift.importRoster({ ...(holdId ? { holdId } : {}), FilePath });
    },
    onSuccess: refresh,
  });
}

/** 下载模板: fetched with the bearer token (the template names the caller's shifts) and saved by the browser. */
export async function downloadRosterTemplate(holdId: number | undefined): Promise<void> {
  const { status, blob, body } = await fetchFile(api.shift.rosterTemplate.url(holdId ? { holdId } : {}), {});
  if (!blob) throw failureOf(status, body);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = '排班导入模板.xlsx';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
