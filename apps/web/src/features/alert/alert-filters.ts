import { ALERT_KIND_TEXT, ALERT_KINDS, ALERT_STATE_TEXT, AlertState, type AlertListInput } from '@guard-tour/contract';
import { pagingOf, type ListFilters, type ListParams } from '../../components/paging';

/** 告警管理's filters as applied (kept in the list's params): 0 / -1 mean 全部, '' no date. */
export interface AlertFilters {
  kind: number;
  state: number;
  start_date: string;
  end_date: string;
  includeChildren: boolean;
}

export const ALL_KINDS = 0;
export const ALL_STATES = -1;

export const DEFAULT_ALERT_FILTERS: AlertFilters = {
  kind: ALL_KINDS,
  state: ALL_STATES,
  start_date: '',
  end_date: '',
  includeChildren: true,
};

export const KIND_OPTIONS = [
  { value: ALL_KINDS, label: '全部' },
  ...ALERT_KINDS.map((kind) => ({ value: kind as number, label: ALERT_KIND_TEXT[kind] })),
];

export const STATE_OPTIONS = [
  { value: ALL_STATES, label: '全部' },
  { value: AlertState.open as number, label: ALERT_STATE_TEXT[AlertState.open] },
  { value: AlertState.responded as number, label: ALERT_STATE_TEXT[AlertState.responded] },
  { value: AlertState.handled as number, label: ALERT_STATE_TEXT[AlertState.handled] },
];

const dayOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
const oneOf = (value: unknown, options: { value: number }[], fallback: number) =>
  options.some((option) => option.value === value) ? (value as number) : fallback;

/** The list's stored filters read back; anything unknown is 全部. */
export function alertFiltersOf(filters: ListFilters | undefined): AlertFilters {
  return {
    kind: oneOf(filters?.kind, KIND_OPTIONS, ALL_KINDS),
    state: oneOf(filters?.state, STATE_OPTIONS, ALL_STATES),
    start_date: dayOf(filters?.start_date),
    end_date: dayOf(filters?.end_date),
    includeChildren: filters?.includeChildren !== false,
  };
}

/** `Alert/List`'s body: 全部 and empty dates are left out. */
export function alertListBody(params: ListParams): AlertListInput {
  const filters = alertFiltersOf(params.filters);
  return {
    holdId: params.holdId,
    includeChildren: filters.includeChildren,
    ...(filters.kind === ALL_KINDS ? {} : { kind: filters.kind }),
    ...(filters.state === ALL_STATES ? {} : { state: filters.state }),
    ...(filters.start_date ? { start_date: filters.start_date } : {}),
    ...(filters.end_date ? { end_date: filters.end_date } : {}),
    ...pagingOf(params),
  };
}
