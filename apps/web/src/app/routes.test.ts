import { DEFAULT_TITLE, MENU } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { findRoute, isTabPath, mayOpenPath, pageTitle, ROUTES } from './routes';

// Spec section 2, every route.
const SPEC_ROUTES = [
  '/',
  '/login',
  '/home/dashboard',
  '/hold/manage',
  '/device/manage',
  '/patrol/card_manage',
  '/patrol/road_manage',
  '/patrol/road_detail',
  '/patrol/data_manage',
  '/staff/manage',
  '/patrol/records',
  '/patrol/total_by_pointer',
  '/patrol/total_by_device',
  '/patrol/total_by_user',
  '/patrol_road/state',
  '/sys/opt_logs',
  '/sys/login_logs',
  '/patrol/tasks',
  '/sys/setting',
  '/road/manage',
  '/about2',
];

// ACCOUNTABILITY.md, Reports: 漏检报表 and its print view.
const REPORT_ROUTES = ['/patrol/missed_report', '/patrol/missed_report/print'];

// ACCOUNTABILITY.md, Alerts and Webhooks: 告警管理 and 告警推送 under 系统管理.
const ALERT_ROUTES = ['/sys/alerts', '/sys/webhooks'];

// GUARD-APP.md: 事件记录, and 巡检点管理's label sheet.
const GUARD_APP_ROUTES = ['/patrol/events', '/patrol/card_labels'];

// ROLES.md: 角色管理 under 组织管理.
const ROLE_ROUTES = ['/sys/roles'];

// INSPECTION.md: 检查表 under 设备管理, 隐患管理 under 巡检记录.
const INSPECTION_ROUTES = ['/patrol/checklists', '/patrol/hazards'];

// DIGESTS.md: 定时报表 under 系统管理.
const DIGEST_ROUTES = ['/sys/digests'];

// SHIFTS.md: 班次管理 and 排班表 under 路线任务.
const SHIFT_ROUTES = ['/patrol/shifts', '/patrol/roster'];

describe('the route table', () => {
  it('has every route of the spec, once', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual(
      [
        ...SPEC_ROUTES,
        ...REPORT_ROUTES,
        ...ALERT_ROUTES,
        ...GUARD_APP_ROUTES,
        ...ROLE_ROUTES,
        ...SHIFT_ROUTES,
        ...INSPECTION_ROUTES,
        ...DIGEST_ROUTES,
      ].sort(),
    );
  });

  it('gives every menu entry a tab with the menu’s own title', () => {
    for (const entry of MENU.flatMap((group) => group.entries)) {
      expect(findRoute(entry.path)?.title).toBe(entry.title);
      expect(isTabPath(entry.path)).toBe(true);
    }
  });

  it('titles pages from the route, with the product name as fallback', () => {
    expect(pageTitle('/device/manage')).toBe(`设备管理 - ${DEFAULT_TITLE}`);
    expect(pageTitle('/device/manage/')).toBe(`设备管理 - ${DEFAULT_TITLE}`);
    expect(pageTitle('/no/such/page')).toBe(DEFAULT_TITLE);
  });

  it('opens road detail and login outside the tab strip', () => {
    expect(isTabPath('/patrol/road_detail')).toBe(false);
    expect(isTabPath('/login')).toBe(false);
    expect(isTabPath('/sys/setting')).toBe(true);
  });
});

describe('who may open a route (ROLES.md, Screens)', () => {
  const holding =
    (...keys: string[]) =>
    (key: string) =>
      keys.includes(key);

  it('asks each menu screen’s key, and the two sheets outside the menu the key of the screen they print', () => {
    const entries = new Map(MENU.flatMap((group) => group.entries).map((entry) => [entry.path, entry]));
    for (const route of ROUTES.filter((one) => entries.has(one.path))) {
      expect(route.permission).toBe(entries.get(route.path)?.permission);
    }
    expect(findRoute('/patrol/missed_report/print')?.permission).toBe('record.view');
    expect(findRoute('/patrol/card_labels')?.permission).toBe('card.view');
    expect(findRoute('/patrol/road_detail')?.permission).toBe('road.view');
  });

  it('lets any signed-in account open 个人设置 and 关于, and a 只读 account not 设备管理', () => {
    const readOnly = holding('dashboard.view', 'record.view', 'card.view');
    expect(mayOpenPath('/sys/setting', readOnly)).toBe(true);
    expect(mayOpenPath('/about2', readOnly)).toBe(true);
    expect(mayOpenPath('/patrol/card_manage', readOnly)).toBe(true);
    expect(mayOpenPath('/device/manage', readOnly)).toBe(false);
    expect(mayOpenPath('/sys/roles', readOnly)).toBe(false);
    expect(mayOpenPath('/sys/roles/', holding('role.view'))).toBe(true);
  });
});
