import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { updateSessionInfo } from '../api/session';
import { useSession } from '../api/use-session';
import { checkToken } from '../features/auth/api';

/**
 * Screens behind login. With a stored token the page shows at once, while checktoken refreshes
 * who the user is; a revoked or expired token (401) ends the session through the HTTP client.
 */
export function RequireAuth() {
  const session = useSession();
  useQuery({
    queryKey: ['session', 'checktoken', session?.token],
    queryFn: async () => {
      const info = await checkToken();
      updateSessionInfo(info);
      return info;
    },
    enabled: Boolean(session),
    staleTime: Infinity,
  });

  if (!session) return <Navigate to="/login" replace />;
  return <Outlet />;
}
