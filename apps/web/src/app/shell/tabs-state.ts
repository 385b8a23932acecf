/**
 * The tab strip's rules, free of React: which tabs are open, in which order, and what closing one does.
 * The active tab is always the current URL's path, so it is passed in rather than stored.
 */
export interface OpenTab {
  /** The route's path: one tab per screen. */
  key: string;
  /** Where clicking the tab goes (the path plus the query it was last opened with). */
  to: string;
}

/** Home is 首页, or for an account that may not open it its first screen (ROLES.md): passed in as `home`. */
export const HOME_PATH = '/home/dashboard';
export const HOME_TAB: OpenTab = { key: HOME_PATH, to: HOME_PATH };
export const TABS_STORAGE_KEY = 'gt.tabs';

const homeTab = (home: string): OpenTab => ({ key: home, to: home });

export function initialTabs(home: string = HOME_PATH): OpenTab[] {
  return [homeTab(home)];
}

/** Opens a tab for the path, or re-points an open one at the new query; order never changes. */
export function openTab(tabs: readonly OpenTab[], key: string, to: string = key): OpenTab[] {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index === -1) return [...tabs, { key, to }];
  if (tabs[index]?.to === to) return tabs as OpenTab[];
  return tabs.map((tab, i) => (i === index ? { key, to } : tab));
}

export type CloseResult =
  | { refused: true }
  | {
      refused: false;
      tabs: OpenTab[];
      /** The tab to show next, when the active one was closed. */ goTo: OpenTab | null;
    };

/** Closes a tab. The last remaining tab cannot be closed; closing the active one activates its neighbour. */
export function closeTab(
  tabs: readonly OpenTab[],
  key: string,
  activeKey: string,
  home: string = HOME_PATH,
): CloseResult {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index === -1) return { refused: false, tabs: tabs as OpenTab[], goTo: null };
  if (tabs.length <= 1) return { refused: true };
  const rest = tabs.filter((tab) => tab.key !== key);
  if (key !== activeKey) return { refused: false, tabs: rest, goTo: null };
  // The right-hand neighbour takes its place, or the left one when it was the last.
  const next = rest[Math.min(index, rest.length - 1)] ?? homeTab(home);
  return { refused: false, tabs: rest, goTo: next };
}

/** 关闭所有标签: only the home tab stays. */
export function closeAllTabs(home: string = HOME_PATH): OpenTab[] {
  return [homeTab(home)];
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function isOpenTab(value: unknown): value is OpenTab {
  if (typeof value !== 'object' || value === null) return false;
  const { key, to } = value as Record<string, unknown>;
  return typeof key === 'string' && typeof to === 'string' && to.startsWith(key);
}

/** Restores the open tabs after a reload, keeping only paths that still have a tab route. */
export function loadTabs(
  storage: StorageLike,
  isTabPath: (path: string) => boolean,
  home: string = HOME_PATH,
): OpenTab[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(TABS_STORAGE_KEY) ?? 'null');
    if (!Array.isArray(value)) return initialTabs(home);
    const seen = new Set<string>();
    const tabs = value.filter(isOpenTab).filter((tab) => {
      if (seen.has(tab.key) || !isTabPath(tab.key)) return false;
      seen.add(tab.key);
      return true;
    });
    return tabs.length > 0 ? tabs.map(({ key, to }) => ({ key, to })) : initialTabs(home);
  } catch {
    return initialTabs(home);
  }
}

export function saveTabs(storage: StorageLike, tabs: readonly OpenTab[]): void {
  try {
    storage.setItem(TABS_STORAGE_KEY, JSON.stringify(tabs));
  } catch {
    // Storage full or disabled: tabs then simply do not survive a reload.
  }
}
