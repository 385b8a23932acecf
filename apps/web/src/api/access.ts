import { MENU, OTHER_ROUTES, type MenuEntry, type PermissionKey, type SessionInfo } from '@guard-tour/contract';

/**
 * What the signed-in account may do in the console (ROLES.md, Screens): the keys login and checktoken answer.
 * The server refuses every call without its key whatever the console shows; the console only leaves out what would
 * be refused. `null` is a session whose keys are not known yet (stored by an older console, before checktoken
 * refreshes it): nothing is hidden then, the server still decides.
 */
export type HeldKeys = ReadonlySet<string> | null;

export function heldKeysOf(info: Pick<SessionInfo, 'permissions'> | null | undefined): HeldKeys {
  return Array.isArray(info?.permissions) ? new Set(info.permissions) : null;
}

export function holds(held: HeldKeys, key: PermissionKey): boolean {
  return held === null || held.has(key);
}

/** The dashboard is home when it may be opened; otherwise the first screen of the menu that may. */
export const DASHBOARD_PATH = '/home/dashboard';

const MENU_ENTRIES: readonly MenuEntry[] = MENU.flatMap((group) => group.entries);
const BY_PATH = new Map<string, MenuEntry>([...MENU_ENTRIES, ...OTHER_ROUTES].map((entry) => [entry.path, entry]));

/** The key a path needs (MENU's and OTHER_ROUTES' `permission`), or undefined when any account may open it. */
export function pathPermission(path: string): PermissionKey | undefined {
  return BY_PATH.get(path)?.permission;
}

/** Whether the account may open a screen that needs `permission` (none: any account). */
export function mayOpen(held: HeldKeys, permission: PermissionKey | undefined): boolean {
  return permission === undefined || holds(held, permission);
}

/** The menu screens the account may open, in menu order. */
export function openScreens(held: HeldKeys): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => mayOpen(held, entry.permission));
}

/** Where the console starts for this account: 首页 when held, else the first screen it may open. */
export function homePathOf(held: HeldKeys): string {
  if (mayOpen(held, pathPermission(DASHBOARD_PATH))) return DASHBOARD_PATH;
  return openScreens(held)[0]?.path ?? DASHBOARD_PATH;
}

/**
 * An account that may open no screen of the console: a 巡检员 (only `app.use`) is sent to the guard app; an account
 * holding nothing at all is told so.
 */
export type ConsoleAccess = 'console' | 'app-only' | 'none';

export function consoleAccessOf(held: HeldKeys): ConsoleAccess {
  if (held === null || openScreens(held).length > 0) return 'console';
  return held.has('app.use') ? 'app-only' : 'none';
}
