import { useQuery } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../api/query-keys';

/** Under the organisation area's key, so a save there refreshes lists and tree together. */
export const HOLD_TREE_KEY = [...QUERY_KEYS.hold, 'tree'] as const;

/** The organisations the caller may see, rooted at the caller's own one. */
export function getHoldTree(signal?: AbortSignal) {
  return api.hold.holdTree(undefined, { signal });
}

/** The one organisation-tree query every list screen and form shares. */
export function useHoldTree() {
  return useQuery({ queryKey: HOLD_TREE_KEY, queryFn: ({ signal }) => getHoldTree(signal) });
}
