import { and, asc, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Paging } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { account, hold, role } from '../../db/schema.js';
import { contains, inIds, pageWindow } from '../../db/sql.js';

/** What the role rows read: the keys as stored (a built-in role's come from the contract, see role.service.ts). */
function roleColumns(callerPath: string) {
  return {
    role_id: role.role_id,
    role_name: role.role_name,
    hold_id: role.hold_id,
    hold_name: hold.hold_name,
    hold_path: hold.path,
    builtin: role.builtin,
    stored: role.permissions,
    remark: role.remark,
    // Live accounts of the role that the caller can see (its own subtree), never those beyond it.
    account_count: sql<number>`(
      select count(*)::int from ${account} a join ${hold} ah on ah.hold_id = a.hold_id
      where a.role_id = ${role.role_id} and a.deleted_at is null and starts_with(ah.path, ${callerPath})
    )`,
  };
}

/** A built-in role, or a live custom role of a live organisation (read joined with its organisation). */
const liveRole = or(eq(role.builtin, true), and(isNull(role.deleted_at), isNull(hold.deleted_at)));

/** Built-in roles, and the live custom roles of these organisations, optionally by name. */
function listFilter(holdIds: number[], name: string): SQL | undefined {
  return and(
    liveRole,
    or(eq(role.builtin, true), inIds(role.hold_id, holdIds)),
    name ? contains(role.role_name, name) : undefined,
  );
}

export async function listRoles(q: Queryable, callerPath: string, holdIds: number[], name: string, paging: Paging) {
  const where = listFilter(holdIds, name);
  const [{ total } = { total: 0 }] = await q
    .select({ total: count() })
    .from(role)
    .leftJoin(hold, eq(hold.hold_id, role.hold_id))
    .where(where);
  const { limit, offset } = pageWindow(paging);
  const rows = await q
    .select(roleColumns(callerPath))
    .from(role)
    .leftJoin(hold, eq(hold.hold_id, role.hold_id))
    .where(where)
    .orderBy(desc(role.builtin), asc(role.role_id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/** A role by id: a built-in one, or a live custom one. */
export async function findRole(q: Queryable, callerPath: string, roleId: number) {
  const [row] = await q
    .select(roleColumns(callerPath))
    .from(role)
    .leftJoin(hold, eq(hold.hold_id, role.hold_id))
    .where(and(eq(role.role_id, roleId), liveRole));
  return row;
}

/** Several roles by id (built-in or live), to remove. */
export async function findRoles(q: Queryable, roleIds: number[]) {
  return q
    .select({
      role_id: role.role_id,
      role_name: role.role_name,
      hold_id: role.hold_id,
      builtin: role.builtin,
      path: hold.path,
    })
    .from(role)
    .leftJoin(hold, eq(hold.hold_id, role.hold_id))
    .where(and(inIds(role.role_id, roleIds), liveRole));
}

/** The built-in roles and the live custom roles of these organisations, for a picker. */
export async function rolesOf(q: Queryable, holdIds: number[]) {
  return q
    .select({ role_id: role.role_id, role_name: role.role_name, builtin: role.builtin, stored: role.permissions })
    .from(role)
    .leftJoin(hold, eq(hold.hold_id, role.hold_id))
    .where(and(liveRole, or(eq(role.builtin, true), inIds(role.hold_id, holdIds))))
    .orderBy(desc(role.builtin), asc(role.role_id));
}

/** Whether a live role of this organisation (or a built-in one) already has this name. */
export async function roleNameTaken(q: Queryable, holdId: number, name: string, exceptRoleId: number) {
  const [row] = await q
    .select({ id: role.role_id })
    .from(role)
    .where(
      and(
        eq(role.role_name, name),
        ne(role.role_id, exceptRoleId),
        or(eq(role.builtin, true), and(eq(role.hold_id, holdId), isNull(role.deleted_at))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRole(
  q: Queryable,
  values: { hold_id: number; role_name: string; permissions: string[]; remark: string; create_time: Date },
): Promise<number> {
  const [row] = await q.insert(role).values(values).returning({ id: role.role_id });
  return row!.id;
}

export async function updateRole(
  q: Queryable,
  roleId: number,
  values: { role_name: string; permissions: string[]; remark: string },
): Promise<void> {
  await q.update(role).set(values).where(eq(role.role_id, roleId));
}

export async function softDeleteRoles(q: Queryable, roleIds: number[], now: Date): Promise<void> {
  await q
    .update(role)
    .set({ deleted_at: now })
    .where(and(inIds(role.role_id, roleIds), isNull(role.deleted_at)));
}

/** The roles among these that a live account (anywhere) still has. */
export async function rolesInUse(q: Queryable, roleIds: number[]): Promise<number[]> {
  const rows = await q
    .selectDistinct({ id: account.role_id })
    .from(account)
    .where(and(inIds(account.role_id, roleIds), isNull(account.deleted_at)));
  return rows.map((r) => r.id);
}
