import type { SaveWebhookInput } from '@guard-tour/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const WEBHOOK_LIST_KEY = [...QUERY_KEYS.webhook, 'list'] as const;
const DELIVERIES_KEY = [...QUERY_KEYS.webhook, 'deliveries'] as const;

/** Deliveries shown a page at a time in the drawer. */
export const DELIVERIES_PAGE_SIZE = 20;

/** `Webhook/List`'s body: the picked organisation, with its subordinates unless unticked. */
export function webhookListBody(params: ListParams) {
  return { holdId: params.holdId, includeChildren: params.filters?.includeChildren !== false, ...pagingOf(params) };
}

export function listWebhooks(params: ListParams, signal?: AbortSignal) {
  return api.webhook.listWebhooks(webhookListBody(params), { signal });
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.webhook });
}

export function useSaveWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (input: SaveWebhookInput) => api.webhook.saveWebhook(input), onSuccess: refresh });
}

export function useRemoveWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (hookId: number) => api.webhook.removeWebhooks({ hook_ids: [hookId] }),
    onSuccess: refresh,
  });
}

/** 测试: one message now; its try shows in 最近发送 and the deliveries afterwards. */
export function useTestWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (hookId: number) => api.webhook.testWebhook({ hook_id: hookId }),
    onSettled: refresh,
  });
}

/** A hook's tries, newest first, a page at a time. */
export function useDeliveries(hookId: number, page: number) {
  return useQuery({
    queryKey: [...DELIVERIES_KEY, hookId, page],
    queryFn: ({ signal }) =>
      api.webhook.deliveries({ hook_id: hookId, page, pageSize: DELIVERIES_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
