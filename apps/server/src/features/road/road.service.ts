import {
  LogType,
  RoadCycle,
  STATUS_TEXT,
  cycleItemsText,
  cycleText,
  roadCycleValue,
  type BoundAccount,
  type BoundCard,
  type Page,
  type RoadOption,
  type RoadRow,
  type roadInfoListInput,
  type roadListInput,
  type saveRoadInfoNewInput,
  type saveRoadInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { assertNotInUse } from '../../db/in-use.js';
import { writeLog } from '../../audit/audit.js';
import { formatClock } from '../../domain/cycle-items.js';
import { RoundStatus } from '../../domain/schedule.js';
import { roadSchedule, rowSlots } from '../../domain/stored-schedule.js';
import { invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { followSaved, liveStatuses } from '../round/round.service.js';
import { walkerShift } from '../shift/shift.service.js';
import * as repo from './road.repository.js';
import { readRoadItems, readRoadWindow, readSlotsOr } from './road.rules.js';

const MISSING = '路线不存在或已删除';
type RoadRecord = NonNullable<Awaited<ReturnType<typeof repo.findRoad>>>;

/** Road records with their points, accounts and live status, as list rows. */
async function toRows(ctx: AppContext, q: Queryable, roads: RoadRecord[]): Promise<RoadRow[]> {
  const ids = roads.map((r) => r.road_id);
  const [cards, accounts] = await Promise.all([repo.cardsOf(q, ids), repo.accountsOf(q, ids)]);
  const schedules = new Map(roads.map((r) => [r.road_id, roadSchedule(r)]));
  const statuses = await liveStatuses(
    ctx,
    q,
    'road',
    roads.map((r) => ({
      id: r.road_id,
      schedule: schedules.get(r.road_id)!,
      cards: cards.filter((c) => c.road_id === r.road_id).length,
    })),
  );
  return roads.map((r) => {
    const own = cards.filter((c) => c.road_id === r.road_id);
    const people = accounts.filter((a) => a.road_id === r.road_id);
    const { cycle } = schedules.get(r.road_id)!;
    const items = cycleItemsText(cycle);
    const status = statuses.get(r.road_id) ?? RoundStatus.notStarted;
    return {
      road_id: r.road_id,
      road_name: r.road_name,
      hold_id: r.hold_id,
      hold_name: r.hold_name,
      status,
      status_text: STATUS_TEXT[status] ?? '',
      cycle_repeat_type: r.cycle_repeat_type,
      cycle_repeat_items: items,
      cycle_text: cycleText(cycle),
      cycle_everydays: cycle.mode === 'daily' ? 1 : 0,
      cycle_weeks: cycle.mode === 'weekly' ? items : '',
      cycle_monthdays: cycle.mode === 'monthly' ? items : '',
      start_time: formatClock(r.start_minute),
      end_time: formatClock(r.end_minute),
      time_slots: rowSlots(r),
      grace_minutes: r.grace_minutes,
      walker_mode: r.walker_mode === 'shift' ? ('shift' as const) : ('accounts' as const),
      shift_id: r.shift_id ?? 0,
      shift_name: r.shift_name,
      patrol_users: people.map((p) => p.true_name || p.user_name).join(','),
      user_id: people.map((p) => p.user_id).join(','),
      patrol_cards: own.map((c) => c.patrol_name || c.patrol_sn).join(','),
      patrol_card_ids: own.map((c) => c.patrol_id).join(','),
      patrol_card_names: own.map((c) => c.patrol_name || c.patrol_sn).join(','),
      remark: r.remark,
      create_time: r.create_time,
    };
  });
}

/** Roads of an organisation (and below), with live status, filtered by name and status (-1 all), paged. */
export async function listRoads(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof roadListInput> | z.output<typeof roadInfoListInput>,
): Promise<Page<RoadRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const all = await toRows(ctx, ctx.db, await repo.listRoads(ctx.db, ctx.config.tzName, holdIds, input.road_name));
  const status = 'status' in input ? input.status : -1;
  const matching = status === -1 ? all : all.filter((r) => r.status === status);
  const offset = (input.page - 1) * input.pageSize;
  return { rows: matching.slice(offset, offset + input.pageSize), total: matching.length };
}

async function visibleRoad(ctx: AppContext, scope: Scope, q: Queryable, roadId: number): Promise<RoadRecord> {
  return scope.on(q).visible(await repo.findRoad(q, ctx.config.tzName, roadId), MISSING);
}

export async function roadDetail(ctx: AppContext, scope: Scope, roadId: number): Promise<RoadRow> {
  const [row] = await toRows(ctx, ctx.db, [await visibleRoad(ctx, scope, ctx.db, roadId)]);
  return row!;
}

export async function boundAccounts(ctx: AppContext, scope: Scope, roadId: number): Promise<BoundAccount[]> {
  await visibleRoad(ctx, scope, ctx.db, roadId);
  const rows = await repo.accountsOf(ctx.db, [roadId]);
  return rows.map(({ user_id, user_name, true_name }) => ({ user_id, user_name, true_name }));
}

export async function boundCards(ctx: AppContext, scope: Scope, roadId: number): Promise<BoundCard[]> {
  await visibleRoad(ctx, scope, ctx.db, roadId);
  const rows = await repo.cardsOf(ctx.db, [roadId]);
  return rows.map(({ patrol_id, patrol_sn, patrol_name }) => ({ patrol_id, patrol_sn, patrol_name }));
}

export async function roadOptions(ctx: AppContext, scope: Scope, holdId: number | undefined): Promise<RoadOption[]> {
  return repo.roadOptions(ctx.db, await scope.holdIds(holdId, true));
}

/**
 * Checks that every chosen point or account exists inside the caller's scope (404 otherwise, as if it did not
 * exist) and lies under the road's organisation (400).
 */
function checkMembers(
  scope: Scope,
  rows: { id: number; name: string; path: string }[],
  ids: number[],
  roadPath: string,
  what: string,
): void {
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || !scope.covers(row.path)) throw notFound(`${what}不存在或已删除（ID ${id}）`);
    if (!row.path.startsWith(roadPath)) throw invalid(`${what}「${row.name}」不属于该路线的组织`);
  }
}

