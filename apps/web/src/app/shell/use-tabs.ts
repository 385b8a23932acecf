import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigation, type Location } from 'react-router';
import { MSG } from '../../api/messages';
import { findRoute, isTabPath } from '../routes';
import { closeAllTabs, closeTab, HOME_PATH, loadTabs, openTab, saveTabs, type OpenTab } from './tabs-state';

export interface TabView extends OpenTab {
  title: string;
}

/** The tab a location belongs to (a screen of the shell), with the address it was opened at. */
function tabOf(location: Pick<Location, 'pathname' | 'search'> | undefined): OpenTab | null {
  const route = location ? findRoute(location.pathname) : undefined;
  return route?.layout === 'shell' && location ? { key: route.path, to: route.path + location.search } : null;
}

/** The tab strip bound to the URL: the current route is the active tab; tabs survive a reload. */
export function useTabs() {
  const location = useLocation();
  const pending = useNavigation().location;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const current = tabOf(location);
  const activeKey = current?.key;

  const [tabs, setTabs] = useState<OpenTab[]>(() => loadTabs(sessionStorage, isTabPath));
  // Asking for a screen opens (or re-points) its tab at once, while its code still loads, so a second menu
  // click during that load does not lose the first one's tab. Once per address, so a tab closed while the
  // router is still on its way elsewhere is not opened again.
  const wanted = tabOf(pending) ?? current;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if ((wanted?.to ?? null) !== openedFor) {
    setOpenedFor(wanted?.to ?? null);
    if (wanted) setTabs((open) => openTab(open, wanted.key, wanted.to));
  }

  useEffect(() => {
    saveTabs(sessionStorage, tabs);
  }, [tabs]);

  const select = useCallback(
    (key: string) => {
      const tab = tabs.find((candidate) => candidate.key === key);
      if (tab && key !== activeKey) void navigate(tab.to);
    },
    [tabs, activeKey, navigate],
  );

  const close = useCallback(
    (key: string) => {
      const result = closeTab(tabs, key, activeKey ?? '');
      if (result.refused) {
        void message.warning(MSG.lastTab);
        return;
      }
      setTabs(result.tabs);
      if (result.goTo) void navigate(result.goTo.to);
    },
    [tabs, activeKey, navigate, message],
  );

  const closeAll = useCallback(() => {
    setTabs(closeAllTabs());
    if (activeKey !== HOME_PATH) void navigate(HOME_PATH);
  }, [activeKey, navigate]);

  const views: TabView[] = tabs.map((tab) => ({ ...tab, title: findRoute(tab.key)?.title ?? tab.key }));
  return { tabs: views, activeKey, select, close, closeAll };
}
