import { builtinPermissions, isPermissionKey, type LoginClient, type PermissionKey } from '@guard-tour/contract';

/**
 * The keys a role holds: a built-in role's from the contract (管理员 every key, new ones included), a custom role's
 * as stored, less any key the catalogue no longer knows.
 */
export function roleKeys(roleId: number, builtin: boolean, stored: readonly string[]): PermissionKey[] {
  if (builtin) return [...(builtinPermissions(roleId) ?? [])];
  return stored.filter(isPermissionKey);
}

/** The keys a session may use: an app session only `app.use`, whatever its role holds besides. */
export function sessionKeys(held: readonly PermissionKey[], client: LoginClient): Set<PermissionKey> {
  return new Set(client === 'app' ? held.filter((key) => key === 'app.use') : held);
}
