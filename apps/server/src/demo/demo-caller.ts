import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { Scope } from '../http/scope.js';
import { findAccountById } from '../features/auth/auth.service.js';

/** The address the demo's log entries name: it is made on the server itself. */
const DEMO_ADDRESS = '127.0.0.1';

/** The demo is filled as the operator's admin, through the same services a person's calls use. */
export async function operatorScope(ctx: AppContext, userId = 1): Promise<Scope> {
  const account = await findAccountById(ctx.db, userId);
  if (!account) throw new Error('演示数据需要运营商管理员账号');
  const caller: Caller = {
    sessionId: 0,
    userId: account.userId,
    userName: account.userName,
    trueName: account.trueName,
    holdId: account.holdId,
    holdName: account.holdName,
    holdType: account.holdType,
    holdPath: account.holdPath,
    serviceEnd: account.serviceEnd ?? '',
    defaultPassword: account.defaultPassword,
  };
  return new Scope(ctx.db, caller, DEMO_ADDRESS);
}
