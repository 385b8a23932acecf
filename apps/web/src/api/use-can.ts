import type { PermissionKey } from '@guard-tour/contract';
import { useMemo } from 'react';
import { consoleAccessOf, heldKeysOf, holds, homePathOf, type ConsoleAccess, type HeldKeys } from './access';
import { useSession } from '@guard-tour/client/use-session';

/** The keys the signed-in account holds (re-rendering when login, checktoken or another tab changes them). */
export function useHeldKeys(): HeldKeys {
  const permissions = useSession()?.info?.permissions;
  return useMemo(() => heldKeysOf(permissions ? { permissions } : null), [permissions]);
}

/** `can('device.edit')`: whether a button the key guards is shown. */
export function useCan(): (key: PermissionKey) => boolean {
  const held = useHeldKeys();
  return useMemo(() => (key: PermissionKey) => holds(held, key), [held]);
}

export interface Access {
  can: (key: PermissionKey) => boolean;
  /** The account's first screen: 首页 when it may open it. */
  home: string;
  console: ConsoleAccess;
}

export function useAccess(): Access {
  const held = useHeldKeys();
  return useMemo(
    () => ({
      can: (key: PermissionKey) => holds(held, key),
      home: homePathOf(held),
      console: consoleAccessOf(held),
    }),
    [held],
  );
}