/** Saves a road from the detail page: schedule, window, accounts and points (DOMAIN.md, Roads). */
export async function saveRoad(ctx: AppContext, scope: Scope, input: z.output<typeof saveRoadInput>) {
  const items = readRoadItems(input.cycle_repeat_type, input.cycle_repeat_items);
  const window = readSlotsOr(input.time_slots, () => readRoadWindow(input.start_time, input.end_time));
  const userIds = [...new Set(input.user_id_list ?? [])];
  const cardIds = [...new Set(input.card_id_list)];
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const txScope = scope.on(tx);
    const owner = await txScope.hold(input.holdId);
    checkMembers(scope, await repo.accountsByIds(tx, userIds), userIds, owner.path, '账号');
    checkMembers(scope, await repo.cardsByIds(tx, cardIds), cardIds, owner.path, '巡检点');
    const shiftId = input.walker_mode === 'shift' ? await walkerShift(tx, scope, input.shift_id, owner.path) : null;
    const values = {
      hold_id: owner.hold_id,
      road_name: input.road_name,
      cycle_repeat_type: input.cycle_repeat_type,
      cycle_items: items,
      ...window,
      grace_minutes: input.grace_minutes,
      walker_mode: input.walker_mode ?? 'accounts',
      shift_id: shiftId,
      remark: input.remark,
    };
    let roadId = input.road_id;
    if (roadId === 0) {
      roadId = await repo.insertRoad(tx, { ...values, create_time: now });
    } else {
      await visibleRoad(ctx, scope, tx, roadId);
      await repo.updateRoad(tx, roadId, values);
    }
    await repo.replaceCards(tx, roadId, cardIds);
    await repo.replaceAccounts(tx, roadId, userIds);
    await followSaved(ctx, tx, { roadIds: [roadId] });
    await writeLog(tx, {
      type: input.road_id === 0 ? LogType.create : LogType.update,
      actor: scope.actor,
      at: now,
      content: `${input.road_id === 0 ? '新增' : '修改'}路线 ${input.road_name}（ID ${roadId}），${cycleText(roadCycleValue(input.cycle_repeat_type, items))}，${window.time_slots.length > 2 ? `${window.time_slots.length / 2} 个时段，` : ''}巡检点 ${cardIds.length} 个，账号 ${userIds.length} 个，宽限 ${input.grace_minutes} 分钟`,
    });
    return { road_id: roadId };
  });
}

