/**
 * First path segments that probes and scanners ask for and the console never uses (its routes are the contract's
 * MENU and OTHER_ROUTES, console-paths.test.ts checks they stay apart): answered 404, not the console's page.
 */
export const NOT_CONSOLE = new Set([
  'healthz',
  'health',
  'livez',
  'readyz',
  'ready',
  'metrics',
  'status',
  'server-status',
  'actuator',
  'api',
  'admin',
  'administrator',
  'wp',
  'wordpress',
  'wp-admin',
  'wp-content',
  'wp-includes',
  'phpmyadmin',
  'pma',
  'myadmin',
  'cgi-bin',
  'vendor',
  'manager',
  'console',
  'solr',
  'jenkins',
  'owa',
  'autodiscover',
  'ecp',
  'boaform',
  'druid',
  'nacos',
  'hudson',
  'proxyserver',
]);

/**
 * Whether a GET of `url` is the console's to answer with its index.html (the client then routes it, or shows
 * 页面不存在): `/` and paths that look like a console address, without a dot (no file, no `/.env`, no
 * `/wp-login.php`) and outside the segments above. So `/patrol/road_detail?id=3` and a mistyped `/no/such/page` get
 * the console, while `/healthz`, `/metrics`, `/wp-admin`, `/.git/config`, `/phpmyadmin` and missing files get 404.
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
  return !NOT_CONSOLE.has(pathname.split('/').find(Boolean) ?? '');
}
