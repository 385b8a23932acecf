import { useQuery } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../api/query-keys';

/**
 * The pickers' choices several screens offer, each under its area's key (a save there refreshes them): nothing is
 * asked until the organisation is known.
 */

/** Roads of this organisation (and below): a task's road, the report's road filter. */
export function useRoadOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.road, 'options', holdId],
    queryFn: ({ signal }) => api.task.roadOptions({ holdId }, { signal }),
    enabled: holdId !== undefined,
  });
}

/** Accounts of this organisation (and below): a road's walkers, the report's account filter, 指派's picker. */
export function useAccountOptions(holdId: number | undefined) {
  return useQuery({
    queryKey: [...QUERY_KEYS.staff, 'options', holdId],
    queryFn: ({ signal }) => api.staff.accountOptions({ holdId }, { signal }),
    enabled: holdId !== undefined,
  });
}

/** Shifts of this organisation as select options (巡检方式 按班次, 责任班次); none without 查看排班. */
export function useShiftOptions(holdId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...QUERY_KEYS.shift, 'options', holdId],
    queryFn: ({ signal }) => api.shift.listShifts({ holdId }, { signal }),
    enabled: enabled && holdId !== undefined,
    select: (data) =>
      data.rows.map((s) => ({ value: s.shift_id, label: `${s.shift_name} ${s.start_time}-${s.end_time}` })),
  });
}
