import { MENU, OTHER_ROUTES } from '@guard-tour/contract';

/** Every path the console routes (apps/web/src/app/routes.tsx): the menu, the pages outside it, its print view. */
const CONSOLE_ROUTES = [...MENU.flatMap((group) => group.entries), ...OTHER_ROUTES].map((entry) => entry.path);

/** The first segments of those paths (`hold`, `patrol`, `sys`, `login`, …): the console's own areas. */
const CONSOLE_AREAS = new Set(CONSOLE_ROUTES.map((route) => route.split('/')[1]?.toLowerCase()).filter(Boolean));

/**
 * Whether a GET of `url` is the console's to answer with its index.html (the client then routes it, or shows
 * 页面不存在). `/` and every path under one of the console's areas without a dot, so `/patrol/road_detail?id=3` and
 * a mistyped `/patrol/nothing` get the console, while probes and scanners (`/healthz`, `/metrics`, `/wp-admin`,
 * `/.env`, `/wp-login.php`, `/.git/config`, `/phpmyadmin`) and missing files get a plain 404.
 */
export function isConsolePath(url: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '').toLowerCase();
  } catch {
    return false;
  }
  if (pathname === '/') return true;
  if (pathname.includes('.') || pathname.includes('\\')) return false;
  return CONSOLE_AREAS.has(pathname.split('/')[1] ?? '');
}
