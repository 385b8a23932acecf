import {
  LogType,
  cardMessages,
  deniedMessage,
  safetyMessages,
  type CardOption,
  type CardRow,
  type Page,
  type cardListInput,
  type cardOptionsQuery,
  type saveCardInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { writeLog } from '../../audit/audit.js';
import { assertNotInUse } from '../../db/in-use.js';
import { parseSerialNumber, quoteNumber } from '../../domain/serial-number.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import type { Scope } from '../scope.js';
import { checklistForPoint } from '../inspection/checklist.service.js';
import * as repo from './card.repository.js';

const MISSING = '巡检点不存在或已删除';

export async function listCards(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof cardListInput>,
): Promise<Page<CardRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  return repo.listCards(ctx.db, ctx.config.tzName, { holdIds, searchType: input.search_type, key: input.key }, input);
}

export async function cardDetail(ctx: AppContext, scope: Scope, patrolId: number): Promise<CardRow> {
  return scope.visible(await repo.findCard(ctx.db, ctx.config.tzName, patrolId), MISSING);
}

export async function cardOptions(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof cardOptionsQuery>,
): Promise<CardOption[]> {
  return repo.cardOptions(ctx.db, await scope.holdIds(input.holdId, true));
}

function cardNumber(raw: string): string {
  const number = parseSerialNumber(raw);
  if (!number.ok && number.reason === 'empty') throw invalid(cardMessages.numberRequired);
  if (!number.ok) throw invalid(`卡编号格式不正确：${quoteNumber(raw)}`);
  return number.value;
}

/** A save's position (SAFETY.md): latitude and longitude together (null clears both), the radius when given. */
function cardPosition(input: { lat?: number | null; lng?: number | null; radius?: number | undefined }) {
  const hasLat = input.lat !== undefined && input.lat !== null;
  const hasLng = input.lng !== undefined && input.lng !== null;
  if (hasLat !== hasLng) throw invalid(safetyMessages.latLngPair);
  return {
    ...(input.lat === undefined && input.lng === undefined ? {} : { lat: input.lat ?? null, lng: input.lng ?? null }),
    ...(input.radius === undefined ? {} : { radius: input.radius }),
  };
}

/**
 * Putting a checklist on a point, or taking it off, is managing checklists (INSPECTION.md, ROLES.md): a save that
 * changes the point's template needs `checklist.edit` besides `card.edit` (403 naming 管理检查表); one that leaves
 * it as it is (or does not say) does not. `Checklist/SetPoints` does it with `checklist.edit` alone.
 */
function checklistChange(scope: Scope, from: number, to: number | undefined): void {
  if (to === undefined || to === from) return;
  if (!scope.caller.permissions.has('checklist.edit')) throw forbidden(deniedMessage('checklist.edit'));
}

/** Creates or edits a patrol point (`SaveInfo`); its card number is unique among live points everywhere. */
export async function saveCard(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveCardInput>,
): Promise<{ patrol_id: number }> {
  const patrolSn = cardNumber(input.patrol_sn);
  const now = ctx.now();
  const actor = scope.actor;

  return ctx.db.transaction(async (tx) => {
    const txScope = scope.on(tx);
    const target = await txScope.hold(input.holdId);
    const values = {
      hold_id: target.hold_id,
      patrol_sn: patrolSn,
      patrol_name: input.patrol_name || patrolSn,
      location: input.location,
      remark: input.remark,
      ...cardPosition(input),
      ...(input.checklist_id === undefined
        ? {}
        : {
            checklist_id: (await checklistForPoint(tx, scope, input.checklist_id, target.path))?.checklist_id ?? null,
          }),
    };
    if (input.patrol_id === 0) {
      checklistChange(scope, 0, input.checklist_id);
      if (await repo.cardSnTaken(tx, patrolSn)) throw conflict(`卡编号已存在：${patrolSn}`);
      const patrolId = await repo.insertCard(tx, { ...values, create_time: now });
      await writeLog(tx, {
        type: LogType.create,
        actor,
        at: now,
        content: `新增巡检点 ${values.patrol_name}（卡编号 ${patrolSn}，ID ${patrolId}），所属组织 ${target.hold_name}`,
      });
      return { patrol_id: patrolId };
    }
    const current = await txScope.visible(await repo.findCard(tx, ctx.config.tzName, input.patrol_id), MISSING);
    checklistChange(scope, current.checklist_id, input.checklist_id);
    if (await repo.cardSnTaken(tx, patrolSn, current.patrol_id)) throw conflict(`卡编号已存在：${patrolSn}`);
    await repo.updateCard(tx, current.patrol_id, values);
    const renumbered = current.patrol_sn === patrolSn ? '' : `，卡编号由 ${current.patrol_sn} 改为 ${patrolSn}`;
    const moved = current.hold_id === target.hold_id ? '' : `，移到 ${target.hold_name}`;
    await writeLog(tx, {
      type: LogType.update,
      actor,
      at: now,
      content: `修改巡检点 ${values.patrol_name}（卡编号 ${patrolSn}，ID ${current.patrol_id}）${renumbered}${moved}`,
    });
    return { patrol_id: current.patrol_id };
  });
}

/** Deletes points, all or none; refused (409) while a road uses one. */
export async function removeCards(ctx: AppContext, scope: Scope, patrolIds: number[]): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.findCardsByIds(tx, patrolIds);
    const txScope = scope.on(tx);
    for (const id of new Set(patrolIds)) {
      await txScope.visible(
        rows.find((r) => r.patrol_id === id),
        MISSING,
      );
    }
    await assertNotInUse(tx, 'card', new Map(rows.map((r) => [r.patrol_id, r.patrol_name || r.patrol_sn])));
    await repo.softDeleteCards(tx, patrolIds, now);
    const names = rows.map((r) => `${r.patrol_name}（卡编号 ${r.patrol_sn}，ID ${r.patrol_id}）`).join('、');
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除巡检点 ${names}`,
    });
  });
}
