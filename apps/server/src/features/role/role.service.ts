import {
  HoldType,
  LogType,
  PERMISSIONS,
  PERMISSION_KEYS,
  isPermissionKey,
  permissionName,
  roleMessages,
  type Page,
  type Permission,
  type PermissionKey,
  type RoleOption,
  type RoleRow,
  type removeRoleInput,
  type roleListInput,
  type roleOptionsQuery,
  type saveRoleInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { writeLog } from '../../audit/audit.js';
import { roleKeys } from '../../domain/role-permissions.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import type { Caller } from '../../http/caller.js';
import type { HoldRef, Scope } from '../scope.js';
import * as repo from './role.repository.js';
import { accessTransaction } from '../../http/access-cache.js';

const MISSING = '角色不存在或已删除';
/** What a built-in role's row names as its organisation: it belongs to every organisation alike. */
const BUILTIN_HOLD_NAME = '系统内置';

type StoredRole = NonNullable<Awaited<ReturnType<typeof repo.findRole>>>;

function inCatalogueOrder(keys: readonly string[]): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => keys.includes(key));
}

/** A role as the calls answer it: a built-in role's keys from the contract, a custom role's as stored. */
function rowOf(stored: StoredRole): RoleRow {
  return {
    role_id: stored.role_id,
    role_name: stored.role_name,
    hold_id: stored.hold_id,
    hold_name: stored.builtin ? BUILTIN_HOLD_NAME : (stored.hold_name ?? ''),
    builtin: stored.builtin,
    permissions: inCatalogueOrder(roleKeys(stored.role_id, stored.builtin, stored.stored)),
    account_count: Number(stored.account_count),
    remark: stored.remark,
  };
}

/** Whether the caller holds every one of these keys (what it may give away). */
export function holdsAll(caller: Caller, keys: readonly string[]): boolean {
  return keys.every((key) => caller.permissions.has(key as PermissionKey));
}

/** Names keys as the log shows them: 查看首页、导出. */
function keyNames(keys: readonly string[]): string {
  return keys.length === 0 ? '无' : keys.map(permissionName).join('、');
}

/** The catalogue, in menu order (Role/Permissions). */
export function permissionCatalogue(): Permission[] {
  return PERMISSIONS.map(({ key, name, group }) => ({ key, name, group }));
}

export async function listRoles(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof roleListInput>,
): Promise<Page<RoleRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const page = await repo.listRoles(ctx.db, scope.caller.holdPath, holdIds, input.role_name, input);
  return { rows: page.rows.map(rowOf), total: page.total };
}

/** A role the caller may see: every built-in role, a custom role of its subtree; any other does not exist (404). */
async function visibleRole(q: Queryable, scope: Scope, roleId: number): Promise<StoredRole> {
  const stored = await repo.findRole(q, scope.caller.holdPath, roleId);
  if (!stored || (!stored.builtin && !scope.covers(stored.hold_path ?? ''))) throw notFound(MISSING);
  return stored;
}

export async function roleDetail(ctx: AppContext, scope: Scope, roleId: number): Promise<RoleRow> {
  return rowOf(await visibleRole(ctx.db, scope, roleId));
}

/** The organisation and its ancestors that lie inside the caller's scope (their custom roles reach it). */
function pathInScope(scope: Scope, target: HoldRef): number[] {
  const ids = target.path.split('/').filter(Boolean).map(Number);
  return ids.slice(Math.max(0, ids.indexOf(scope.caller.holdId)));
}

/**
 * The roles an account of an organisation may be given by the caller (Role/Options): the built-in ones and the
 * custom ones of the organisation's path within scope, each only when the caller holds all its keys.
 */
export async function roleOptions(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof roleOptionsQuery>,
): Promise<RoleOption[]> {
  const target = await scope.hold(input.holdId);
  const roles = await repo.rolesOf(ctx.db, pathInScope(scope, target));
  return roles
    .filter((r) => holdsAll(scope.caller, roleKeys(r.role_id, r.builtin, r.stored)))
    .map(({ role_id, role_name, builtin }) => ({ role_id, role_name, builtin }));
}

/** Known keys, each once, in catalogue order; an unknown one is named in the refusal. */
function checkedKeys(keys: readonly string[]): PermissionKey[] {
  const unknown = keys.find((key) => !isPermissionKey(key));
  if (unknown !== undefined) throw invalid(roleMessages.unknownKey(unknown));
  return inCatalogueOrder(keys);
}

