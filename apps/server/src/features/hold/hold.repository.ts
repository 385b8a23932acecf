import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { HOLD_TYPE_TEXT, type Paging } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { account, hold } from '../../db/schema.js';
import { contains, dateText, inIds, localTime, pageWindow } from '../../db/sql.js';

const parent = alias(hold, 'parent');
const admin = alias(account, 'admin');

function holdColumns(tz: string) {
  return {
    hold_id: hold.hold_id,
    hold_name: hold.hold_name,
    hold_type: hold.hold_type,
    hold_type_text: sql<string>`case ${hold.hold_type} ${sql.raw(
      Object.entries(HOLD_TYPE_TEXT)
        .map(([type, text]) => `when ${Number(type)} then '${text}'`)
        .join(' '),
    )} else '' end`,
    parent_hold_id: hold.parent_hold_id,
    parent_name: sql<string>`coalesce(${parent.hold_name}, '')`,
    user_id: admin.user_id,
    user_name: sql<string>`coalesce(${admin.user_name}, '')`,
    true_name: sql<string>`coalesce(${admin.true_name}, '')`,
    contacts: hold.contacts,
    phone: hold.phone,
    vip_end_time: dateText(hold.vip_end_time),
    remark: hold.remark,
    create_time: localTime(hold.create_time, tz),
    enter_user_name: hold.enter_user_name,
  };
}

function selectHolds(q: Queryable, tz: string) {
  return q
    .select({ ...holdColumns(tz), path: hold.path })
    .from(hold)
    .leftJoin(parent, eq(parent.hold_id, hold.parent_hold_id))
    .leftJoin(admin, and(eq(admin.hold_id, hold.hold_id), eq(admin.hold_admin, true), isNull(admin.deleted_at)));
}

/** The chosen organisation first, then the rest of its subtree newest first. */
export async function listHolds(
  q: Queryable,
  tz: string,
  rootId: number,
  holdIds: number[],
  name: string,
  paging: Paging,
) {
  const where = and(
    isNull(hold.deleted_at),
    inIds(hold.hold_id, holdIds),
    name ? contains(hold.hold_name, name) : undefined,
  );
  const [{ total } = { total: 0 }] = await q.select({ total: count() }).from(hold).where(where);
  const { limit, offset } = pageWindow(paging);
  const rows = await selectHolds(q, tz)
    .where(where)
    .orderBy(sql`${hold.hold_id} = ${rootId} desc`, desc(hold.create_time), desc(hold.hold_id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

export async function findHold(q: Queryable, tz: string, holdId: number) {
  const [row] = await selectHolds(q, tz).where(and(eq(hold.hold_id, holdId), isNull(hold.deleted_at)));
  return row;
}

/** Live organisations of a subtree, parents before children, children in id order. */
export async function subtree(q: Queryable, rootPath: string) {
  return q
    .select({ id: hold.hold_id, label: hold.hold_name, parentId: hold.parent_hold_id, path: hold.path })
    .from(hold)
    .where(and(sql`${hold.path} like ${`${rootPath}%`}`, isNull(hold.deleted_at)))
    .orderBy(asc(sql`length(${hold.path})`), asc(hold.hold_id));
}

/** An organisation's identity and place, read without scope (the caller checks why it may). */
export async function findHoldRef(q: Queryable, holdId: number) {
  const [row] = await q
    .select({ hold_id: hold.hold_id, hold_name: hold.hold_name, hold_type: hold.hold_type, path: hold.path })
    .from(hold)
    .where(eq(hold.hold_id, holdId));
  return row;
}

export async function findHoldsByIds(q: Queryable, holdIds: number[]) {
  return q
    .select({ hold_id: hold.hold_id, hold_name: hold.hold_name, path: hold.path })
    .from(hold)
    .where(and(inIds(hold.hold_id, holdIds), isNull(hold.deleted_at)));
}

/** The highest (numerically lowest) type among an organisation's live children, if any. */
export async function highestChildType(q: Queryable, holdId: number): Promise<number | null> {
  const [row] = await q
    .select({ type: sql<number | null>`min(${hold.hold_type})` })
    .from(hold)
    .where(and(eq(hold.parent_hold_id, holdId), isNull(hold.deleted_at)));
  return row?.type ?? null;
}

export async function insertHold(
  q: Queryable,
  values: {
    hold_name: string;
    hold_type: number;
    parent_hold_id: number;
    parentPath: string;
    contacts: string;
    phone: string;
    vip_end_time: string;
    remark: string;
    enter_user_name: string;
    create_time: Date;
  },
): Promise<number> {
  const { parentPath, ...row } = values;
  const [inserted] = await q
    .insert(hold)
    .values({ ...row, path: 'pending' })
    .returning({ id: hold.hold_id });
  const id = inserted!.id;
  await q
    .update(hold)
    .set({ path: `${parentPath}${id}/` })
    .where(eq(hold.hold_id, id));
  return id;
}

export async function updateHold(
  q: Queryable,
  holdId: number,
  values: Partial<{
    hold_name: string;
    hold_type: number;
    contacts: string;
    phone: string;
    vip_end_time: string;
    remark: string;
  }>,
): Promise<void> {
  await q.update(hold).set(values).where(eq(hold.hold_id, holdId));
}

/** Moves an organisation and its whole subtree under a new parent (rewrites the paths in one statement). */
export async function moveHold(
  q: Queryable,
  holdId: number,
  oldPath: string,
  newParentId: number,
  newParentPath: string,
) {
  const newPath = `${newParentPath}${holdId}/`;
  await q
    .update(hold)
    .set({ path: sql`${newPath} || substr(${hold.path}, ${oldPath.length + 1})` })
    .where(sql`${hold.path} like ${`${oldPath}%`}`);
  await q.update(hold).set({ parent_hold_id: newParentId }).where(eq(hold.hold_id, holdId));
}

export async function softDeleteHolds(q: Queryable, holdIds: number[], now: Date): Promise<void> {
  await q
    .update(hold)
    .set({ deleted_at: now })
    .where(and(inIds(hold.hold_id, holdIds), isNull(hold.deleted_at)));
}
