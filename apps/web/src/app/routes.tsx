import type { ComponentType } from 'react';
import { DEFAULT_TITLE, MENU, OTHER_ROUTES, type PermissionKey } from '@guard-tour/contract';
import { pathPermission } from '../api/access';

/**
 * The one route table: every route of the spec (section 2), its layout and its screen.
 * Titles come from the contract's menu (MENU, OTHER_ROUTES), so menu, tabs and document.title agree.
 */
export type RouteLayout =
  /** No login needed, no shell. */
  | 'public'
  /** Top bar, side menu and tab strip. */
  | 'shell'
  /** Needs login but has no tab strip (opened in its own window). */
  | 'bare';

export interface AppRoute {
  path: string;
  title: string;
  layout: RouteLayout;
  /** The key an account needs to open it (ROLES.md, Screens); absent: any signed-in account. */
  permission?: PermissionKey;
  lazy: () => Promise<{ Component: ComponentType }>;
}

const TITLES = new Map<string, string>(
  [...MENU.flatMap((group) => group.entries), ...OTHER_ROUTES].map((entry) => [entry.path, entry.title]),
);
TITLES.set('/', TITLES.get('/login') ?? DEFAULT_TITLE);
/** 漏检报表's print view: its own window, outside the menu. */
export const MISSED_REPORT_PRINT_PATH = '/patrol/missed_report/print';
TITLES.set(MISSED_REPORT_PRINT_PATH, `${TITLES.get('/patrol/missed_report') ?? '漏检报表'}打印`);
/** 巡检点管理's 打印二维码: an A4 sheet of point labels in its own window, outside the menu. */
export const CARD_LABELS_PATH = '/patrol/card_labels';
TITLES.set(CARD_LABELS_PATH, '巡检点二维码');

function title(path: string): string {
  const found = TITLES.get(path);
  if (!found) throw new Error(`路由 ${path} 在菜单定义中没有标题`);
  return found;
}

const login = () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage }));

function screen(
  path: string,
  layout: RouteLayout,
  lazy: AppRoute['lazy'],
  permission: PermissionKey | undefined = pathPermission(path),
): AppRoute {
  return { path, title: title(path), layout, lazy, ...(permission ? { permission } : {}) };
}

