import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RoadCycle } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { account, hold, patrolCard, road, roadAccount, roadCard, shift } from '../../db/schema.js';
import { contains, inIds, localTime } from '../../db/sql.js';
import { roadScheduleColumns } from '../../db/road-schedule.js';

/** What the schedule and the lists need of a road. */
export function roadColumns(tz: string) {
  return {
    road_id: road.road_id,
    road_name: road.road_name,
    hold_id: road.hold_id,
    hold_name: hold.hold_name,
    ...roadScheduleColumns,
    walker_mode: road.walker_mode,
    shift_id: road.shift_id,
    shift_name: sql<string>`coalesce((select ${shift.shift_name} from ${shift} where ${shift.shift_id} = ${road.shift_id}), '')`,
    remark: road.remark,
    create_time: localTime(road.create_time, tz),
  };
}
export type RoadRecord = Awaited<ReturnType<typeof findRoad>> & {};

/** Live roads of the organisations, newest first, optionally filtered by name. */
export async function listRoads(q: Queryable, tz: string, holdIds: number[], name: string) {
  return q
    .select(roadColumns(tz))
    .from(road)
    .innerJoin(hold, eq(hold.hold_id, road.hold_id))
    .where(
      and(isNull(road.deleted_at), inIds(road.hold_id, holdIds), name ? contains(road.road_name, name) : undefined),
    )
    .orderBy(desc(road.create_time), desc(road.road_id));
}

export async function findRoad(q: Queryable, tz: string, roadId: number) {
  const [row] = await q
    .select(roadColumns(tz))
    .from(road)
    .innerJoin(hold, eq(hold.hold_id, road.hold_id))
    .where(and(eq(road.road_id, roadId), isNull(road.deleted_at)));
  return row;
}

export async function findRoadsByIds(q: Queryable, roadIds: number[]) {
  return q
    .select({ road_id: road.road_id, road_name: road.road_name, hold_id: road.hold_id })
    .from(road)
    .where(and(inIds(road.road_id, roadIds), isNull(road.deleted_at)));
}

/** Each road's points in walking order (live points only). */
export async function cardsOf(q: Queryable, roadIds: number[]) {
  if (roadIds.length === 0) return [];
  return q
    .select({
      road_id: roadCard.road_id,
      patrol_id: patrolCard.patrol_id,
      patrol_sn: patrolCard.patrol_sn,
      patrol_name: patrolCard.patrol_name,
    })
    .from(roadCard)
    .innerJoin(patrolCard, and(eq(patrolCard.patrol_id, roadCard.patrol_id), isNull(patrolCard.deleted_at)))
    .where(inIds(roadCard.road_id, roadIds))
    .orderBy(asc(roadCard.road_id), asc(roadCard.position));
}

/** Each road's bound accounts (live accounts only). */
export async function accountsOf(q: Queryable, roadIds: number[]) {
  if (roadIds.length === 0) return [];
  return q
    .select({
      road_id: roadAccount.road_id,
      user_id: account.user_id,
      user_name: account.user_name,
      true_name: account.true_name,
    })
    .from(roadAccount)
    .innerJoin(account, and(eq(account.user_id, roadAccount.user_id), isNull(account.deleted_at)))
    .where(inIds(roadAccount.road_id, roadIds))
    .orderBy(asc(roadAccount.road_id), asc(account.user_id));
}

export type RoadValues = {
  hold_id: number;
  road_name: string;
  cycle_repeat_type: RoadCycle;
  cycle_items: number[];
  start_minute: number | null;
  end_minute: number | null;
  time_slots: number[];
  grace_minutes: number;
  /** Who walks it (SHIFTS.md); absent keeps what is stored (a new road: its accounts). */
  walker_mode?: string;
  shift_id?: number | null;
  remark: string;
};

export async function insertRoad(q: Queryable, values: RoadValues & { create_time: Date }): Promise<number> {
  const [row] = await q.insert(road).values(values).returning({ id: road.road_id });
  return row!.id;
}

export async function updateRoad(q: Queryable, roadId: number, values: Partial<RoadValues>): Promise<void> {
  await q.update(road).set(values).where(eq(road.road_id, roadId));
}

export async function replaceCards(q: Queryable, roadId: number, patrolIds: number[]): Promise<void> {
  await q.delete(roadCard).where(eq(roadCard.road_id, roadId));
  if (patrolIds.length === 0) return;
  await q.insert(roadCard).values(patrolIds.map((patrol_id, position) => ({ road_id: roadId, patrol_id, position })));
}

export async function replaceAccounts(q: Queryable, roadId: number, userIds: number[]): Promise<void> {
  await q.delete(roadAccount).where(eq(roadAccount.road_id, roadId));
  if (userIds.length === 0) return;
  await q.insert(roadAccount).values(userIds.map((user_id) => ({ road_id: roadId, user_id })));
}

export async function closeRoad(q: Queryable, roadId: number, now: Date): Promise<void> {
  await q
    .update(road)
    .set({ closed_at: now })
    .where(and(eq(road.road_id, roadId), isNull(road.closed_at)));
}

export async function softDeleteRoads(q: Queryable, roadIds: number[], now: Date): Promise<void> {
  await q
    .update(road)
    .set({ deleted_at: now })
    .where(and(inIds(road.road_id, roadIds), isNull(road.deleted_at)));
}

/** Live points and accounts by id, with their organisation paths (to check they lie under the road's organisation). */
export async function cardsByIds(q: Queryable, ids: number[]) {
  return q
    .select({ id: patrolCard.patrol_id, name: patrolCard.patrol_name, path: hold.path })
    .from(patrolCard)
    .innerJoin(hold, eq(hold.hold_id, patrolCard.hold_id))
    .where(and(inArray(patrolCard.patrol_id, ids), isNull(patrolCard.deleted_at)));
}

export async function accountsByIds(q: Queryable, ids: number[]) {
  return q
    .select({ id: account.user_id, name: account.user_name, path: hold.path })
    .from(account)
    .innerJoin(hold, eq(hold.hold_id, account.hold_id))
    .where(and(inArray(account.user_id, ids), isNull(account.deleted_at)));
}

/** Live roads of the organisations as options. */
export async function roadOptions(q: Queryable, holdIds: number[]) {
  return q
    .select({ road_id: road.road_id, road_name: road.road_name })
    .from(road)
    .where(and(isNull(road.deleted_at), inIds(road.hold_id, holdIds)))
    .orderBy(asc(road.road_name));
}
