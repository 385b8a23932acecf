import type { DashboardSummary } from '@guard-tour/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../../api/query-keys';

/** DOMAIN.md, Dashboard: the screen refreshes itself every 60 s. */
export const REFRESH_MS = 60_000;
/** Spec section 9: the dashboard's table shows 20 rows a page. */
export const TODAY_PAGE_SIZE = 20;
/** The two charts cover the last 7 days. */
export const TREND_DAYS = 7;

/** Today's figures for the caller's scope; null when the server answered without a row. */
export async function getSummary(signal?: AbortSignal): Promise<DashboardSummary | null> {
  const rows = await api.dashboard.summary({}, { signal });
  return rows[0] ?? null;
}

/** Today's punches, newest first, 20 a page. */
export function listTodayPunches(page: number, signal?: AbortSignal) {
  return api.dashboard.todayPunches({ page, pageSize: TODAY_PAGE_SIZE }, { signal });
}

/** Punches and completion rate per day, oldest first. */
export function getTrend(signal?: AbortSignal) {
  return api.dashboard.trend({ days: TREND_DAYS }, { signal });
}

/** The points behind today's missed-checks figure. */
export function listMissedToday(signal?: AbortSignal) {
  return api.dashboard.missedToday({}, { signal });
}

export function useSummary() {
  return useQuery({
    queryKey: [...QUERY_KEYS.dashboard, 'summary'],
    queryFn: ({ signal }) => getSummary(signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useTodayPunches(page: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.dashboard, 'today', page],
    queryFn: ({ signal }) => listTodayPunches(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useTrend() {
  return useQuery({
    queryKey: [...QUERY_KEYS.dashboard, 'trend', TREND_DAYS],
    queryFn: ({ signal }) => getTrend(signal),
    refetchInterval: REFRESH_MS,
  });
}

/** Asked only while the list is open, and afresh at each opening (the figure may have moved). */
export function useMissedToday(open: boolean) {
  return useQuery({
    queryKey: [...QUERY_KEYS.dashboard, 'missed'],
    queryFn: ({ signal }) => listMissedToday(signal),
    enabled: open,
    staleTime: 0,
    refetchInterval: open ? REFRESH_MS : false,
  });
}
