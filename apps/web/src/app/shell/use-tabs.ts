import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '../../api/messages';
import { findRoute, isTabPath } from '../routes';
import { closeAllTabs, closeTab, HOME_PATH, loadTabs, openTab, saveTabs, type OpenTab } from './tabs-state';

export interface TabView extends OpenTab {
  title: string;
}

/** The tab strip bound to the URL: the current route is the active tab; tabs survive a reload. */
export function useTabs() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const route = findRoute(pathname);
  const activeKey = route?.layout === 'shell' ? route.path : undefined;
  const here = activeKey ? activeKey + search : null;

  const [tabs, setTabs] = useState<OpenTab[]>(() => loadTabs(sessionStorage, isTabPath));
  // Opening a screen opens (or re-points) its tab, once per arrival at a new address, so a tab
  // closed while the router is still on its way elsewhere is not opened again.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (here !== openedFor) {
    setOpenedFor(here);
    if (activeKey && here) setTabs((current) => openTab(current, activeKey, here));
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
