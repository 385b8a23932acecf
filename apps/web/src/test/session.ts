import { PERMISSION_KEYS, type LoginResult } from '@guard-tour/contract';
import { startSession } from '@guard-tour/client/session';

/** What login answers for the installation's first administrator: 管理员, every key. */
export const ADMIN_ROLE = { roleId: 1, roleName: '管理员', permissions: [...PERMISSION_KEYS] } as const satisfies Pick<
  LoginResult,
  'roleId' | 'roleName' | 'permissions'
>;

/** A signed-in session holding exactly `permissions` (a role's keys), as login would start it. */
export function startSessionWith(permissions: readonly string[], patch: Partial<LoginResult> = {}): void {
  startSession({
    token: 'test-token',
    userName: 'tester',
    trueName: '测试员',
    userType: 2,
    serviceEnd: '',
    defaultPassword: false,
    timeZone: 'Asia/Shanghai',
    roleId: 99,
    roleName: '测试角色',
    permissions: [...permissions],
    ...patch,
  });
}