/** The simple variant: name, points and remark; a new road is daily, all day, with no bound accounts. */
export async function saveRoadInfoNew(ctx: AppContext, scope: Scope, input: z.output<typeof saveRoadInfoNewInput>) {
  const cardIds = [...new Set(input.patrol_card_ids)];
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const txScope = scope.on(tx);
    const owner = await txScope.hold(input.holdId);
    checkMembers(scope, await repo.cardsByIds(tx, cardIds), cardIds, owner.path, '巡检点');
    let roadId = input.road_id;
    if (roadId === 0) {
      roadId = await repo.insertRoad(tx, {
        hold_id: owner.hold_id,
        road_name: input.road_name,
        cycle_repeat_type: RoadCycle.daily,
        cycle_items: [],
        start_minute: null,
        end_minute: null,
        time_slots: [],
        grace_minutes: input.grace_minutes,
        remark: input.remark,
        create_time: now,
      });
    } else {
      await visibleRoad(ctx, scope, tx, roadId);
      await repo.updateRoad(tx, roadId, {
        hold_id: owner.hold_id,
        road_name: input.road_name,
        grace_minutes: input.grace_minutes,
        remark: input.remark,
      });
    }
    await repo.replaceCards(tx, roadId, cardIds);
    await followSaved(ctx, tx, { roadIds: [roadId] });
    await writeLog(tx, {
      type: input.road_id === 0 ? LogType.create : LogType.update,
      actor: scope.actor,
      at: now,
      content: `${input.road_id === 0 ? '新增' : '修改'}线路 ${input.road_name}（ID ${roadId}），巡检点 ${cardIds.length} 个，宽限 ${input.grace_minutes} 分钟`,
    });
    return { road_id: roadId };
  });
}

/** Closes a road: status 4 from now on, no more rounds. */
export async function closeRoad(ctx: AppContext, scope: Scope, roadId: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const road = await visibleRoad(ctx, scope, tx, roadId);
    if (road.closed_at) throw invalid('该路线已关闭');
    await repo.closeRoad(tx, roadId, now);
    await followSaved(ctx, tx, { roadIds: [roadId] });
    await writeLog(tx, {
      type: LogType.close,
      actor: scope.actor,
      at: now,
      content: `关闭路线 ${road.road_name}（ID ${roadId}）`,
    });
  });
}

/** Deletes roads, all or none; refused while a task uses one. */
export async function removeRoads(ctx: AppContext, scope: Scope, roadIds: number[]): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.findRoadsByIds(tx, roadIds);
    for (const id of new Set(roadIds)) {
      await scope.on(tx).visible(
        rows.find((r) => r.road_id === id),
        MISSING,
      );
    }
    await assertNotInUse(tx, 'road', new Map(rows.map((r) => [r.road_id, r.road_name])));
    await repo.softDeleteRoads(tx, roadIds, now);
    await followSaved(ctx, tx, { roadIds });
    const names = rows.map((r) => `${r.road_name}（ID ${r.road_id}）`).join('、');
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除线路 ${names}`,
    });
  });
}

/** Each road's live points in walking order (tasks show their road's points). */
export function cardsOfRoads(q: Queryable, roadIds: number[]) {
  return repo.cardsOf(q, roadIds);
}

/** How many of the organisations' roads are open (not closed), and how many are running now. */
export async function roadCounts(ctx: AppContext, scope: Scope, holdId: number | undefined) {
  const holdIds = await scope.holdIds(holdId, true);
  const rows = await toRows(ctx, ctx.db, await repo.listRoads(ctx.db, ctx.config.tzName, holdIds, ''));
  return {
    open: rows.filter((r) => r.status !== RoundStatus.closed).length,
    running: rows.filter((r) => r.status === RoundStatus.running).length,
  };
}

/** A save's windows: its slots when given, else the one window (tasks read theirs the same way). */
export { readSlotsOr } from './road.rules.js';
