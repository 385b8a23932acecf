import { MAX_PAGE_SIZE } from '@guard-tour/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { EXPORT_TIMEOUT_MS } from '@guard-tour/client/browser';
import { QUERY_KEYS } from '../../api/query-keys';
import { allPages } from '../../components/paging';
import { exportMissedBody, missedReportBody, missedRoundsBody, type ReportFilters } from './report-filters';

export function listMissedReport(filters: ReportFilters, page: number, signal?: AbortSignal) {
  return api.report.missedReport(missedReportBody(filters, page), { signal });
}

/** One page of the report's groups, the previous page kept on screen while the next one loads. */
export function useMissedReport(filters: ReportFilters, page: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.report, 'missed', filters, page],
    queryFn: ({ signal }) => listMissedReport(filters, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The print view shows every group: pages of 200 until the total is reached (at most 100 pages). */
export function listAllMissed(filters: ReportFilters, signal?: AbortSignal) {
  return allPages(
    (page) => api.report.missedReport(missedReportBody(filters, page, MAX_PAGE_SIZE), { signal }),
    100 * MAX_PAGE_SIZE,
  );
}

export function useAllMissed(filters: ReportFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.report, 'missed-all', filters],
    queryFn: ({ signal }) => listAllMissed(filters, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** The rounds of one report row, newest first. */
export function useMissedRounds(filters: ReportFilters, groupKey: number | string, onlyMissed: boolean, page: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.report, 'rounds', filters, groupKey, onlyMissed, page],
    queryFn: ({ signal }) => api.report.missedRounds(missedRoundsBody(filters, groupKey, onlyMissed, page), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** 导出: the server writes the .xlsx and answers its name ('' when there are no rows). */
export async function exportMissed(filters: ReportFilters) {
  const answer = await api.report.exportMissed(exportMissedBody(filters), { timeoutMs: EXPORT_TIMEOUT_MS });
  return answer.fileName.trim();
}
