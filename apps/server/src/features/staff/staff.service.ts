import {
  BUILTIN_ROLES,
  BuiltinRole,
  LogType,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  accountMessages,
  newPasswordMessage,
  roleMessages,
  type AccountOption,
  type Page,
  type StaffRow,
  type accountOptionsQuery,
  type saveAccountInput,
  type staffListInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { assertNotInUse } from '../../db/in-use.js';
import { writeLog } from '../../audit/audit.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import type { HoldRef, Scope } from '../scope.js';
import { hashPassword } from '../../security/password.js';
import { revokeTokens } from '../auth/auth.service.js';
import { accountRole, grantableRole, holdsAll, roleFits, type AccountRole } from '../role/role.service.js';
import * as repo from './staff.repository.js';
import { accessTransaction } from '../../http/access-cache.js';

/** A login name: 2–20 characters, as the login form accepts. */
export function checkUserName(userName: string): void {
  if (userName.length < 2 || userName.length > 20) throw invalid(accountMessages.nameLength);
}

const MISSING = '账号不存在或已删除';

declare const checkedPassword: unique symbol;
/** A password hash made by `newPasswordHash`: an account gets a password no other way, so each one met the rules. */
export type NewPasswordHash = string & { readonly [checkedPassword]: true };

/** Hashes a password set through a screen after checking its length (8–20). */
export async function newPasswordHash(password: string): Promise<NewPasswordHash> {
  if (password.length < NEW_PASSWORD_MIN || password.length > NEW_PASSWORD_MAX) throw invalid(newPasswordMessage);
  return (await hashPassword(password)) as NewPasswordHash;
}

/** 409 when another live account already logs in with this name. */
export async function assertUserNameFree(q: Queryable, userName: string, exceptUserId = 0): Promise<void> {
  if (await repo.userNameTaken(q, userName, exceptUserId)) throw conflict(`账号已存在：${userName}`);
}

/** A new account for a checked organisation: its name must be free; the log says who made it. */
async function createAccount(
  tx: Queryable,
  scope: Scope,
  target: HoldRef,
  account: {
    user_name: string;
    true_name: string;
    remark: string;
    passwordHash: NewPasswordHash;
    holdAdmin: boolean;
    role: Pick<AccountRole, 'role_id' | 'role_name'>;
  },
  now: Date,
): Promise<number> {
  await assertUserNameFree(tx, account.user_name);
  const userId = await repo.insertAccount(tx, {
    hold_id: target.hold_id,
    user_name: account.user_name,
    true_name: account.true_name,
    password_hash: account.passwordHash,
    remark: account.remark,
    hold_admin: account.holdAdmin,
    role_id: account.role.role_id,
    create_time: now,
  });
  await writeLog(tx, {
    type: LogType.create,
    actor: scope.actor,
    at: now,
    content: `新增账号 ${account.user_name}（ID ${userId}），所属组织 ${target.hold_name}，角色 ${account.role.role_name}`,
  });
  return userId;
}

/** Changes a checked account: its name must stay free; a new password ends its other sessions; logged. */
async function changeAccount(
  tx: Queryable,
  scope: Scope,
  userId: number,
  changes: {
    hold_id?: number;
    user_name: string;
    true_name: string;
    remark?: string;
    passwordHash?: NewPasswordHash;
    /** A new role, with the old one's name for the log. */
    role?: { from: string; to: Pick<AccountRole, 'role_id' | 'role_name'> };
  },
  now: Date,
): Promise<void> {
  const { passwordHash, role, ...fields } = changes;
  await assertUserNameFree(tx, changes.user_name, userId);
  await repo.updateAccount(tx, userId, {
    ...fields,
    ...(passwordHash ? { password_hash: passwordHash, default_password: false } : {}),
    ...(role ? { role_id: role.to.role_id } : {}),
  });
  if (passwordHash && userId !== scope.caller.userId) await revokeTokens(tx, [userId], now);
  const reset = passwordHash ? '，重置密码' : '';
  const roleChange = role ? `，角色 ${role.from} → ${role.to.role_name}` : '';
  await writeLog(tx, {
    type: LogType.update,
    actor: scope.actor,
    at: now,
    content: `修改账号 ${changes.user_name}（ID ${userId}）${reset}${roleChange}`,
  });
}

/** Deletes checked accounts no road uses any more, ending their sessions; logged. */
async function deleteAccounts(
  tx: Queryable,
  scope: Scope,
  rows: { user_id: number; user_name: string }[],
  now: Date,
): Promise<void> {
  const userIds = rows.map((r) => r.user_id);
  await assertNotInUse(tx, 'account', new Map(rows.map((r) => [r.user_id, r.user_name])));
  await repo.softDeleteAccounts(tx, userIds, now);
  await revokeTokens(tx, userIds, now);
  const names = rows.map((r) => `${r.user_name}（ID ${r.user_id}）`).join('、');
  await writeLog(tx, {
    type: LogType.remove,
    actor: scope.actor,
    at: now,
    content: `删除账号 ${names}`,
  });
}

const ADMIN_ROLE = { role_id: BuiltinRole.admin, role_name: BUILTIN_ROLES[0]!.role_name };

/** The role an account has now (its row names a role that exists: a role in use cannot be removed). */
async function currentRole(tx: Queryable, roleId: number): Promise<AccountRole> {
  const found = await accountRole(tx, roleId);
  if (!found) throw notFound('账号的角色不存在');
  return found;
}

/**
 * Another account's role or password is changed only by a caller holding every key that account holds: setting the
 * password of a 管理员 and logging in as it would give away keys as surely as granting them.
 */
function assertHoldsAccountKeys(scope: Scope, userId: number, held: AccountRole): void {
  if (userId !== scope.caller.userId && !holdsAll(scope.caller, held.keys)) {
    throw forbidden('不能修改权限多于本账号的账号的角色或密码');
  }
}

/** 409 unless a live 管理员 of organisation 1 other than these accounts stays (ROLES.md, No escalation). */
async function assertRootAdminStays(tx: Queryable, leaving: number[]): Promise<void> {
  if ((await repo.otherRootAdmins(tx, leaving)) === 0) throw conflict(roleMessages.lastAdmin);
}

const isRootAdmin = (row: { hold_id: number; role_id: number }) =>
  row.hold_id === ROOT_HOLD_ID && row.role_id === BuiltinRole.admin;
const ROOT_HOLD_ID = 1;

/**
 * An organisation's admin account, made with the organisation in its transaction (SaveHoldInfo): the checks and
 * the log entry of any new account. The password comes hashed by `newPasswordHash`, before the transaction.
 */
export async function createHoldAdmin(
  tx: Queryable,
  scope: Scope,
  input: { hold_id: number; user_name: string; true_name: string; passwordHash: NewPasswordHash },
  now: Date,
): Promise<number> {
  if (!input.user_name) throw invalid(accountMessages.createRequired);
  checkUserName(input.user_name);
  const target = await scope.on(tx).hold(input.hold_id);
  // The organisation's admin is a 管理员 (ROLES.md, Compatibility): only a caller holding every key makes one.
  await grantableRole(tx, scope, BuiltinRole.admin, target);
  return createAccount(
    tx,
    scope,
    target,
    {
      user_name: input.user_name,
      true_name: input.true_name,
      remark: '',
      passwordHash: input.passwordHash,
      holdAdmin: true,
      role: ADMIN_ROLE,
    },
    now,
  );
}

/** Edits an organisation's admin account with the organisation (SaveHoldInfo): the checks and log of any edit. */
export async function updateHoldAdmin(
  tx: Queryable,
  scope: Scope,
  userId: number,
  input: { user_name: string; true_name: string; passwordHash?: NewPasswordHash },
  now: Date,
): Promise<void> {
  if (!input.user_name) throw invalid(accountMessages.editRequired);
  checkUserName(input.user_name);
  const [current] = await repo.findStaffByIds(tx, [userId]);
  const row = await scope.on(tx).visible(current, MISSING);
  if (input.passwordHash) assertHoldsAccountKeys(scope, userId, await currentRole(tx, row.role_id));
  await changeAccount(tx, scope, userId, input, now);
}

/**
 * Deletes the admin accounts of organisations being deleted (RemoveHold), in its transaction: the checks and log
 * entry of any account deletion, less the rule that keeps an admin while its organisation lives.
 */
export async function removeHoldAdmins(tx: Queryable, scope: Scope, holdIds: number[], now: Date): Promise<void> {
  const admins = await repo.holdAdmins(tx, holdIds);
  if (admins.length === 0) return;
  for (const admin of admins) {
    await scope.on(tx).visible(admin, MISSING);
    if (admin.user_id === scope.caller.userId) throw invalid('不能删除自己的账号');
  }
  await deleteAccounts(tx, scope, admins, now);
}

export async function listStaff(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof staffListInput>,
): Promise<Page<StaffRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  return repo.listStaff(ctx.db, ctx.config.tzName, holdIds, { name: input.Name, roleId: input.role_id }, input);
}

