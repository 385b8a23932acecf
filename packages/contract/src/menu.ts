import type { PermissionKey } from './permissions.js';

/**
 * The full menu (DOMAIN.md, Menu and permissions): groups in order, each entry's title is also its page title.
 * The server answers GetUserFunTree from it; the web draws the side menu and titles from the reply.
 */
export interface MenuEntry {
  title: string;
  path: string;
  /** The key an account needs to open the screen (ROLES.md, Screens); absent: any account. */
  permission?: PermissionKey;
}
export interface MenuGroup {
  title: string;
  entries: readonly MenuEntry[];
}

export const MENU: readonly MenuGroup[] = [
  {
    title: '组织管理',
    entries: [
      { title: '组织管理', path: '/hold/manage', permission: 'hold.view' },
      { title: '账号管理', path: '/staff/manage', permission: 'staff.view' },
      { title: '角色管理', path: '/sys/roles', permission: 'role.view' },
    ],
  },
  {
    title: '设备管理',
    entries: [
      { title: '设备管理', path: '/device/manage', permission: 'device.view' },
      { title: '巡检点管理', path: '/patrol/card_manage', permission: 'card.view' },
      { title: '检查表', path: '/patrol/checklists', permission: 'card.view' },
    ],
  },
  {
    title: '巡检记录',
    entries: [
      { title: '巡检记录', path: '/patrol/records', permission: 'record.view' },
      { title: '打卡数据', path: '/patrol/data_manage', permission: 'record.view' },
      { title: '巡检点统计', path: '/patrol/total_by_pointer', permission: 'record.view' },
      { title: '设备统计', path: '/patrol/total_by_device', permission: 'record.view' },
      { title: '人员统计', path: '/patrol/total_by_user', permission: 'record.view' },
      { title: '漏检报表', path: '/patrol/missed_report', permission: 'record.view' },
      { title: '事件记录', path: '/patrol/events', permission: 'record.view' },
      { title: '隐患管理', path: '/patrol/hazards', permission: 'hazard.view' },
    ],
  },
  {
    title: '路线任务',
    entries: [
      { title: '路线管理', path: '/road/manage', permission: 'road.view' },
      { title: '路线状态', path: '/patrol_road/state', permission: 'road.view' },
      { title: '线路管理', path: '/patrol/road_manage', permission: 'road.view' },
      { title: '巡检任务', path: '/patrol/tasks', permission: 'task.view' },
      { title: '班次管理', path: '/patrol/shifts', permission: 'shift.view' },
      { title: '排班表', path: '/patrol/roster', permission: 'shift.view' },
    ],
  },
  {
    title: '系统管理',
    entries: [
      { title: '首页', path: '/home/dashboard', permission: 'dashboard.view' },
      { title: '操作日志', path: '/sys/opt_logs', permission: 'log.view' },
      { title: '登录日志', path: '/sys/login_logs', permission: 'log.view' },
      { title: '告警管理', path: '/sys/alerts', permission: 'alert.view' },
      { title: '告警推送', path: '/sys/webhooks', permission: 'webhook.edit' },
      { title: '定时报表', path: '/sys/digests', permission: 'digest.edit' },
    ],
  },
];

/** Routes outside the menu, with their titles. */
export const OTHER_ROUTES: readonly MenuEntry[] = [
  { title: '登录', path: '/login' },
  { title: '路线详情', path: '/patrol/road_detail', permission: 'road.view' },
  { title: '个人设置', path: '/sys/setting' },
  { title: '关于', path: '/about2' },
];

export const DEFAULT_TITLE = '巡检管理平台';

/** Organisation types (spec section 3). */
export const HoldType = { operator: 1, enterprise: 2, department: 3 } as const;
export type HoldType = (typeof HoldType)[keyof typeof HoldType];
