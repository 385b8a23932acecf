import { createBrowserRouter, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '@guard-tour/client/browser';
import { PageLoading } from '../components/page-loading';
import { NotFoundPage } from './not-found-page';
import { queryClient } from './query-client';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ROUTES, type RouteLayout } from './routes';

function childrenOf(layout: RouteLayout): RouteObject[] {
  return ROUTES.filter((route) => route.layout === layout).map(({ path, lazy }) => ({ path, lazy }));
}

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      ...childrenOf('public'),
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./shell/shell-layout').then((m) => ({ Component: m.ShellLayout })),
            children: [...childrenOf('shell'), { path: '*', Component: NotFoundPage }],
          },
          {
            lazy: () => import('./shell/bare-layout').then((m) => ({ Component: m.BareLayout })),
            children: childrenOf('bare'),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 from any call: the client has already cleared the session; drop cached data and show login.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

/** Settles when the router has loaded the code of the first location's screens (its lazy routes). */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
