import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageTitle } from './routes';

/** Every page: keeps document.title in step with the route table. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return <Outlet />;
}
