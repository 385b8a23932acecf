import {
  LogType,
  STATUS_TEXT,
  TaskMode,
  cycleItemsText,
  cycleText,
  type Page,
  type TaskRow,
  type saveTaskInput,
  type taskListInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { writeLog } from '../../audit/audit.js';
import { formatClock } from '../../domain/cycle-items.js';
import { RoundStatus } from '../../domain/schedule.js';
import { rowSlots, taskSchedule } from '../../domain/stored-schedule.js';
import { localDate } from '../../domain/time.js';
import { invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { cardsOfRoads, readSlotsOr } from '../road/road.service.js';
import { followSaved, liveStatuses } from '../round/round.service.js';
import { walkerShift } from '../shift/shift.service.js';
import * as repo from './task.repository.js';
import { readTaskItems, readTaskTime } from './task.rules.js';

const MISSING = '任务不存在或已删除';
type TaskRecord = NonNullable<Awaited<ReturnType<typeof repo.findTask>>>;

async function toRows(ctx: AppContext, q: Queryable, tasks: TaskRecord[]): Promise<TaskRow[]> {
  const cards = await cardsOfRoads(q, [...new Set(tasks.map((t) => t.road_id))]);
  const schedules = new Map(tasks.map((t) => [t.task_id, taskSchedule(t, t.road_closed_at !== null)]));
  const statuses = await liveStatuses(
    ctx,
    q,
    'task',
    tasks.map((t) => ({
      id: t.task_id,
      schedule: schedules.get(t.task_id)!,
      cards: cards.filter((c) => c.road_id === t.road_id).length,
    })),
  );
  return tasks.map((t) => {
    const status = statuses.get(t.task_id) ?? RoundStatus.notStarted;
    const { cycle } = schedules.get(t.task_id)!;
    return {
      task_id: t.task_id,
      hold_id: t.hold_id,
      hold_name: t.hold_name,
      task_name: t.task_name,
      road_id: t.road_id,
      road_name: t.road_name,
      object_id: t.object_id,
      device_name: t.device_name || t.device_no,
      device_no: t.device_no,
      cycle_repeat_mode: t.cycle_repeat_mode,
      cycle_repeat_value: cycleItemsText(cycle),
      cycle_text: cycleText(cycle),
      single_date: cycle.mode === 'once' ? cycle.date : '',
      start_time: formatClock(t.start_minute),
      end_time: formatClock(t.end_minute),
      time_slots: rowSlots(t),
      grace_minutes: t.grace_minutes,
      walker_mode: t.walker_mode === 'shift' ? ('shift' as const) : ('accounts' as const),
      shift_id: t.shift_id ?? 0,
      shift_name: t.shift_name,
      expire_time: t.expire_time,
      patrol_card_names: cards
        .filter((c) => c.road_id === t.road_id)
        .map((c) => c.patrol_name || c.patrol_sn)
        .join(','),
      status,
      status_text: STATUS_TEXT[status] ?? '',
      create_time: t.create_time,
    };
  });
}

export async function listTasks(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof taskListInput>,
): Promise<Page<TaskRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const all = await toRows(
    ctx,
    ctx.db,
    await repo.listTasks(ctx.db, ctx.config.tzName, holdIds, input.task_name, input.road_name),
  );
  const matching = input.task_status === -1 ? all : all.filter((t) => t.status === input.task_status);
  const offset = (input.page - 1) * input.pageSize;
  return { rows: matching.slice(offset, offset + input.pageSize), total: matching.length };
}

export async function taskDetail(ctx: AppContext, scope: Scope, taskId: number): Promise<TaskRow> {
  const record = await scope.visible(await repo.findTask(ctx.db, ctx.config.tzName, taskId), MISSING);
  const [row] = await toRows(ctx, ctx.db, [record]);
  return row!;
}

/** Saves a task: a road walked by one terminal on its own cycle, window (may cross midnight) and expiry. */
export async function saveTask(ctx: AppContext, scope: Scope, input: z.output<typeof saveTaskInput>) {
  const items = readTaskItems(input.cycle_repeat_mode, input.cycle_repeat_value);
  // With slots the clocks of start_time/end_time are ignored; start_time may still carry a single task's day.
  const withSlots = input.time_slots !== undefined;
  const start = withSlots
    ? { minute: null, date: /^\d{4}-\d{2}-\d{2}/.exec(input.start_time)?.[0] ?? null }
    : readTaskTime(input.start_time);
  const end = withSlots ? { minute: null, date: null } : readTaskTime(input.end_time);
  const window = readSlotsOr(input.time_slots, () => ({
    start_minute: start.minute,
    end_minute: end.minute,
    time_slots: [] as number[],
  }));
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const txScope = scope.on(tx);
    const owner = await txScope.hold(input.holdId);
    const road = await txScope.visible(await repo.findRoadRef(tx, input.road_id), '线路不存在或已删除');
    const device = await txScope.visible(await repo.findDevice(tx, input.object_id), '设备不存在或已删除');
    if (!device.path.startsWith(owner.path)) throw invalid(`设备「${device.object_name}」不属于该任务的组织`);
    const values: repo.TaskValues = {
      hold_id: owner.hold_id,
      task_name: input.task_name,
      road_id: input.road_id,
      object_id: input.object_id,
      cycle_repeat_mode: input.cycle_repeat_mode,
      cycle_items: items,
      single_date:
        input.cycle_repeat_mode === TaskMode.single ? (start.date ?? localDate(now, ctx.config.tzName)) : null,
      ...window,
      grace_minutes: input.grace_minutes,
      walker_mode: input.walker_mode ?? 'accounts',
      shift_id: input.walker_mode === 'shift' ? await walkerShift(tx, scope, input.shift_id, owner.path) : null,
      expire_date: input.expire_date || null,
    };
    let taskId = input.task_id;
    if (taskId === 0) {
      taskId = await repo.insertTask(tx, { ...values, create_time: now });
    } else {
      await txScope.visible(await repo.findTask(tx, ctx.config.tzName, taskId), MISSING);
      await repo.updateTask(tx, taskId, values);
    }
    await followSaved(ctx, tx, { taskIds: [taskId] });
    await writeLog(tx, {
      type: input.task_id === 0 ? LogType.create : LogType.update,
      actor: scope.actor,
      at: now,
      content: `${input.task_id === 0 ? '新增' : '修改'}任务 ${input.task_name}（ID ${taskId}），线路 ${road.road_name}，设备 ${device.object_name}，宽限 ${input.grace_minutes} 分钟`,
    });
    return { task_id: taskId };
  });
}

export async function removeTasks(ctx: AppContext, scope: Scope, taskIds: number[]): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.findTasksByIds(tx, taskIds);
    for (const id of new Set(taskIds)) {
      const row = rows.find((r) => r.task_id === id);
      if (!row) throw notFound(MISSING);
      await scope.on(tx).visible(row, MISSING);
    }
    await repo.softDeleteTasks(tx, taskIds, now);
    await followSaved(ctx, tx, { taskIds });
    const names = rows.map((r) => `${r.task_name}（ID ${r.task_id}）`).join('、');
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除任务 ${names}`,
    });
  });
}
