import {
  LogType,
  type ChecklistDetail,
  type ChecklistRow,
  type Page,
  type PointChecklist,
  type checklistListInput,
  type removeChecklistsInput,
  type saveChecklistInput,
  type setPointsChecklistInput,
} from '@guard-tour/contract';
import { inspectionRefusals } from '../../domain/inspection-messages.js';
import type { z } from 'zod';
import { writeLog } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { pageWindow } from '../../db/sql.js';
import { conflict, invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import * as repo from './checklist.repository.js';

const strip = <T extends { path: string }>({ path: _path, ...row }: T) => row;

export async function listChecklists(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof checklistListInput>,
): Promise<Page<ChecklistRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const { rows, total } = await repo.listChecklists(
    ctx.db,
    ctx.config.tzName,
    { holdIds, name: input.checklist_name },
    pageWindow(input),
  );
  return { rows: rows.map(strip), total };
}

async function visibleChecklist(ctx: AppContext, scope: Scope, id: number, q: Queryable = ctx.db) {
  const [row] = await repo.findChecklists(q, ctx.config.tzName, [id]);
  if (!row || !scope.covers(row.path)) throw notFound(inspectionRefusals.missing);
  return row;
}

export async function checklistDetail(ctx: AppContext, scope: Scope, id: number): Promise<ChecklistDetail> {
  const row = await visibleChecklist(ctx, scope, id);
  const items = await repo.itemsOf(ctx.db, [id]);
  return { ...strip(row), items: items.map(({ checklist_id: _c, ...item }) => item) };
}

/** 新增 / 编辑: the name unique in its organisation, items kept by id (future answers only: stored ones keep theirs). */
export async function saveChecklist(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveChecklistInput>,
): Promise<{ checklist_id: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const target = await scope.on(tx).hold(input.holdId);
    if (await repo.nameTaken(tx, target.hold_id, input.checklist_name, input.checklist_id)) {
      throw conflict(inspectionRefusals.nameTaken);
    }
    let id = input.checklist_id;
    if (id === 0) {
      if (input.items.some((item) => item.item_id)) throw invalid(inspectionRefusals.itemUnknown);
      id = await repo.insertChecklist(tx, target.hold_id, input.checklist_name, now);
    } else {
      await visibleChecklist(ctx, scope, id, tx);
      const live = await repo.liveItemIds(tx, id);
      if (input.items.some((item) => item.item_id && !live.has(item.item_id))) {
        throw invalid(inspectionRefusals.itemUnknown);
      }
      await repo.updateChecklist(tx, id, target.hold_id, input.checklist_name, now);
    }
    await repo.writeItems(tx, id, input.items);
    await writeLog(tx, {
      type: input.checklist_id === 0 ? LogType.create : LogType.update,
      actor: scope.actor,
      at: now,
      content: `${input.checklist_id === 0 ? '新增' : '修改'}检查表 ${input.checklist_name}（ID ${id}，${input.items.length} 个检查项），所属组织 ${target.hold_name}`,
    });
    return { checklist_id: id };
  });
}

/** 删除: all or none; a template a live point uses → 409. */
export async function removeChecklists(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof removeChecklistsInput>,
): Promise<void> {
  const ids = [...new Set(input.checklist_ids)];
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.findChecklists(tx, ctx.config.tzName, ids);
    if (rows.length !== ids.length || rows.some((row) => !scope.covers(row.path))) {
      throw notFound(inspectionRefusals.missing);
    }
    const used = await repo.pointsUsing(tx, ids);
    if (used.length > 0) {
      throw conflict(
        `${inspectionRefusals.inUse}（${[...new Set(used.map((u) => u.patrol_name))].slice(0, 5).join('、')}）`,
      );
    }
    await repo.softDelete(tx, ids, now);
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除检查表 ${rows.map((r) => `${r.checklist_name}（ID ${r.checklist_id}）`).join('、')}`,
    });
  });
}

/**
 * The template a point of organisation `pointPath` may use: live and in the caller's view (404 otherwise, as any
 * object of another organisation), of that organisation or an ancestor (400 otherwise). Answers null for 0 (none).
 */
export async function checklistForPoint(q: Queryable, scope: Scope, id: number, pointPath: string) {
  if (id === 0) return null;
  const row = await repo.checklistPath(q, id);
  if (!row || !scope.covers(row.path)) throw notFound(inspectionRefusals.missing);
  if (!pointPath.startsWith(row.path)) throw invalid(inspectionRefusals.badChecklist);
  return row;
}

/** The checklists of points by point id, with their live items (what `AppRounds` gives the app). */
export async function pointChecklists(q: Queryable, patrolIds: readonly number[]) {
  const byPoint = await repo.checklistIdsOfPoints(q, patrolIds);
  const items = await repo.itemsOf(q, [...new Set(byPoint.map((p) => p.checklist_id))]);
  return new Map<number, PointChecklist>(
    byPoint.map((p) => [
      p.patrol_id,
      {
        checklist_id: p.checklist_id,
        items: items.filter((i) => i.checklist_id === p.checklist_id).map(({ checklist_id: _c, ...item }) => item),
      },
    ]),
  );
}

const POINT_MISSING = '巡检点不存在或已删除';

/**
 * `Checklist/SetPoints` (checklist.edit): the points in the caller's view (404 otherwise) use this template from
 * now on, or none (0); the template must be one each point may use (`checklistForPoint`). One log line.
 */
export async function setPointsChecklist(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof setPointsChecklistInput>,
): Promise<void> {
  const ids = [...new Set(input.patrol_ids)];
  await ctx.db.transaction(async (tx) => {
    const txScope = scope.on(tx);
    const rows = await repo.pointsByIds(tx, ids);
    let chosen: Awaited<ReturnType<typeof checklistForPoint>> = null;
    for (const id of ids) {
      const point = await txScope.visible(
        rows.find((r) => r.patrol_id === id),
        POINT_MISSING,
      );
      const { path } = await txScope.hold(point.hold_id);
      chosen = await checklistForPoint(tx, scope, input.checklist_id, path);
    }
    await repo.setPointsChecklist(tx, ids, chosen?.checklist_id ?? null);
    const names = rows.map((r) => `${r.patrol_name || r.patrol_sn}（卡编号 ${r.patrol_sn}）`).join('、');
    await writeLog(tx, {
      type: LogType.update,
      actor: scope.actor,
      at: ctx.now(),
      content: chosen ? `巡检点 ${names} 使用检查表「${chosen.checklist_name}」` : `巡检点 ${names} 不再使用检查表`,
    });
  });
}
