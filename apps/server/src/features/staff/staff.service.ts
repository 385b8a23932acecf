import {
  LogType,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  accountMessages,
  newPasswordMessage,
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
import { conflict, invalid, notFound } from '../../errors.js';
import type { Scope } from '../../http/scope.js';
import { hashPassword } from '../../security/password.js';
import { revokeTokens } from '../auth/auth.service.js';
import * as repo from './staff.repository.js';

/** A login name: 2–20 characters, as the login form accepts. */
export function checkUserName(userName: string): void {
  if (userName.length < 2 || userName.length > 20) throw invalid(accountMessages.nameLength);
}

/** Hashes a password set through a screen after checking its length (8–20). */
export async function newPasswordHash(password: string): Promise<string> {
  if (password.length < NEW_PASSWORD_MIN || password.length > NEW_PASSWORD_MAX) throw invalid(newPasswordMessage);
  return hashPassword(password);
}

/** 409 when another live account already logs in with this name. */
export async function assertUserNameFree(q: Queryable, userName: string, exceptUserId = 0): Promise<void> {
  if (await repo.userNameTaken(q, userName, exceptUserId)) throw conflict(`账号已存在：${userName}`);
}

export { insertAccount, updateAccount, holdAdmins, softDeleteAccounts } from './staff.repository.js';

export async function listStaff(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof staffListInput>,
): Promise<Page<StaffRow>> {
  const holdIds = await scope.holdIds(input.HoldID, input.containChildren);
  return repo.listStaff(ctx.db, ctx.config.tzName, holdIds, input.Name, input);
}

export async function staffDetail(ctx: AppContext, scope: Scope, userId: number): Promise<StaffRow> {
  const { hold_admin: _admin, ...row } = await scope.visible(
    await repo.findStaff(ctx.db, ctx.config.tzName, userId),
    '账号不存在或已删除',
  );
  return row;
}

export async function accountOptions(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof accountOptionsQuery>,
): Promise<AccountOption[]> {
  return repo.accountOptions(ctx.db, await scope.holdIds(input.hold_id, true));
}

/** Creates or edits an account (`SaveAccount`): a new password on edit resets it and ends its sessions. */
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
  const target = await scope.hold(input.hold_id);
  const now = ctx.now();
  const actor = scope.actor;

  return ctx.db.transaction(async (tx) => {
    if (isNew) {
      await assertUserNameFree(tx, input.user_name);
      const userId = await repo.insertAccount(tx, {
        hold_id: target.hold_id,
        user_name: input.user_name,
        true_name: input.true_name,
        password_hash: passwordHash!,
        remark: input.remark,
        hold_admin: false,
        create_time: now,
      });
      await writeLog(tx, {
        type: LogType.create,
        actor,
        at: now,
        content: `新增账号 ${input.user_name}（ID ${userId}），所属组织 ${target.hold_name}`,
      });
      return { user_id: userId };
    }
    const current = await scope
      .on(tx)
      .visible(await repo.findStaff(tx, ctx.config.tzName, input.user_id), '账号不存在或已删除');
    if (current.hold_admin && current.hold_id !== target.hold_id) {
      throw invalid('组织的管理账号不能移到其他组织');
    }
    await assertUserNameFree(tx, input.user_name, input.user_id);
    await repo.updateAccount(tx, input.user_id, {
      hold_id: target.hold_id,
      user_name: input.user_name,
      true_name: input.true_name,
      remark: input.remark,
      ...(passwordHash ? { password_hash: passwordHash, default_password: false } : {}),
    });
    if (passwordHash && input.user_id !== scope.caller.userId) await revokeTokens(tx, [input.user_id], now);
    const reset = passwordHash ? '，重置密码' : '';
    await writeLog(tx, {
      type: LogType.update,
      actor,
      at: now,
      content: `修改账号 ${input.user_name}（ID ${input.user_id}）${reset}`,
    });
    return { user_id: input.user_id };
  });
}

/** Deletes accounts, all or none: never oneself, never an organisation's own admin (delete the organisation). */
export async function removeUsers(ctx: AppContext, scope: Scope, userIds: number[]): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.findStaffByIds(tx, userIds);
    for (const id of new Set(userIds)) {
      const row = rows.find((r) => r.user_id === id);
      if (!row) throw notFound('账号不存在或已删除');
      await scope.on(tx).visible(row, '账号不存在或已删除');
      if (id === scope.caller.userId) throw invalid('不能删除自己的账号');
      if (row.hold_admin) throw conflict(`账号 ${row.user_name} 是组织的管理账号，删除组织时会一并删除`);
    }
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
  });
}