export const ROUTES: readonly AppRoute[] = [
  screen('/', 'public', login),
  screen('/login', 'public', login),
  screen('/home/dashboard', 'shell', () =>
    import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  ),
  screen('/hold/manage', 'shell', () => import('../features/hold/hold-page').then((m) => ({ Component: m.HoldPage }))),
  screen('/staff/manage', 'shell', () =>
    import('../features/staff/staff-page').then((m) => ({ Component: m.StaffPage })),
  ),
  screen('/sys/roles', 'shell', () => import('../features/role/role-page').then((m) => ({ Component: m.RolePage }))),
  screen('/device/manage', 'shell', () =>
    import('../features/device/device-page').then((m) => ({ Component: m.DevicePage })),
  ),
  screen('/patrol/card_manage', 'shell', () =>
    import('../features/card/card-page').then((m) => ({ Component: m.CardPage })),
  ),
  screen('/patrol/records', 'shell', () =>
    import('../features/record/records-page').then((m) => ({ Component: m.RecordsPage })),
  ),
  screen('/patrol/data_manage', 'shell', () =>
    import('../features/record/punch-page').then((m) => ({ Component: m.ClockInPage })),
  ),
  screen('/patrol/total_by_pointer', 'shell', () =>
    import('../features/record/records-page').then((m) => ({ Component: m.CardTotalsPage })),
  ),
  screen('/patrol/total_by_device', 'shell', () =>
    import('../features/record/punch-page').then((m) => ({ Component: m.DevicePunchPage })),
  ),
  screen('/patrol/total_by_user', 'shell', () =>
    import('../features/record/punch-page').then((m) => ({ Component: m.UserPunchPage })),
  ),
  screen('/patrol/missed_report', 'shell', () =>
    import('../features/report/missed-report-page').then((m) => ({ Component: m.MissedReportPage })),
  ),
  screen(
    MISSED_REPORT_PRINT_PATH,
    'bare',
    () => import('../features/report/print-page').then((m) => ({ Component: m.MissedReportPrintPage })),
    'record.view',
  ),
  screen('/patrol/events', 'shell', () =>
    import('../features/event/event-page').then((m) => ({ Component: m.EventPage })),
  ),
  screen('/patrol/hazards', 'shell', () =>
    import('../features/inspection/hazard-page').then((m) => ({ Component: m.HazardPage })),
  ),
  screen('/patrol/checklists', 'shell', () =>
    import('../features/inspection/checklist-page').then((m) => ({ Component: m.ChecklistPage })),
  ),
  screen(
    CARD_LABELS_PATH,
    'bare',
    () => import('../features/card/label-page').then((m) => ({ Component: m.CardLabelPage })),
    'card.view',
  ),
  screen('/road/manage', 'shell', () =>
    import('../features/road/road-list-page').then((m) => ({ Component: m.RoadManagePage })),
  ),
  screen('/patrol_road/state', 'shell', () =>
    import('../features/road/road-list-page').then((m) => ({ Component: m.RoadStatePage })),
  ),
  screen('/patrol/road_manage', 'shell', () =>
    import('../features/road/road-info-page').then((m) => ({ Component: m.RoadInfoPage })),
  ),
  screen('/patrol/tasks', 'shell', () => import('../features/task/task-page').then((m) => ({ Component: m.TaskPage }))),
  screen('/patrol/shifts', 'shell', () =>
    import('../features/shift/shift-page').then((m) => ({ Component: m.ShiftPage })),
  ),
  screen('/patrol/roster', 'shell', () =>
    import('../features/shift/roster-page').then((m) => ({ Component: m.RosterPage })),
  ),
  screen('/sys/opt_logs', 'shell', () =>
    import('../features/syslog/syslog-page').then((m) => ({ Component: m.OperationLogPage })),
  ),
  screen('/sys/login_logs', 'shell', () =>
    import('../features/syslog/syslog-page').then((m) => ({ Component: m.LoginLogPage })),
  ),
  screen('/sys/alerts', 'shell', () =>
    import('../features/alert/alert-page').then((m) => ({ Component: m.AlertPage })),
  ),
  screen('/sys/webhooks', 'shell', () =>
    import('../features/webhook/webhook-page').then((m) => ({ Component: m.WebhookPage })),
  ),
  screen('/sys/digests', 'shell', () =>
    import('../features/digest/digest-page').then((m) => ({ Component: m.DigestPage })),
  ),
  screen('/patrol/road_detail', 'bare', () =>
    import('../features/road/road-detail-page').then((m) => ({ Component: m.RoadDetailPage })),
  ),
  screen('/sys/setting', 'shell', () =>
    import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  ),
  screen('/about2', 'shell', () => import('../features/about/about-page').then((m) => ({ Component: m.AboutPage }))),
];

const BY_PATH = new Map(ROUTES.map((route) => [route.path, route]));

export function findRoute(pathname: string): AppRoute | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return BY_PATH.get(normalised);
}

/** document.title of a path: the route's title, or the product name for unknown paths. */
export function pageTitle(pathname: string): string {
  const route = findRoute(pathname);
  return route ? `${route.title} - ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

/** Paths that open a tab in the tab strip. */
export function isTabPath(pathname: string): boolean {
  return findRoute(pathname)?.layout === 'shell';
}

/** Whether an account holding what `can` says may open the screen at `pathname` (unknown paths: yes, they 404). */
export function mayOpenPath(pathname: string, can: (key: PermissionKey) => boolean): boolean {
  const permission = findRoute(pathname)?.permission;
  return permission === undefined || can(permission);
}
