import { and, count, desc, eq, isNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { CardSearchType, Paging } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { checklist, hold, patrolCard } from '../../db/schema.js';
import { contains, inIds, localTime, pageWindow } from '../../db/sql.js';

const searchColumns: Record<CardSearchType, AnyColumn> = {
  patrol_sn: patrolCard.patrol_sn,
  patrol_name: patrolCard.patrol_name,
  location: patrolCard.location,
};

function cardColumns(tz: string) {
  return {
    patrol_id: patrolCard.patrol_id,
    patrol_sn: patrolCard.patrol_sn,
    patrol_name: patrolCard.patrol_name,
    location: patrolCard.location,
    remark: patrolCard.remark,
    hold_id: patrolCard.hold_id,
    hold_name: hold.hold_name,
    create_time: localTime(patrolCard.create_time, tz),
    // Where the point is (SAFETY.md): doubles, null until set.
    lat: sql<number | null>`${patrolCard.lat}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    lng: sql<number | null>`${patrolCard.lng}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    radius: patrolCard.radius,
    // The point's checklist (INSPECTION.md): 0 and '' when none (or its template was deleted).
    checklist_id: sql<number>`coalesce((select ${checklist.checklist_id} from ${checklist}
      where ${checklist.checklist_id} = ${patrolCard.checklist_id} and ${checklist.deleted_at} is null), 0)`.mapWith(
      Number,
    ),
    checklist_name: sql<string>`coalesce((select ${checklist.checklist_name} from ${checklist}
      where ${checklist.checklist_id} = ${patrolCard.checklist_id} and ${checklist.deleted_at} is null), '')`,
  };
}

export interface CardFilter {
  holdIds: number[];
  searchType: CardSearchType;
  key: string;
}

export async function listCards(q: Queryable, tz: string, filter: CardFilter, paging: Paging) {
  const where = and(
    isNull(patrolCard.deleted_at),
    inIds(patrolCard.hold_id, filter.holdIds),
    filter.key ? contains(searchColumns[filter.searchType], filter.key) : undefined,
  );
  const [{ total } = { total: 0 }] = await q.select({ total: count() }).from(patrolCard).where(where);
  const { limit, offset } = pageWindow(paging);
  const rows = await q
    .select(cardColumns(tz))
    .from(patrolCard)
    .innerJoin(hold, eq(hold.hold_id, patrolCard.hold_id))
    .where(where)
    .orderBy(desc(patrolCard.create_time), desc(patrolCard.patrol_id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

export async function findCard(q: Queryable, tz: string, patrolId: number) {
  const [row] = await q
    .select(cardColumns(tz))
    .from(patrolCard)
    .innerJoin(hold, eq(hold.hold_id, patrolCard.hold_id))
    .where(and(eq(patrolCard.patrol_id, patrolId), isNull(patrolCard.deleted_at)));
  return row;
}

export async function findCardsByIds(q: Queryable, patrolIds: number[]) {
  return q
    .select({
      patrol_id: patrolCard.patrol_id,
      patrol_sn: patrolCard.patrol_sn,
      patrol_name: patrolCard.patrol_name,
      hold_id: patrolCard.hold_id,
    })
    .from(patrolCard)
    .where(and(inIds(patrolCard.patrol_id, patrolIds), isNull(patrolCard.deleted_at)));
}

/** Whether a live point other than `exceptId` has this card number (numbers are stored in upper case). */
export async function cardSnTaken(q: Queryable, patrolSn: string, exceptId = 0): Promise<boolean> {
  const [row] = await q
    .select({ id: patrolCard.patrol_id })
    .from(patrolCard)
    .where(
      and(
        sql`upper(${patrolCard.patrol_sn}) = ${patrolSn}`,
        isNull(patrolCard.deleted_at),
        ne(patrolCard.patrol_id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface CardValues {
  hold_id: number;
  patrol_sn: string;
  patrol_name: string;
  location: string;
  remark: string;
  /** SAFETY.md: absent, unchanged; null clears the position. */
  lat?: number | null;
  lng?: number | null;
  radius?: number;
  /** Absent: unchanged (an edit without it keeps the point's template). */
  checklist_id?: number | null;
}

export async function insertCard(q: Queryable, values: CardValues & { create_time: Date }): Promise<number> {
  const [row] = await q.insert(patrolCard).values(values).returning({ id: patrolCard.patrol_id });
  return row!.id;
}

export async function updateCard(q: Queryable, patrolId: number, values: CardValues): Promise<void> {
  await q.update(patrolCard).set(values).where(eq(patrolCard.patrol_id, patrolId));
}

export async function softDeleteCards(q: Queryable, patrolIds: number[], now: Date): Promise<void> {
  await q
    .update(patrolCard)
    .set({ deleted_at: now })
    .where(and(inIds(patrolCard.patrol_id, patrolIds), isNull(patrolCard.deleted_at)));
}

export async function cardOptions(q: Queryable, holdIds: number[]) {
  return q
    .select({ patrol_id: patrolCard.patrol_id, patrol_name: patrolCard.patrol_name, patrol_sn: patrolCard.patrol_sn })
    .from(patrolCard)
    .where(and(isNull(patrolCard.deleted_at), inIds(patrolCard.hold_id, holdIds)))
    .orderBy(patrolCard.patrol_name, patrolCard.patrol_id);
}
