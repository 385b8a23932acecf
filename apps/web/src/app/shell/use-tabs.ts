import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigation, type Location } from 'react-router';
import { MSG } from '@guard-tour/client/messages';
import { useAccess } from '../../api/use-can';
import { findRoute, isTabPath, mayOpenPath } from '../routes';
import { closeAllTabs, closeTab, loadTabs, openTab, saveTabs, type OpenTab } from './tabs-state';

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
  const { can, home } = useAccess();
  const current = tabOf(location);
  const activeKey = current?.key;

  // Tabs of screens the account may no longer open (its role changed) are not restored.
  const [tabs, setTabs] = useState<OpenTab[]>(() =>
    loadTabs(sessionStorage, (path) => isTabPath(path) && mayOpenPath(path, can), home),
  );
  // Asking for a screen opens (or re-points) its tab at once, while its code still loads, so a second menu
  // click during that load does not lose the first one's tab. Once per address, so a tab closed while the
  // router is still on its way elsewhere is not opened again.
  // A screen the account may not open (typed by hand) shows 无权访问 without a tab of its own.
  const asked = tabOf(pending) ?? current;
  const wanted = asked && mayOpenPath(asked.key, can) ? asked : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if ((wanted?.to ?? null) !== openedFor) {
    setOpenedFor(wanted?.to ?? null);
    if (wanted) setTabs((open) => openTab(open, wanted.key, wanted.to));
  }

  useEffect(() => {
    saveTabs(sessionStorage, tabs);
  }, [tabs]);

  // A menu click opens its screen's tab there and then: the router shows the screen it asks for, or even its pending
  // address, only when React renders, and a second click landing before that render (a busy machine) lost the first
  // one's tab (shell.spec, clicking a tab goes back to its screen, failed so once in CI).
  const open = (path: string) => {
    if (isTabPath(path) && mayOpenPath(path, can)) setTabs((current) => openTab(current, path));
  };

  const select = useCallback(
    (key: string) => {
      const tab = tabs.find((candidate) => candidate.key === key);
      if (tab && key !== activeKey) void navigate(tab.to);
    },
    [tabs, activeKey, navigate],
  );

  const close = (key: string) => {
    // The screen is the address's: while a screen's code loads, React still shows the one before it (the navigation
    // renders in a transition) though the address has moved on. Closing the tab of the screen being opened must show
    // its neighbour too, or the address stays on a screen without a tab (shell.spec, closing the open screen's tab).
    const shown = tabOf(window.location)?.key ?? activeKey ?? '';
    const result = closeTab(tabs, key, shown, home);
    if (result.refused) {
      void message.warning(MSG.lastTab);
      return;
    }
    setTabs(result.tabs);
    if (result.goTo) void navigate(result.goTo.to);
  };

  const closeAll = () => {
    setTabs(closeAllTabs(home));
    if (activeKey !== home) void navigate(home);
  };

  const views: TabView[] = tabs.map((tab) => ({ ...tab, title: findRoute(tab.key)?.title ?? tab.key }));
  return { tabs: views, activeKey, open, select, close, closeAll };
}
