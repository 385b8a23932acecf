import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, loadErrorText, type Paged } from '@guard-tour/client/browser';
import { FIRST_LIST_PARAMS, lastPage, sameListParams, type ListFilters, type ListParams } from './paging';

interface PagedListOptions {
  /** 0 for lists that change behind the screen's back (logs), so every visit reads them afresh. */
  staleTime?: number;
}

/**
 * A tree + keyword + pager list: its parameters and its query. The keyword box is a draft until 查询;
 * picking an organisation or querying goes back to page 1; 查询 with nothing changed asks again.
 * A failed load says 错了哦，接口出错！ with the reason, and the table stops loading.
 */
export function usePagedList<T>(
  key: QueryKey,
  fetch: (params: ListParams, signal: AbortSignal) => Promise<Paged<T>>,
  options: PagedListOptions = {},
) {
  const { message } = App.useApp();
  const [params, setParams] = useState<ListParams>(FIRST_LIST_PARAMS);
  const [draft, setDraft] = useState('');
  const query = useQuery({
    queryKey: [...key, params],
    queryFn: ({ signal }) => fetch(params, signal),
    placeholderData: keepPreviousData,
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  });

  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    // An expired session already went to the login page; a cancelled request is no failure.
    if (!error || (error instanceof ApiError && (error.kind === 'unauthenticated' || error.kind === 'aborted'))) return;
    void message.error(loadErrorText(error));
  }, [error, errorUpdatedAt, message]);

  // A page emptied by a delete (or a shorter result) moves back to the last page that has rows;
  // adjusted while rendering, as React advises for state derived from a change.
  const data = query.data;
  if (data && !query.isPlaceholderData && data.rows.length === 0 && params.page > lastPage(data.total)) {
    setParams({ ...params, page: lastPage(data.total) });
  }

  const apply = (next: ListParams) => {
    if (sameListParams(params, next)) void query.refetch();
    else setParams(next);
  };

  return {
    params,
    query,
    draft,
    setDraft,
    search: () => apply({ ...params, keyword: draft.trim(), page: 1 }),
    /** 查询 on screens with a search type select: the keyword and the chosen type apply together. */
    searchBy: (searchType: string) => apply({ ...params, keyword: draft.trim(), searchType, page: 1 }),
    /** 查询 on screens with several filters (status, include-children): they apply with the keyword. */
    searchWith: (filters: ListFilters) => apply({ ...params, keyword: draft.trim(), filters, page: 1 }),
    pickHold: (holdId: number | undefined) => apply({ ...params, holdId, page: 1 }),
    setPage: (page: number) => apply({ ...params, page }),
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
