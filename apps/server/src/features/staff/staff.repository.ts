import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { BuiltinRole, type Paging } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { account, hold, role } from '../../db/schema.js';
import { contains, inIds, localTime, pageWindow } from '../../db/sql.js';

/** The operator: its last 管理员 account is kept (ROLES.md). */
const ROOT_HOLD_ID = 1;

export function staffColumns(tz: string) {
  return {
    user_id: account.user_id,
    user_name: account.user_name,
    true_name: account.true_name,
    hold_id: account.hold_id,
    hold_name: hold.hold_name,
    remark: account.remark,
    create_time: localTime(account.create_time, tz),
    role_id: account.role_id,
    role_name: role.role_name,
  };
}

function listFilter(holdIds: number[], name: string, roleId: number | undefined) {
  return and(
    isNull(account.deleted_at),
    inIds(account.hold_id, holdIds),
    name ? or(contains(account.user_name, name), contains(account.true_name, name)) : undefined,
    roleId === undefined ? undefined : eq(account.role_id, roleId),
  );
}

export async function listStaff(
  q: Queryable,
  tz: string,
  holdIds: number[],
  filter: { name: string; roleId: number | undefined },
  paging: Paging,
) {
  const where = listFilter(holdIds, filter.name, filter.roleId);
  const [{ total } = { total: 0 }] = await q.select({ total: count() }).from(account).where(where);
  const { limit, offset } = pageWindow(paging);
  const rows = await q
    .select(staffColumns(tz))
    .from(account)
    .innerJoin(hold, eq(hold.hold_id, account.hold_id))
    .innerJoin(role, eq(role.role_id, account.role_id))
    .where(where)
    .orderBy(desc(account.create_time), desc(account.user_id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

export async function findStaff(q: Queryable, tz: string, userId: number) {
  const [row] = await q
    .select({ ...staffColumns(tz), hold_admin: account.hold_admin })
    .from(account)
    .innerJoin(hold, eq(hold.hold_id, account.hold_id))
    .innerJoin(role, eq(role.role_id, account.role_id))
    .where(and(eq(account.user_id, userId), isNull(account.deleted_at)));
  return row;
}

export async function findStaffByIds(q: Queryable, userIds: number[]) {
  return q
    .select({
      user_id: account.user_id,
      user_name: account.user_name,
      true_name: account.true_name,
      hold_id: account.hold_id,
      hold_admin: account.hold_admin,
      role_id: account.role_id,
    })
    .from(account)
    .where(and(inIds(account.user_id, userIds), isNull(account.deleted_at)));
}

export async function accountOptions(q: Queryable, holdIds: number[]) {
  return q
    .select({ user_id: account.user_id, true_name: account.true_name, user_name: account.user_name })
    .from(account)
    .where(and(isNull(account.deleted_at), inIds(account.hold_id, holdIds)))
    .orderBy(account.user_name);
}

/** Whether a live account other than `exceptUserId` already has this login name (any letter case). */
export async function userNameTaken(q: Queryable, userName: string, exceptUserId = 0): Promise<boolean> {
  const [row] = await q
    .select({ id: account.user_id })
    .from(account)
    .where(
      and(
        sql`lower(${account.user_name}) = lower(${userName})`,
        isNull(account.deleted_at),
        ne(account.user_id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertAccount(
  q: Queryable,
  values: {
    hold_id: number;
    user_name: string;
    true_name: string;
    password_hash: string;
    remark: string;
    hold_admin: boolean;
    role_id: number;
    create_time: Date;
  },
): Promise<number> {
  const [row] = await q.insert(account).values(values).returning({ id: account.user_id });
  return row!.id;
}

export async function updateAccount(
  q: Queryable,
  userId: number,
  values: Partial<{
    hold_id: number;
    user_name: string;
    true_name: string;
    password_hash: string;
    remark: string;
    default_password: boolean;
    role_id: number;
  }>,
): Promise<void> {
  await q.update(account).set(values).where(eq(account.user_id, userId));
}

export async function softDeleteAccounts(q: Queryable, userIds: number[], now: Date): Promise<void> {
  await q
    .update(account)
    .set({ deleted_at: now })
    .where(and(inIds(account.user_id, userIds), isNull(account.deleted_at)));
}

/** The admin account of each organisation (created with it). */
export async function holdAdmins(q: Queryable, holdIds: number[]) {
  return q
    .select({
      user_id: account.user_id,
      hold_id: account.hold_id,
      user_name: account.user_name,
      true_name: account.true_name,
    })
    .from(account)
    .where(and(inIds(account.hold_id, holdIds), eq(account.hold_admin, true), isNull(account.deleted_at)));
}

/**
 * The live 管理员 accounts of organisation 1 other than these, locked until the transaction ends: two demotions at
 * once cannot both count the other as the one that stays.
 */
export async function otherRootAdmins(q: Queryable, exceptUserIds: number[]): Promise<number> {
  const rows = await q
    .select({ id: account.user_id })
    .from(account)
    .where(and(eq(account.hold_id, ROOT_HOLD_ID), eq(account.role_id, BuiltinRole.admin), isNull(account.deleted_at)))
    .for('update');
  return rows.filter((row) => !exceptUserIds.includes(row.id)).length;
}
