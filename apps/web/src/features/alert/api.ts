import type { HandleAlertsInput, SaveAlertSettingsInput } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import type { ListParams } from '../../components/paging';
import { alertListBody } from './alert-filters';

/**
 * Every alert query sits under one key: a handled alert, or one arriving on the stream, refreshes the bell's count,
 * its drawer and the 告警管理 list together.
 */
export const ALERT_LIST_KEY = [...QUERY_KEYS.alert, 'list'] as const;
const COUNT_KEY = [...QUERY_KEYS.alert, 'count'] as const;
const LATEST_KEY = [...QUERY_KEYS.alert, 'latest'] as const;
const SETTINGS_KEY = [...QUERY_KEYS.alert, 'settings'] as const;

/** How many alerts the bell's drawer shows. */
export const LATEST_ALERTS = 20;

export function listAlerts(params: ListParams, signal?: AbortSignal) {
  return api.alert.listAlerts(alertListBody(params), { signal });
}

/** The caller's unhandled alerts; also asked every minute, for alerts handled elsewhere or closed by the system. */
export function useUnhandledCount() {
  return useQuery({
    queryKey: COUNT_KEY,
    queryFn: async ({ signal }) => (await api.alert.unhandledCount(undefined, { signal }))?.count ?? 0,
    refetchInterval: 60_000,
    staleTime: 0,
    retry: false,
  });
}

/** The newest alerts of the bell's drawer, read while it is open. */
export function useLatestAlerts(enabled: boolean) {
  return useQuery({
    queryKey: LATEST_KEY,
    queryFn: ({ signal }) => api.alert.listAlerts({ page: 1, pageSize: LATEST_ALERTS }, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** Refreshes the count, the drawer and the lists (after a handle, or when an alert arrives). */
export function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.alert });
}

export function useHandleAlerts() {
  const refresh = useRefreshAlerts();
  return useMutation({ mutationFn: (input: HandleAlertsInput) => api.alert.handleAlerts(input), onSuccess: refresh });
}

/** The enterprise's 终端离线 hours (the picked organisation, or the caller's own). */
export function useAlertSettings(holdId: number | undefined) {
  return useQuery({
    queryKey: [...SETTINGS_KEY, holdId],
    queryFn: ({ signal }) => api.alert.settings({ holdId }, { signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAlertSettingsInput) => api.alert.saveSettings(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
