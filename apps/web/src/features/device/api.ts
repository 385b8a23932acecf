import type { ExcelImportResult, SaveDeviceInput, SnImportResult } from '@guard-tour/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { EXPORT_TIMEOUT_MS } from '@guard-tour/client/browser';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';
import { FIRST_DEVICE_SEARCH_TYPE } from './device-choices';
import { splitSnList } from './sn-list';

export const DEVICE_LIST_KEY = [...QUERY_KEYS.device, 'list'] as const;

/** The import template: a plain link (it holds no data, so it needs no token). */
export const DEVICE_TEMPLATE_URL = api.upload.downloadTemplate.url({ name: 'device_import' });

/** An import of 10,000 rows is read in a worker on the server: give it the long timeout of exports. */
const IMPORT_TIMEOUT_MS = EXPORT_TIMEOUT_MS;

/** SearchDeviceList's body: the picked organisation and below, the keyword matched as the search type says. */
export function deviceListBody(params: ListParams) {
  return {
    search_type: params.searchType ?? FIRST_DEVICE_SEARCH_TYPE,
    key: params.keyword,
    includeChildren: true,
    holdId: params.holdId,
    ...pagingOf(params),
  };
}

export async function listDevices(params: ListParams, signal?: AbortSignal) {
  return api.device.listDevices(deviceListBody(params), { signal });
}

export async function saveDevice(input: SaveDeviceInput) {
  return api.device.saveDevice(input);
}

export async function removeDevices(objectIds: number[]): Promise<void> {
  await api.device.removeDevices({ object_ids: objectIds });
}

/** ImportDeviceBySNList's body: the typed list split, trimmed and without blanks, one SN a line. */
export function snImportBody(holdId: number | undefined, text: string) {
  return { holdId, SNList: splitSnList(text).join('\n') };
}

/** An import's answer with its lists always present, so the result block never shows `undefined`. */
function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export async function importBySnList(body: ReturnType<typeof snImportBody>): Promise<SnImportResult> {
  const data: Partial<SnImportResult> | null = await api.device.importSnList(body, { timeoutMs: IMPORT_TIMEOUT_MS });
  return { effectCount: countOf(data?.effectCount), failSNList: data?.failSNList ?? [] };
}

export async function importByExcel(body: {
  holdId: number | undefined;
  FilePath: string;
}): Promise<ExcelImportResult> {
  const data: Partial<ExcelImportResult> | null = await api.device.importExcel(body, { timeoutMs: IMPORT_TIMEOUT_MS });
  return { effectCount: countOf(data?.effectCount), failList: data?.failList ?? [] };
}

/** Moves the devices to another organisation (AllocateDevice's own spelling: objectIds, holdId). */
export async function allocateDevices(objectIds: number[], holdId: number): Promise<void> {
  await api.device.allocateDevices({ objectIds, holdId });
}

function useRefreshDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.device });
}

export function useSaveDevice() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: saveDevice, onSuccess: refresh });
}

export function useRemoveDevice() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: (objectId: number) => removeDevices([objectId]), onSuccess: refresh });
}

export function useImportSnList() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: importBySnList, onSuccess: refresh });
}

export function useImportExcel() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: importByExcel, onSuccess: refresh });
}

export function useAllocateDevices() {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: ({ objectIds, holdId }: { objectIds: number[]; holdId: number }) => allocateDevices(objectIds, holdId),
    onSuccess: refresh,
  });
}
