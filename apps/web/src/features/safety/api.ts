import { AlertKind, AlertState } from '@guard-tour/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';

/** Under the alerts' key: an alert on the stream, or a handle anywhere, refreshes the banner with the bell. */
const OPEN_SOS_KEY = [...QUERY_KEYS.alert, 'open-sos'] as const;

/** The 紧急求助 nobody has answered yet (未处理) in the account's scope, newest first; asked again every 15 s. */
export function useOpenSos(enabled: boolean) {
  return useQuery({
    queryKey: OPEN_SOS_KEY,
    queryFn: async ({ signal }) =>
      (await api.alert.listAlerts({ kind: AlertKind.sos, state: AlertState.open, page: 1, pageSize: 20 }, { signal }))
        .rows,
    enabled,
    refetchInterval: 15_000,
    staleTime: 0,
    retry: false,
  });
}

/** 已响应: the banner goes for everyone (the server announces it again on the stream). */
export function useRespondSos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: number) => api.safety.respond({ alert_id: alertId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.alert }),
  });
}
