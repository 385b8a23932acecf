import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { getSession, updateSessionInfo } from '@guard-tour/client/session';
import { QUERY_KEYS } from '../api/query-keys';
import { useAccess } from '../api/use-can';
import { useSession } from '@guard-tour/client/use-session';
import { PageLoading } from '../components/page-loading';
import { checkToken } from '../features/auth/api';

const AppOnlyPage = lazy(() => import('./app-only-page').then((m) => ({ default: m.AppOnlyPage })));

/**
 * Screens behind login. An account that may open no screen of the console (a 巡检员) sees, instead of the menu,
 * where its guard app is (ROLES.md). With a stored token the page shows at once, while checktoken refreshes
 * who the user is; a revoked or expired token (401) ends the session through the HTTP client.
 */
export function RequireAuth() {
  const session = useSession();
  const access = useAccess().console;
  const queryClient = useQueryClient();
  useQuery({
    queryKey: [...QUERY_KEYS.session, 'checktoken', session?.token],
    queryFn: async () => {
      const before = getSession()?.info?.permissions;
      const info = await checkToken();
      updateSessionInfo(info);
      // A role changed since login: the menu follows the keys now held.
      if (JSON.stringify(before) !== JSON.stringify(info.permissions)) {
        void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.menu });
      }
      return info;
    },
    enabled: Boolean(session),
    staleTime: Infinity,
  });

  if (!session) return <Navigate to="/login" replace />;
  if (access !== 'console') {
    return (
      <Suspense fallback={<PageLoading />}>
        <AppOnlyPage hasApp={access === 'app-only'} />
      </Suspense>
    );
  }
  return <Outlet />;
}