/** What an edit changed, for the log: the name and the keys added and taken away. */
function editSummary(before: StoredRole, name: string, keys: readonly string[]): string {
  const old = roleKeys(before.role_id, before.builtin, before.stored);
  const added = keys.filter((key) => !old.includes(key as PermissionKey));
  const removed = old.filter((key) => !keys.includes(key));
  const parts = [
    before.role_name === name ? '' : `名称 ${before.role_name} → ${name}`,
    added.length > 0 ? `增加权限 ${keyNames(added)}` : '',
    removed.length > 0 ? `去掉权限 ${keyNames(removed)}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `：${parts.join('；')}` : '';
}

/**
 * Creates or edits a custom role of an operator or enterprise in scope (Role/Save): only keys of the catalogue,
 * only keys the caller holds itself, a name unique among that organisation's roles; built-in roles stay as they are.
 */
export async function saveRole(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveRoleInput>,
): Promise<{ role_id: number }> {
  const isNew = input.role_id === 0;
  const now = ctx.now();
  return accessTransaction(ctx, async (tx) => {
    const txScope = scope.on(tx);
    const current = isNew ? undefined : await repo.findRole(tx, scope.caller.holdPath, input.role_id);
    if (current?.builtin) throw forbidden(roleMessages.builtin);
    const target = await txScope.hold(input.holdId);
    if (current && !scope.covers(current.hold_path ?? '')) throw notFound(MISSING);
    if (!isNew && !current) throw notFound(MISSING);
    if (target.hold_type === HoldType.department) throw invalid('部门不能定义角色，请选择运营商或企业');
    if (current && current.hold_id !== target.hold_id) throw invalid('角色的所属组织不能修改');
    const keys = checkedKeys(input.permissions);
    if (!holdsAll(scope.caller, keys)) throw forbidden(roleMessages.grantDenied);
    if (await repo.roleNameTaken(tx, target.hold_id, input.role_name, input.role_id)) {
      throw conflict(roleMessages.nameTaken);
    }
    const values = { role_name: input.role_name, permissions: keys, remark: input.remark };
    if (!current) {
      const roleId = await repo.insertRole(tx, { ...values, hold_id: target.hold_id, create_time: now });
      await writeLog(tx, {
        type: LogType.create,
        actor: scope.actor,
        at: now,
        content: `新增角色 ${input.role_name}（ID ${roleId}），所属组织 ${target.hold_name}，权限：${keyNames(keys)}`,
      });
      return { role_id: roleId };
    }
    await repo.updateRole(tx, current.role_id, values);
    await writeLog(tx, {
      type: LogType.update,
      actor: scope.actor,
      at: now,
      content: `修改角色 ${input.role_name}（ID ${current.role_id}），所属组织 ${target.hold_name}${editSummary(current, input.role_name, keys)}`,
    });
    return { role_id: current.role_id };
  });
}

/** Removes custom roles, all or none: never a built-in one, never one an account still has. */
export async function removeRoles(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof removeRoleInput>,
): Promise<void> {
  const roleIds = [...new Set(input.role_ids)];
  const now = ctx.now();
  await accessTransaction(ctx, async (tx) => {
    const rows = await repo.findRoles(tx, roleIds);
    for (const id of roleIds) {
      const row = rows.find((r) => r.role_id === id);
      if (row?.builtin) throw forbidden(roleMessages.builtin);
      if (!row || !scope.covers(row.path ?? '')) throw notFound(MISSING);
    }
    if ((await repo.rolesInUse(tx, roleIds)).length > 0) throw conflict(roleMessages.inUse);
    await repo.softDeleteRoles(tx, roleIds, now);
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除角色 ${rows.map((r) => `${r.role_name}（ID ${r.role_id}）`).join('、')}`,
    });
  });
}

/** A role as accounts use it: its name, its keys, and the organisation path its accounts must lie under. */
export interface AccountRole {
  role_id: number;
  role_name: string;
  keys: PermissionKey[];
  /** The path of the organisation a custom role belongs to; '' for a built-in role (any organisation). */
  path: string;
}

/** A built-in role or a live custom role by id, as accounts use it; undefined when there is none. */
export async function accountRole(q: Queryable, roleId: number): Promise<AccountRole | undefined> {
  const stored = await repo.findRole(q, '/', roleId);
  if (!stored) return undefined;
  return {
    role_id: stored.role_id,
    role_name: stored.role_name,
    keys: roleKeys(stored.role_id, stored.builtin, stored.stored),
    path: stored.builtin ? '' : (stored.hold_path ?? ''),
  };
}

/** Whether an account of organisation `target` may have the role: a built-in one, or one of the path above it. */
export function roleFits(accountRole: AccountRole, target: HoldRef): boolean {
  return target.path.startsWith(accountRole.path);
}

/**
 * The role the caller gives an account of organisation `target` (SaveAccount): one `Role/Options` offers — a
 * built-in role or a custom role of the organisation's path inside the caller's scope — whose keys it holds all of.
 */
export async function grantableRole(q: Queryable, scope: Scope, roleId: number, target: HoldRef): Promise<AccountRole> {
  const found = await accountRole(q, roleId);
  if (!found || (found.path !== '' && !scope.covers(found.path))) throw forbidden('角色不存在或不在本账号的管理范围内');
  if (!roleFits(found, target)) throw invalid(`角色「${found.role_name}」属于其他组织，不能分配给所选组织的账号`);
  if (!holdsAll(scope.caller, found.keys)) throw forbidden(roleMessages.grantDenied);
  return found;
}
