import { z } from 'zod';

/**
 * The permission catalogue (ROLES.md, Permissions): every key once, with its Chinese name and its menu group, in
 * menu order. The keys are pinned: clients and tests speak them.
 */
export const PERMISSIONS = [
  { key: 'dashboard.view', name: '查看首页', group: '首页' },
  { key: 'hold.view', name: '查看组织', group: '组织管理' },
  { key: 'hold.edit', name: '管理组织', group: '组织管理' },
  { key: 'staff.view', name: '查看账号', group: '组织管理' },
  { key: 'staff.edit', name: '管理账号', group: '组织管理' },
  { key: 'role.view', name: '查看角色', group: '组织管理' },
  { key: 'role.edit', name: '管理角色', group: '组织管理' },
  { key: 'device.view', name: '查看设备', group: '设备管理' },
  { key: 'device.edit', name: '管理设备', group: '设备管理' },
  { key: 'card.view', name: '查看巡检点', group: '设备管理' },
  { key: 'card.edit', name: '管理巡检点', group: '设备管理' },
  { key: 'checklist.edit', name: '管理检查表', group: '设备管理' },
  { key: 'record.view', name: '查看巡检记录', group: '巡检记录' },
  { key: 'record.export', name: '导出', group: '巡检记录' },
  { key: 'hazard.view', name: '查看隐患', group: '巡检记录' },
  { key: 'hazard.assign', name: '指派隐患', group: '巡检记录' },
  { key: 'hazard.verify', name: '复核隐患', group: '巡检记录' },
  { key: 'road.view', name: '查看路线', group: '路线任务' },
  { key: 'road.edit', name: '管理路线', group: '路线任务' },
  { key: 'task.view', name: '查看任务', group: '路线任务' },
  { key: 'task.edit', name: '管理任务', group: '路线任务' },
  { key: 'shift.view', name: '查看排班', group: '路线任务' },
  { key: 'shift.edit', name: '管理排班', group: '路线任务' },
  { key: 'log.view', name: '查看日志', group: '系统管理' },
  { key: 'alert.view', name: '查看告警', group: '系统管理' },
  { key: 'alert.handle', name: '处理告警', group: '系统管理' },
  { key: 'webhook.edit', name: '管理告警推送', group: '系统管理' },
  { key: 'digest.edit', name: '管理定时报表', group: '系统管理' },
  { key: 'app.use', name: '使用巡检助手', group: '巡检助手' },
] as const;

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];
export interface Permission {
  key: PermissionKey;
  name: string;
  group: string;
}

export const PERMISSION_KEYS: readonly PermissionKey[] = PERMISSIONS.map((p) => p.key);
const NAMES = new Map<string, string>(PERMISSIONS.map((p) => [p.key, p.name]));

export function isPermissionKey(key: string): key is PermissionKey {
  return NAMES.has(key);
}

/** The Chinese name of a key (the key itself for one the catalogue does not know). */
export function permissionName(key: string): string {
  return NAMES.get(key) ?? key;
}

/**
 * What a bearer call needs: one key, any one of several keys (a picker several screens share), or only a live
 * session (`checktoken`, `Logout`, …). Public and terminal calls need none.
 */
export type PermissionRule = PermissionKey | readonly PermissionKey[] | 'session';

/** The keys a rule names (none for a session-only call). */
export function keysOf(rule: PermissionRule): readonly PermissionKey[] {
  if (rule === 'session') return [];
  return typeof rule === 'string' ? [rule] : rule;
}

/** Whether a holder of `held` may make a call guarded by `rule`. */
export function allows(rule: PermissionRule, held: ReadonlySet<string>): boolean {
  if (rule === 'session') return true;
  return keysOf(rule).some((key) => held.has(key));
}

/** An app session (the guard app's login) may make only these calls: the app's own and the session calls. */
export function allowsAppSession(rule: PermissionRule): boolean {
  return rule === 'session' || keysOf(rule).includes('app.use');
}

/** The refusal's text, naming the (first) permission the call needs. */
export function deniedMessage(rule: PermissionRule): string {
  const [first] = keysOf(rule);
  return `无权限执行此操作（需要「${permissionName(first ?? '')}」权限）`;
}

export const roleMessages = {
  grantDenied: '不能授予本账号没有的权限',
  ownRole: '不能修改本账号的角色',
  lastAdmin: '至少保留一个运营商的管理员账号',
  nameTaken: '该角色名称已存在',
  inUse: '该角色下还有账号，无法删除',
  builtin: '内置角色不能修改或删除',
  appDenied: '此账号没有使用巡检助手的权限',
  appOnly: '此账号仅可使用巡检助手',
  otherDevice: '只能使用本机上传',
  unknownKey: (key: string) => `未知的权限：${key}`,
} as const;

/** The four built-in roles (ROLES.md, Roles): in every installation, neither edited nor removed. */
export const BuiltinRole = { admin: 1, supervisor: 2, guard: 3, readOnly: 4 } as const;

const VIEW_KEYS = PERMISSION_KEYS.filter((key) => key.endsWith('.view'));

export const BUILTIN_ROLES: readonly { role_id: number; role_name: string; permissions: readonly PermissionKey[] }[] = [
  { role_id: BuiltinRole.admin, role_name: '管理员', permissions: PERMISSION_KEYS },
  {
    role_id: BuiltinRole.supervisor,
    role_name: '主管',
    permissions: [
      ...VIEW_KEYS,
      'record.export',
      'alert.handle',
      'digest.edit',
      'checklist.edit',
      'hazard.assign',
      'hazard.verify',
      'app.use',
    ],
  },
  { role_id: BuiltinRole.guard, role_name: '巡检员', permissions: ['app.use'] },
  {
    role_id: BuiltinRole.readOnly,
    role_name: '只读',
    permissions: [
      'dashboard.view',
      'record.view',
      'record.export',
      'road.view',
      'task.view',
      'card.view',
      'alert.view',
      'hazard.view',
    ],
  },
];

/** The keys a built-in role holds (in catalogue order), or undefined for a custom role's id. */
export function builtinPermissions(roleId: number): readonly PermissionKey[] | undefined {
  return BUILTIN_ROLES.find((role) => role.role_id === roleId)?.permissions;
}

/** A catalogue entry as `Role/Permissions` answers it. */
export const permissionEntry = z.object({ key: z.string(), name: z.string(), group: z.string() });
