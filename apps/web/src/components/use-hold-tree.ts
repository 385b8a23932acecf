import type { HoldTreeNode } from '@guard-tour/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../api/query-keys';

/** Under the organisation area's key, so a save there refreshes lists and tree together. */
export const HOLD_TREE_KEY = [...QUERY_KEYS.hold, 'tree'] as const;

/** The organisations the caller may see, rooted at the caller's own one. */
export async function getHoldTree(signal?: AbortSignal): Promise<HoldTreeNode[]> {
  const data: HoldTreeNode[] | null = await api.hold.holdTree(undefined, { signal });
  return Array.isArray(data) ? data : [];
}

/** The one organisation-tree query every list screen and form shares. */
export function useHoldTree() {
  return useQuery({ queryKey: HOLD_TREE_KEY, queryFn: ({ signal }) => getHoldTree(signal) });
}
