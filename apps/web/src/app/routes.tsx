import type { ComponentType } from 'react';
import { DEFAULT_TITLE, MENU, OTHER_ROUTES } from '@guard-tour/contract';
import { UnderConstruction } from '../components/under-construction';

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
  lazy: () => Promise<{ Component: ComponentType }>;
}

const TITLES = new Map<string, string>(
  [...MENU.flatMap((group) => group.entries), ...OTHER_ROUTES].map((entry) => [entry.path, entry.title]),
);
TITLES.set('/', TITLES.get('/login') ?? DEFAULT_TITLE);

function title(path: string): string {
  const found = TITLES.get(path);
  if (!found) throw new Error(`路由 ${path} 在菜单定义中没有标题`);
  return found;
}

const login = () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage }));

function screen(path: string, layout: RouteLayout, lazy: AppRoute['lazy']): AppRoute {
  return { path, title: title(path), layout, lazy };
}

/** A screen that is not built yet: the shared placeholder with one line on what it will do. */
function soon(path: string, description: string, layout: RouteLayout = 'shell'): AppRoute {
  const routeTitle = title(path);
  const Component = () => <UnderConstruction title={routeTitle} description={description} />;
  return { path, title: routeTitle, layout, lazy: () => Promise.resolve({ Component }) };
}

export const ROUTES: readonly AppRoute[] = [
  screen('/', 'public', login),
  screen('/login', 'public', login),
  screen('/home/dashboard', 'shell', () =>
    import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  ),
  soon('/hold/manage', '按组织树查看、新增、编辑和删除组织（运营商、企业、部门）及其管理账号。'),
  soon('/staff/manage', '按组织查看和维护巡检账号：账号、姓名、所属组织与备注。'),
  soon('/device/manage', '登记巡检设备（IMEI/SN），批量导入、分配到组织、编辑和删除。'),
  soon('/patrol/card_manage', '登记巡检点卡号、名称和位置，并按组织查询、编辑和删除。'),
  soon('/patrol/records', '按时间范围、组织、巡检点和设备查询巡检记录并导出。'),
  soon('/patrol/data_manage', '按本周、上周、本月、上月查询打卡数据并导出。'),
  soon('/patrol/total_by_pointer', '按巡检点统计每天的打卡次数并导出。'),
  soon('/patrol/total_by_device', '按设备查询和统计打卡记录并导出。'),
  soon('/patrol/total_by_user', '按人员查询和统计打卡记录并导出。'),
  soon('/road/manage', '维护巡检路线：账号、周期、时间段和巡检点，查看路线状态。'),
  soon('/patrol_road/state', '查看各路线今天的运行状态：未开始、进行中、已结束、异常、关闭。'),
  soon('/patrol/road_manage', '路线的简化维护：名称、巡检点和备注。'),
  soon('/patrol/tasks', '把路线分配给巡检设备，设置周期、时间段和到期日期。'),
  soon('/sys/opt_logs', '查看新增、修改、删除、导入、导出等操作日志。'),
  soon('/sys/login_logs', '查看登录成功、失败和退出的记录及来源地址。'),
  soon('/patrol/road_detail', '在新窗口中新增或编辑一条巡检路线。', 'bare'),
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
