import type { SaveDigestInput } from '@guard-tour/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';
import { pagingOf, type ListParams } from '../../components/paging';

export const DIGEST_LIST_KEY = [...QUERY_KEYS.digest, 'list'] as const;
/** 发送记录 shown a page at a time. */
export const DIGEST_DELIVERIES_PAGE_SIZE = 20;

export function listDigests(params: ListParams, signal?: AbortSignal) {
  return api.digest.listDigests(
    { holdId: params.holdId, includeChildren: params.filters?.includeChildren !== false, ...pagingOf(params) },
    { signal },
  );
}

function useRefreshDigests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.digest });
}

export function useSaveDigest() {
  const refresh = useRefreshDigests();
  return useMutation({ mutationFn: (input: SaveDigestInput) => api.digest.saveDigest(input), onSuccess: refresh });
}

export function useRemoveDigest() {
  const refresh = useRefreshDigests();
  return useMutation({
    mutationFn: (digestId: number) => api.digest.removeDigests({ digest_ids: [digestId] }),
    onSuccess: refresh,
  });
}

/** 立即发送: the last complete period now; its tries show in 发送记录 and 最近发送 afterwards. */
export function useSendDigestNow() {
  const refresh = useRefreshDigests();
  return useMutation({
    mutationFn: (digestId: number) => api.digest.sendDigestNow({ digest_id: digestId }),
    onSettled: refresh,
  });
}

/** 预览: the e-mail of the last complete period, read afresh each time the dialog opens. */
export function useDigestPreview(digestId: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.digest, 'preview', digestId],
    queryFn: ({ signal }) => api.digest.previewDigest({ digest_id: digestId }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Whether e-mail can be sent, and the hooks a report of the organisation may use. */
export function useDigestOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.digest, 'options', holdId ?? 0],
    queryFn: ({ signal }) => api.digest.digestOptions(holdId ? { holdId } : {}, { signal }),
    staleTime: 0,
  });
}

export function useDigestDeliveries(digestId: number, page: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.digest, 'deliveries', digestId, page],
    queryFn: ({ signal }) =>
      api.digest.digestDeliveries({ digest_id: digestId, page, pageSize: DIGEST_DELIVERIES_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
