import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { PHONE_OBJECT_TYPE } from '@guard-tour/contract';
import type { Queryable } from '../db/client.js';
import { account, device, hold, patrolCard, road, roadAccount, roadCard, task } from '../db/schema.js';
import { roadScheduleColumns, taskScheduleColumns } from '../db/road-schedule.js';
import { roadSchedule, taskSchedule } from '../domain/stored-schedule.js';
import type { PatrolRoute } from './punch-walk.js';

/**
 * The routes guards walk, read from the database: every open road (walked by its accounts with the reader
 * terminals of its organisation; phones are left out) and every task (walked by its terminal, carried by one of the road's accounts, so that
 * 人员统计 has a person on most punches).
 */
export async function loadRoutes(q: Queryable): Promise<PatrolRoute[]> {
  const roads = await q
    .select({
      road_id: road.road_id,
      path: hold.path,
      ...roadScheduleColumns,
    })
    .from(road)
    .innerJoin(hold, eq(hold.hold_id, road.hold_id))
    .where(and(isNull(road.deleted_at), isNull(road.closed_at)));
  const cards = await q
    .select({ road_id: roadCard.road_id, sn: patrolCard.patrol_sn })
    .from(roadCard)
    .innerJoin(patrolCard, and(eq(patrolCard.patrol_id, roadCard.patrol_id), isNull(patrolCard.deleted_at)))
    .orderBy(roadCard.road_id, roadCard.position);
  const walkers = await q
    .select({ road_id: roadAccount.road_id, name: account.user_name })
    .from(roadAccount)
    .innerJoin(account, and(eq(account.user_id, roadAccount.user_id), isNull(account.deleted_at)));
  const devices = await q
    .select({ device_no: device.device_no, path: hold.path })
    .from(device)
    .innerJoin(hold, eq(hold.hold_id, device.hold_id))
    // A guard's phone (手机) punches through the guard app, never as a reader walking the roads.
    .where(and(isNull(device.deleted_at), ne(device.object_type, PHONE_OBJECT_TYPE)));
  const tasks = await q
    .select({
      road_id: task.road_id,
      device_no: device.device_no,
      ...taskScheduleColumns,
    })
    .from(task)
    .innerJoin(device, eq(device.object_id, task.object_id))
    .innerJoin(road, and(eq(road.road_id, task.road_id), isNull(road.closed_at)))
    .where(and(isNull(task.deleted_at), sql`${device.deleted_at} is null`));
  const cardsOf = (roadId: number) => cards.filter((c) => c.road_id === roadId).map((c) => c.sn);
  const walkersOf = (roadId: number) => walkers.filter((w) => w.road_id === roadId).map((w) => w.name);
  return [
    ...roads.map((r) => ({
      schedule: roadSchedule(r),
      cards: cardsOf(r.road_id),
      walkers: walkersOf(r.road_id),
      devices: devices.filter((d) => d.path.startsWith(r.path)).map((d) => d.device_no),
      grace: r.grace_minutes,
    })),
    ...tasks.map((t) => ({
      schedule: taskSchedule(t, false),
      cards: cardsOf(t.road_id),
      walkers: walkersOf(t.road_id),
      devices: [t.device_no],
      grace: t.grace_minutes,
    })),
  ];
}
