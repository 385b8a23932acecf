import { and, eq, gt, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import { account, device, hold, role, session, sysLog } from '../../db/schema.js';
import type { Caller } from '../../http/caller.js';
import type { Attempt } from '../../domain/lockout.js';
import { inIds } from '../../db/sql.js';
import { preparedStatement } from '../../db/statements.js';
import type { LoginClient } from '@guard-tour/contract';
import { roleKeys, sessionKeys } from '../../domain/role-permissions.js';

/** Effective service expiry: the earliest `vip_end_time` of the organisation and its ancestors (organisation 1 never expires). */
const serviceEnd = sql<string | null>`(
  select to_char(min(x.vip_end_time), 'YYYY-MM-DD') from ${hold} x
  where x.hold_id <> 1
    and x.hold_id = any(string_to_array(trim(both '/' from ${hold.path}), '/')::int[])
)`;

const accountColumns = {
  userId: account.user_id,
  userName: account.user_name,
  trueName: account.true_name,
  passwordHash: account.password_hash,
  defaultPassword: account.default_password,
  holdId: hold.hold_id,
  holdName: hold.hold_name,
  holdType: hold.hold_type,
  holdPath: hold.path,
  serviceEnd,
  roleId: account.role_id,
  roleName: role.role_name,
  roleBuiltin: role.builtin,
  roleStored: role.permissions,
};

/** An account's role and the keys it holds, read with the account (no round trip of its own). */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

/** A live account in a live organisation, by login name without regard to case. */
export async function findAccountByName(q: Queryable, userName: string) {
  const [row] = await q
    .select(accountColumns)
    .from(account)
    .innerJoin(hold, and(eq(hold.hold_id, account.hold_id), isNull(hold.deleted_at)))
    .innerJoin(role, eq(role.role_id, account.role_id))
    .where(and(sql`lower(${account.user_name}) = lower(${userName})`, isNull(account.deleted_at)))
    .limit(1);
  return row;
}

export async function findAccountById(q: Queryable, userId: number) {
  const [row] = await q
    .select(accountColumns)
    .from(account)
    .innerJoin(hold, and(eq(hold.hold_id, account.hold_id), isNull(hold.deleted_at)))
    .innerJoin(role, eq(role.role_id, account.role_id))
    .where(and(eq(account.user_id, userId), isNull(account.deleted_at)))
    .limit(1);
  return row;
}

/** Attempts at one account name take turns until the transaction ends, on every server (an advisory lock). */
export async function takeAttemptTurn(q: Queryable, userName: string): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${'login:' + userName.toLowerCase()}))`);
}

/** Failed login attempts for an account name since `since` (the lock-out reads them). */
export async function recentFailures(q: Queryable, userName: string, since: Date): Promise<Attempt[]> {
  const rows = await q
    .select({ at: sysLog.create_time, ip: sysLog.ip })
    .from(sysLog)
    .where(
      and(
        sql`${sysLog.log_type} = 1`,
        sql`lower(${sysLog.user_name}) = lower(${userName})`,
        gt(sysLog.create_time, since),
        eq(sysLog.outcome, 'failure'),
      ),
    )
    .orderBy(sql`${sysLog.create_time} desc`)
    .limit(500);
  return rows;
}

export async function insertSession(
  q: Queryable,
  values: {
    tokenHash: string;
    userId: number;
    holdId: number;
    remember: boolean;
    ip: string;
    now: Date;
    expiresAt: Date;
    client: LoginClient;
  },
): Promise<void> {
  await q.insert(session).values({
    token_hash: values.tokenHash,
    user_id: values.userId,
    hold_id: values.holdId,
    remember: values.remember,
    ip: values.ip,
    create_time: values.now,
    expires_at: values.expiresAt,
    client: values.client,
  });
}

const { passwordHash: _passwordHash, ...callerColumns } = accountColumns;

/** The organisation of the phone a session is bound to: it must still be live and inside the account's subtree. */
const phoneHold = alias(hold, 'phone_hold');

/** Sessions, their live account, role and organisation, and their bound phone's place (when bound) in scope. */
function liveSessions(q: Queryable) {
  return q
    .select({
      tokenHash: session.token_hash,
      sessionId: session.session_id,
      expiresAt: session.expires_at,
      client: session.client,
      deviceId: session.device_id,
      ...callerColumns,
    })
    .from(session)
    .innerJoin(account, and(eq(account.user_id, session.user_id), isNull(account.deleted_at)))
    .innerJoin(hold, and(eq(hold.hold_id, account.hold_id), isNull(hold.deleted_at)))
    .innerJoin(role, eq(role.role_id, account.role_id))
    .leftJoin(device, and(eq(device.object_id, session.device_id), isNull(device.deleted_at)))
    .leftJoin(phoneHold, eq(phoneHold.hold_id, device.hold_id));
}

const liveSession = (now: Date | Placeholder) =>
  and(
    isNull(session.revoked_at),
    gt(session.expires_at, now),
    sql`(${session.device_id} is null or starts_with(${phoneHold.path}, ${hold.path}))`,
  );

const callerByToken = preparedStatement((q) =>
  liveSessions(q)
    .where(and(eq(session.token_hash, sql.placeholder('tokenHash')), liveSession(sql.placeholder('now'))))
    .limit(1)
    .prepare('caller_by_token'),
);

type SessionRow = Awaited<ReturnType<ReturnType<typeof liveSessions>['execute']>>[number];

function callerOfSession(row: SessionRow): Caller {
  const { tokenHash: _tokenHash, expiresAt: _expiresAt, sessionId, client, deviceId, ...account } = row;
  return callerOf(account, { sessionId, client: client === 'app' ? 'app' : 'console', deviceId });
}

/** The caller of an account row and a session's client and phone: the role's keys as that session may use them. */
export function callerOf(
  row: Omit<AccountRow, 'passwordHash'>,
  session: { sessionId: number; client: LoginClient; deviceId: number | null },
): Caller {
  const { serviceEnd: end, roleBuiltin, roleStored, ...account } = row;
  return {
    ...account,
    ...session,
    serviceEnd: end ?? '',
    permissions: sessionKeys(roleKeys(row.roleId, roleBuiltin, roleStored), session.client),
  };
}

/** A live session's caller, and when the session expires. */
export interface LiveSession {
  caller: Caller;
  expiresAt: Date;
}

/**
 * The session behind a live, unexpired, unrevoked token of a live account, with its role's keys, and — when the
 * session is bound to a phone — only while that phone is live and in the account's scope (a named statement, one
 * round trip; each server keeps the answer, http/access-cache.ts).
 */
export async function findSessionByToken(q: Queryable, tokenHash: string, now: Date): Promise<LiveSession | undefined> {
  const [row] = await callerByToken(q).execute({ tokenHash, now });
  return row && { caller: callerOfSession(row), expiresAt: row.expiresAt };
}

/** The callers behind many tokens at once (the alert streams' re-check: one query for every open stream). */
export async function findCallersByTokens(
  q: Queryable,
  tokenHashes: string[],
  now: Date,
): Promise<Map<string, Caller>> {
  if (tokenHashes.length === 0) return new Map();
  const rows = await liveSessions(q).where(
    and(sql`${session.token_hash} = any(${sql.param(tokenHashes)}::text[])`, liveSession(now)),
  );
  return new Map(rows.map((row) => [row.tokenHash, callerOfSession(row)]));
}

export async function revokeSession(q: Queryable, sessionId: number, now: Date): Promise<void> {
  await q
    .update(session)
    .set({ revoked_at: now })
    .where(and(eq(session.session_id, sessionId), isNull(session.revoked_at)));
}

/** Revokes every live token of an account, except one (the caller's own) when given. */
export async function revokeAccountSessions(
  q: Queryable,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<void> {
  await q
    .update(session)
    .set({ revoked_at: now })
    .where(
      and(
        eq(session.user_id, userId),
        isNull(session.revoked_at),
        exceptSessionId === undefined ? undefined : ne(session.session_id, exceptSessionId),
      ),
    );
}

export async function updatePassword(q: Queryable, userId: number, passwordHash: string): Promise<void> {
  await q
    .update(account)
    .set({ password_hash: passwordHash, default_password: false })
    .where(eq(account.user_id, userId));
}

/** Revokes every live token of these accounts (deletion, password reset). */
export async function revokeSessionsOf(q: Queryable, userIds: number[], now: Date): Promise<void> {
  await q
    .update(session)
    .set({ revoked_at: now })
    .where(and(inIds(session.user_id, userIds), isNull(session.revoked_at)));
}
