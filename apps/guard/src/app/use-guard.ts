import { useSyncExternalStore } from 'react';
import { getGuardState, subscribeGuard, type GuardState } from './guard-store';

export function useGuard(): GuardState {
  return useSyncExternalStore(subscribeGuard, getGuardState, getGuardState);
}
