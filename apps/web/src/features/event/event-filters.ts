import type { Dayjs } from 'dayjs';
import { DEFAULT_PRESET, PRESETS, presetSpan } from '../../components/day-span';
import type { PickedSpan } from '../../components/day-span-picker';
import { pagingOf, type ListFilters, type ListParams } from '../../components/paging';
import { deploymentNow } from '../../api/deployment-time';

/**
 * What 事件记录 sends (GUARD-APP.md, `events`): the organisation (and below), a span of days and the page. Pure, so
 * the mapping is tested without a browser.
 */
export interface EventFilters extends PickedSpan {
  includeChildren: boolean;
}

/** This month up to today, the organisation and below. */
export function defaultEventFilters(today: Dayjs = deploymentNow()): EventFilters {
  return { preset: DEFAULT_PRESET, ...presetSpan(DEFAULT_PRESET, today), includeChildren: true };
}

/** The list's applied filters → the screen's; none applied yet is the default. */
export function eventFiltersOf(filters: ListFilters | undefined, today: Dayjs = deploymentNow()): EventFilters {
  const fallback = defaultEventFilters(today);
  if (!filters) return fallback;
  const preset = PRESETS.find((value) => value === filters.preset) ?? null;
  const start = typeof filters.start_date === 'string' ? filters.start_date : '';
  const end = typeof filters.end_date === 'string' ? filters.end_date : '';
  return {
    preset,
    ...(start && end ? { start_date: start, end_date: end } : presetSpan(preset ?? DEFAULT_PRESET, today)),
    includeChildren: filters.includeChildren !== false,
  };
}

/** The screen's filters as the list keeps them (a hand-picked span has no preset: ''). */
export function listFiltersOf(filters: EventFilters): ListFilters {
  return {
    preset: filters.preset ?? '',
    start_date: filters.start_date,
    end_date: filters.end_date,
    includeChildren: filters.includeChildren,
  };
}

/** `Event/List`'s body; no organisation is the caller's own. */
export function eventListBody(params: ListParams, today: Dayjs = deploymentNow()) {
  const filters = eventFiltersOf(params.filters, today);
  return {
    holdId: params.holdId,
    includeChildren: filters.includeChildren,
    start_date: filters.start_date,
    end_date: filters.end_date,
    ...pagingOf(params),
  };
}
