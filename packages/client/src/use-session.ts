import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session.js';

/** The current session, re-rendering on login, logout, refresh and changes from other browser tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
