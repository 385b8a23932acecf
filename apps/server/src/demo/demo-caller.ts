import type { AppContext } from '../context.js';
import { Scope } from '../features/scope.js';
import { operatorCaller } from '../features/auth/auth.service.js';

/** The address the demo's log entries name: it is made on the server itself. */
const DEMO_ADDRESS = '127.0.0.1';

/** The demo is filled as the operator's admin, through the same services a person's calls use. */
export async function operatorScope(ctx: AppContext, userId = 1): Promise<Scope> {
  const caller = await operatorCaller(ctx, userId);
  if (!caller) throw new Error('演示数据需要运营商管理员账号');
  return new Scope(ctx.db, caller, DEMO_ADDRESS);
}
