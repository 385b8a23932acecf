import { describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeTab,
  HOME_TAB,
  initialTabs,
  loadTabs,
  openTab,
  saveTabs,
  TABS_STORAGE_KEY,
  type OpenTab,
} from './tabs-state';

const tab = (key: string, to = key): OpenTab => ({ key, to });
const DEVICES = tab('/device/manage');
const LOGS = tab('/sys/opt_logs');

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('the tab strip', () => {
  it('starts with the Home tab only', () => {
    expect(initialTabs()).toEqual([HOME_TAB]);
  });

  it('opens a screen in a new tab at the end of the strip', () => {
    expect(openTab([HOME_TAB], DEVICES.key)).toEqual([HOME_TAB, DEVICES]);
  });

  it('activates an already open screen without opening it twice or reordering', () => {
    const tabs = [HOME_TAB, DEVICES, LOGS];
    expect(openTab(tabs, DEVICES.key)).toBe(tabs);
  });

  it('remembers the query a screen was last opened with', () => {
    const tabs = openTab([HOME_TAB, DEVICES], DEVICES.key, '/device/manage?hold=3');
    expect(tabs).toEqual([HOME_TAB, tab('/device/manage', '/device/manage?hold=3')]);
  });

  it('refuses to close the last remaining tab', () => {
    expect(closeTab([HOME_TAB], HOME_TAB.key, HOME_TAB.key)).toEqual({ refused: true });
    expect(closeTab([DEVICES], DEVICES.key, HOME_TAB.key)).toEqual({ refused: true });
  });

  it('closing a background tab keeps the page where it is', () => {
    expect(closeTab([HOME_TAB, DEVICES, LOGS], DEVICES.key, LOGS.key)).toEqual({
      refused: false,
      tabs: [HOME_TAB, LOGS],
      goTo: null,
    });
  });

  it('closing the active tab shows its right-hand neighbour, or the left one at the end', () => {
    expect(closeTab([HOME_TAB, DEVICES, LOGS], DEVICES.key, DEVICES.key)).toEqual({
      refused: false,
      tabs: [HOME_TAB, LOGS],
      goTo: LOGS,
    });
    expect(closeTab([HOME_TAB, DEVICES, LOGS], LOGS.key, LOGS.key)).toEqual({
      refused: false,
      tabs: [HOME_TAB, DEVICES],
      goTo: DEVICES,
    });
  });

  it('the Home tab may be closed while others stay open', () => {
    expect(closeTab([HOME_TAB, DEVICES], HOME_TAB.key, HOME_TAB.key)).toEqual({
      refused: false,
      tabs: [DEVICES],
      goTo: DEVICES,
    });
  });

  it('closing a tab that is not open changes nothing', () => {
    const tabs = [HOME_TAB, DEVICES];
    expect(closeTab(tabs, '/nowhere', HOME_TAB.key)).toEqual({ refused: false, tabs, goTo: null });
  });

  it('关闭所有标签 keeps only the Home tab', () => {
    expect(closeAllTabs()).toEqual([HOME_TAB]);
  });
});

describe('tabs across a reload', () => {
  const known = (path: string) => [HOME_TAB.key, DEVICES.key, LOGS.key].includes(path);

  it('come back in the order they were open', () => {
    const storage = memoryStorage();
    saveTabs(storage, [HOME_TAB, LOGS, DEVICES]);
    expect(loadTabs(storage, known)).toEqual([HOME_TAB, LOGS, DEVICES]);
  });

  it('drop screens that no longer exist, duplicates and malformed entries', () => {
    const storage = memoryStorage({
      [TABS_STORAGE_KEY]: JSON.stringify([HOME_TAB, tab('/gone'), DEVICES, DEVICES, { key: 1 }, 'x', null]),
    });
    expect(loadTabs(storage, known)).toEqual([HOME_TAB, DEVICES]);
  });

  it('fall back to the Home tab when nothing usable was stored', () => {
    expect(loadTabs(memoryStorage(), known)).toEqual([HOME_TAB]);
    expect(loadTabs(memoryStorage({ [TABS_STORAGE_KEY]: '{broken' }), known)).toEqual([HOME_TAB]);
    expect(loadTabs(memoryStorage({ [TABS_STORAGE_KEY]: '[]' }), known)).toEqual([HOME_TAB]);
  });
});
