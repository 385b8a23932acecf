import {
  HoldType,
  LogType,
  MENU,
  PERMISSION_KEYS,
  loginMessages,
  roleMessages,
  type ChangePasswordInput,
  type FunTreeItem,
  type LoginResult,
  type SessionInfo,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { loginInput } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { writeLog } from '../../audit/audit.js';
import { LOOKBACK_MS, loginDelayMs, loginLockedUntil } from '../../domain/lockout.js';
import { localDate } from '../../domain/time.js';
import { AppError, forbidden, invalid, tooManyAttempts, unauthenticated } from '../../errors.js';
import type { Actor, Caller } from '../../http/caller.js';
import type { Scope } from '../scope.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { hashToken, newToken } from '../../security/token.js';
import * as repo from './auth.repository.js';
import { accessTransaction } from '../../http/access-cache.js';

const HOUR = 3_600_000;
export const SESSION_MS = 12 * HOUR;
export const REMEMBERED_SESSION_MS = 30 * 24 * HOUR;

type LoginInput = z.output<typeof loginInput>;

function sessionInfo(ctx: AppContext, caller: Caller): SessionInfo {
  return {
    userName: caller.userName,
    trueName: caller.trueName,
    userType: caller.holdType,
    serviceEnd: caller.serviceEnd,
    defaultPassword: caller.defaultPassword,
    timeZone: ctx.config.tzName,
    roleId: caller.roleId,
    roleName: caller.roleName,
    permissions: PERMISSION_KEYS.filter((key) => caller.permissions.has(key)),
  };
}

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a login attempt comes to once its password is checked: the outcome logged, and what the caller is told. */
type Verdict =
  | { outcome: 'failure' | 'expired' | 'denied'; content: string; refusal: AppError }
  | { outcome: 'success'; content: string; caller: Caller; account: NonNullable<repo.AccountRow> };

/** The password, the service expiry and the client, checked before the attempt takes its turn. */
async function verdictOf(ctx: AppContext, input: LoginInput, found: repo.AccountRow | undefined, now: Date) {
  if (!(await verifyPassword(found?.passwordHash, input.user_password)) || !found) {
    return { outcome: 'failure', content: FAILED, refusal: unauthenticated(loginMessages.failed) } as const;
  }
  if (found.serviceEnd && found.serviceEnd < localDate(now, ctx.config.tzName)) {
    const content = `登录被拒绝：服务已于 ${found.serviceEnd} 到期`;
    return { outcome: 'expired', content, refusal: new AppError(403, loginMessages.expired) } as const;
  }
  const { passwordHash: _passwordHash, ...account } = found;
  const caller = repo.callerOf(account, { sessionId: 0, client: input.client, deviceId: null });
  if (input.client === 'app' && !caller.permissions.has('app.use')) {
    const content = '登录被拒绝：此账号没有使用巡检助手的权限';
    return { outcome: 'denied', content, refusal: forbidden(roleMessages.appDenied) } as const;
  }
  const content = input.client === 'app' ? '登录成功（巡检助手）' : '登录成功';
  return { outcome: 'success', content, caller, account: found } as const;
}

/**
 * Logs in. The password is checked first; then the attempt takes its turn at the account name on every server (an
 * advisory lock) and, inside it, the lock-out is decided from the failures logged so far and the attempt is logged
 * — so ten wrong passwords sent at once lock after exactly five (R19), while right ones sent together never count
 * against each other. A locked pair is refused even with the right password; past 100 failures an hour from all
 * addresses every answer is slowed instead (never locked).
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<LoginResult> {
  const now = ctx.now();
  const found = await repo.findAccountByName(ctx.db, input.user_name);
  const actor: Actor = found
    ? {
        userId: found.userId,
        userName: found.userName,
        trueName: found.trueName,
        holdId: found.holdId,
        holdName: found.holdName,
        ip,
      }
    : { userId: null, userName: input.user_name, trueName: '', holdId: 1, holdName: '', ip };
  const verdict: Verdict = await verdictOf(ctx, input, found, now);
  const token = newToken();

  const attempt = await ctx.db.transaction(async (tx) => {
    await repo.takeAttemptTurn(tx, input.user_name);
    const failures = await repo.recentFailures(tx, input.user_name, new Date(now.getTime() - LOOKBACK_MS));
    const until = loginLockedUntil(failures, ip, now);
    if (until) {
      const content = '登录被拒绝：失败次数过多，账号已临时锁定';
      await writeLog(tx, { type: LogType.login, actor, content, at: now, outcome: 'locked' });
      return { until };
    }
    await writeLog(tx, { type: LogType.login, actor, content: verdict.content, at: now, outcome: verdict.outcome });
    if (verdict.outcome === 'success') {
      await repo.insertSession(tx, {
        tokenHash: hashToken(token),
        userId: verdict.account.userId,
        holdId: verdict.account.holdId,
        remember: input.remember_login,
        ip,
        now,
        expiresAt: new Date(now.getTime() + (input.remember_login ? REMEMBERED_SESSION_MS : SESSION_MS)),
        client: input.client,
      });
    }
    return { delayMs: loginDelayMs(failures, now) };
  });
  if (attempt.until) {
    throw tooManyAttempts(`登录失败次数过多，请 ${minutesLeft(attempt.until, now)} 分钟后再试`);
  }
  if (attempt.delayMs > 0) await (ctx.sleep ?? wait)(attempt.delayMs);
  if (verdict.outcome !== 'success') throw verdict.refusal;
  return { token, ...sessionInfo(ctx, verdict.caller) };
}

const FAILED = '登录失败：账号或密码不对';

/** Where the server keeps a token's session (http/access-cache.ts). */
const sessionKey = (tokenHash: string) => `session:${tokenHash}`;

/**
 * The caller behind a bearer token, or undefined when it is unknown, expired or revoked. A token of an organisation
 * whose service has ended is refused with the 到期 message (R19), as its login would be.
 */
export async function resolveCaller(ctx: AppContext, token: string): Promise<Caller | undefined> {
  const now = ctx.now();
  const tokenHash = hashToken(token);
  const read = () => repo.findSessionByToken(ctx.db, tokenHash, now);
  const session = ctx.access
    ? await ctx.access.through(sessionKey(tokenHash), read, (found) => found?.expiresAt.getTime())
    : await read();
  const caller = session?.caller;
  if (caller && serviceEnded(ctx, caller, now)) throw unauthenticated(loginMessages.expired);
  return caller;
}

/** The live callers behind many tokens' hashes at once, less those whose organisation's service has ended. */
export async function resolveCallers(ctx: AppContext, tokenHashes: string[]): Promise<Map<string, Caller>> {
  const now = ctx.now();
  // Kept sessions are as true as a read (every change is heard before what was committed after it, the alert that
  // asks included: one LISTEN connection, commit order); only the others are read, in one query.
  const callers = new Map<string, Caller>();
  const unknown: string[] = [];
  for (const hash of tokenHashes) {
    const kept = ctx.access?.peek<repo.LiveSession>(sessionKey(hash));
    if (kept) callers.set(hash, kept.caller);
    else unknown.push(hash);
  }
  for (const [hash, caller] of await repo.findCallersByTokens(ctx.db, unknown, now)) callers.set(hash, caller);
  for (const [hash, caller] of callers) if (serviceEnded(ctx, caller, now)) callers.delete(hash);
  return callers;
}

function serviceEnded(ctx: AppContext, caller: Caller, now: Date): boolean {
  return caller.serviceEnd !== '' && caller.serviceEnd < localDate(now, ctx.config.tzName);
}

export function checkToken(ctx: AppContext, caller: Caller): SessionInfo {
  return sessionInfo(ctx, caller);
}

export async function logout(ctx: AppContext, scope: Scope): Promise<void> {
  const { caller } = scope;
  const now = ctx.now();
  await accessTransaction(ctx, async (tx) => {
    await repo.revokeSession(tx, caller.sessionId, now);
    await writeLog(tx, {
      type: LogType.login,
      actor: scope.actor,
      content: '退出登录',
      at: now,
      outcome: 'logout',
    });
  });
}

/**
 * The caller's menu (ROLES.md, Screens): a screen is listed only when the session holds its key; department accounts
 * never see organisation management or 告警推送 (webhooks are set by enterprise admins and the operator,
 * ACCOUNTABILITY.md, Menu).
 */
const DEPARTMENTS_WITHOUT = new Set(['/hold/manage', '/sys/webhooks']);
export function userFunTree(caller: Caller): FunTreeItem[] {
  const items: FunTreeItem[] = [];
  MENU.forEach((group, g) => {
    const groupId = (g + 1) * 100;
    const entries = group.entries
      .map((entry, e) => ({ entry, funId: groupId + e + 1 }))
      .filter(
        ({ entry }) =>
          (!entry.permission || caller.permissions.has(entry.permission)) &&
          !(DEPARTMENTS_WITHOUT.has(entry.path) && caller.holdType === HoldType.department),
      );
    if (entries.length === 0) return;
    items.push({ funId: groupId, funName: group.title, funPath: '', parentId: 0 });
    for (const { entry, funId } of entries) {
      items.push({ funId, funName: entry.title, funPath: entry.path, parentId: groupId });
    }
  });
  return items;
}

/** Changes one's own password; every other token of the account stops working at once. */
export async function changePassword(ctx: AppContext, scope: Scope, input: ChangePasswordInput): Promise<void> {
  const { caller } = scope;
  const current = await repo.findAccountById(ctx.db, caller.userId);
  if (!current || !(await verifyPassword(current.passwordHash, input.old_password))) {
    throw invalid('原密码不正确');
  }
  if (input.new_password === input.old_password) throw invalid('新密码不能与原密码相同');
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.now();
  await accessTransaction(ctx, async (tx) => {
    await repo.updatePassword(tx, caller.userId, passwordHash);
    await repo.revokeAccountSessions(tx, caller.userId, now, caller.sessionId);
    await writeLog(tx, {
      type: LogType.changePassword,
      actor: scope.actor,
      content: `修改密码：账号 ${caller.userName}（ID ${caller.userId}）`,
      at: now,
    });
  });
}

/** Every token of these accounts stops working at once (used when accounts are deleted or reset). */
export function revokeTokens(q: Queryable, userIds: number[], now: Date): Promise<void> {
  return repo.revokeSessionsOf(q, userIds, now);
}

/**
 * A live account as the caller of work done on the server itself (the demo's filling), with no session: the same
 * `Caller` a bearer token resolves to. Undefined when there is no such live account.
 */
export async function operatorCaller(ctx: AppContext, userId: number): Promise<Caller | undefined> {
  const found = await repo.findAccountById(ctx.db, userId);
  if (!found) return undefined;
  const { passwordHash: _passwordHash, ...account } = found;
  return repo.callerOf(account, { sessionId: 0, client: 'console', deviceId: null });
}