export async function staffDetail(ctx: AppContext, scope: Scope, userId: number): Promise<StaffRow> {
  const { hold_admin: _admin, ...row } = await scope.visible(
    await repo.findStaff(ctx.db, ctx.config.tzName, userId),
    MISSING,
  );
  return row;
}

export async function accountOptions(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof accountOptionsQuery>,
): Promise<AccountOption[]> {
  return repo.accountOptions(ctx.db, await scope.holdIds(input.holdId, true));
}

/**
 * Creates or edits an account (`SaveAccount`): a new password on edit resets it and ends its sessions. Its role:
 * 管理员 when a new account names none, kept on an edit that names none; a role given must be one `Role/Options`
 * offers the caller for the account's organisation; never one's own role, never the last root 管理员's.
 */
export async function saveAccount(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveAccountInput>,
): Promise<{ user_id: number }> {
  const isNew = input.user_id === 0;
  if (isNew ? !input.user_name || !input.user_password : !input.user_name) {
    throw invalid(isNew ? accountMessages.createRequired : accountMessages.editRequired);
  }
  checkUserName(input.user_name);
  const passwordHash = input.user_password ? await newPasswordHash(input.user_password) : undefined;
  const target = await scope.hold(input.holdId);
  const now = ctx.now();

  return accessTransaction(ctx, async (tx) => {
    if (isNew) {
      const role = await grantableRole(tx, scope, input.role_id ?? BuiltinRole.admin, target);
      const userId = await createAccount(
        tx,
        scope,
        target,
        {
          user_name: input.user_name,
          true_name: input.true_name,
          remark: input.remark,
          passwordHash: passwordHash!,
          holdAdmin: false,
          role,
        },
        now,
      );
      return { user_id: userId };
    }
    const current = await scope.on(tx).visible(await repo.findStaff(tx, ctx.config.tzName, input.user_id), MISSING);
    if (current.hold_admin && current.hold_id !== target.hold_id) {
      throw invalid('组织的管理账号不能移到其他组织');
    }
    const held = await currentRole(tx, current.role_id);
    const changesRole = input.role_id !== undefined && input.role_id !== current.role_id;
    if (changesRole && input.user_id === scope.caller.userId) throw forbidden(roleMessages.ownRole);
    if (changesRole || passwordHash) assertHoldsAccountKeys(scope, input.user_id, held);
    const role = changesRole ? await grantableRole(tx, scope, input.role_id!, target) : held;
    if (!roleFits(role, target)) throw invalid(`账号的角色「${held.role_name}」不能用于所选组织的账号，请重新选择角色`);
    const staysRootAdmin = isRootAdmin({ hold_id: target.hold_id, role_id: role.role_id });
    if (isRootAdmin(current) && !staysRootAdmin) await assertRootAdminStays(tx, [current.user_id]);
    await changeAccount(
      tx,
      scope,
      input.user_id,
      {
        hold_id: target.hold_id,
        user_name: input.user_name,
        true_name: input.true_name,
        remark: input.remark,
        passwordHash,
        ...(changesRole ? { role: { from: held.role_name, to: role } } : {}),
      },
      now,
    );
    return { user_id: input.user_id };
  });
}

/** Deletes accounts, all or none: never oneself, never an organisation's own admin (delete the organisation). */
export async function removeUsers(ctx: AppContext, scope: Scope, userIds: number[]): Promise<void> {
  const now = ctx.now();
  await accessTransaction(ctx, async (tx) => {
    const rows = await repo.findStaffByIds(tx, userIds);
    for (const id of new Set(userIds)) {
      const row = rows.find((r) => r.user_id === id);
      if (!row) throw notFound(MISSING);
      await scope.on(tx).visible(row, MISSING);
      if (id === scope.caller.userId) throw invalid('不能删除自己的账号');
      if (row.hold_admin) throw conflict(`账号 ${row.user_name} 是组织的管理账号，删除组织时会一并删除`);
    }
    if (rows.some(isRootAdmin)) await assertRootAdminStays(tx, userIds);
    await deleteAccounts(tx, scope, rows, now);
  });
}
