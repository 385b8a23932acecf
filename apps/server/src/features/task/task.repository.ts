import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TaskMode } from '@guard-tour/contract';
import type { Queryable } from '../../db/client.js';
import { device, hold, road, shift, task } from '../../db/schema.js';
import { contains, dateText, inIds, localTime } from '../../db/sql.js';
import { taskScheduleColumns } from '../../db/road-schedule.js';

function taskColumns(tz: string) {
  return {
    task_id: task.task_id,
    hold_id: task.hold_id,
    hold_name: hold.hold_name,
    task_name: task.task_name,
    road_id: task.road_id,
    road_name: road.road_name,
    road_closed_at: road.closed_at,
    object_id: task.object_id,
    device_name: device.object_name,
    device_no: device.device_no,
    ...taskScheduleColumns,
    walker_mode: task.walker_mode,
    shift_id: task.shift_id,
    shift_name: sql<string>`coalesce((select ${shift.shift_name} from ${shift} where ${shift.shift_id} = ${task.shift_id}), '')`,
    expire_time: dateText(task.expire_date),
    create_time: localTime(task.create_time, tz),
  };
}

function selectTasks(q: Queryable, tz: string) {
  return q
    .select(taskColumns(tz))
    .from(task)
    .innerJoin(hold, eq(hold.hold_id, task.hold_id))
    .innerJoin(road, eq(road.road_id, task.road_id))
    .innerJoin(device, eq(device.object_id, task.object_id));
}

export type TaskRecord = Awaited<ReturnType<typeof findTask>> & {};

export async function listTasks(q: Queryable, tz: string, holdIds: number[], taskName: string, roadName: string) {
  return selectTasks(q, tz)
    .where(
      and(
        isNull(task.deleted_at),
        inIds(task.hold_id, holdIds),
        taskName ? contains(task.task_name, taskName) : undefined,
        roadName ? contains(road.road_name, roadName) : undefined,
      ),
    )
    .orderBy(desc(task.create_time), desc(task.task_id));
}

export async function findTask(q: Queryable, tz: string, taskId: number) {
  const [row] = await selectTasks(q, tz).where(and(eq(task.task_id, taskId), isNull(task.deleted_at)));
  return row;
}

export async function findTasksByIds(q: Queryable, taskIds: number[]) {
  return q
    .select({ task_id: task.task_id, task_name: task.task_name, hold_id: task.hold_id })
    .from(task)
    .where(and(inIds(task.task_id, taskIds), isNull(task.deleted_at)));
}

/** A live device with its organisation path. */
export async function findDevice(q: Queryable, objectId: number) {
  const [row] = await q
    .select({ hold_id: device.hold_id, object_name: device.object_name, path: hold.path })
    .from(device)
    .innerJoin(hold, eq(hold.hold_id, device.hold_id))
    .where(and(eq(device.object_id, objectId), isNull(device.deleted_at)));
  return row;
}

/** A live road with its organisation path. */
export async function findRoadRef(q: Queryable, roadId: number) {
  const [row] = await q
    .select({ hold_id: road.hold_id, road_name: road.road_name, path: hold.path })
    .from(road)
    .innerJoin(hold, eq(hold.hold_id, road.hold_id))
    .where(and(eq(road.road_id, roadId), isNull(road.deleted_at)));
  return row;
}

export type TaskValues = {
  hold_id: number;
  task_name: string;
  road_id: number;
  object_id: number;
  cycle_repeat_mode: TaskMode;
  cycle_items: number[];
  single_date: string | null;
  start_minute: number | null;
  end_minute: number | null;
  time_slots: number[];
  grace_minutes: number;
  walker_mode: string;
  shift_id: number | null;
  expire_date: string | null;
};

export async function insertTask(q: Queryable, values: TaskValues & { create_time: Date }): Promise<number> {
  const [row] = await q.insert(task).values(values).returning({ id: task.task_id });
  return row!.id;
}

export async function updateTask(q: Queryable, taskId: number, values: TaskValues): Promise<void> {
  await q.update(task).set(values).where(eq(task.task_id, taskId));
}

export async function softDeleteTasks(q: Queryable, taskIds: number[], now: Date): Promise<void> {
  await q
    .update(task)
    .set({ deleted_at: now })
    .where(and(inIds(task.task_id, taskIds), isNull(task.deleted_at)));
}
