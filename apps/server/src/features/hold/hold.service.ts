import {
  HOLD_TYPE_TEXT,
  HoldType,
  LogType,
  holdMessages,
  type HoldRow,
  type HoldTreeNode,
  type Page,
  type holdListInput,
  type saveHoldInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { writeLog } from '../../audit/audit.js';
import { assertNotInUse } from '../../db/in-use.js';
import { addYears, localDate } from '../../domain/time.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import * as staff from '../staff/staff.service.js';
import * as repo from './hold.repository.js';
import { accessTransaction } from '../../http/access-cache.js';

type SaveHold = z.output<typeof saveHoldInput>;
const ROOT_HOLD_ID = 1;
const MISSING = '组织不存在或已删除';

/** Department accounts manage accounts but not organisations (DOMAIN.md, Menu and permissions). */
function assertMayManageHolds(scope: Scope): void {
  if (scope.caller.holdType === HoldType.department) throw forbidden('部门账号不能管理组织');
}

function publicRow({ path: _path, ...row }: HoldRow & { path: string }): HoldRow {
  return row;
}

export async function listHolds(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof holdListInput>,
): Promise<Page<HoldRow>> {
  const root = await scope.hold(input.holdId);
  const holdIds = await scope.holdIds(root.hold_id, input.includeChildren);
  const page = await repo.listHolds(ctx.db, ctx.config.tzName, root.hold_id, holdIds, input.Name, input);
  return { rows: page.rows.map(publicRow), total: page.total };
}

export async function holdDetail(ctx: AppContext, scope: Scope, holdId: number): Promise<HoldRow> {
  return publicRow(await scope.visible(await repo.findHold(ctx.db, ctx.config.tzName, holdId), MISSING));
}

export async function parentBase(
  ctx: AppContext,
  scope: Scope,
  holdId: number,
): Promise<{ hold_id: number; hold_name: string }> {
  const row = await scope.visible(await repo.findHold(ctx.db, ctx.config.tzName, holdId), MISSING);
  return { hold_id: row.hold_id, hold_name: row.hold_name };
}

/** The caller's subtree as nested nodes, children in id order. */
export async function holdTree(ctx: AppContext, scope: Scope): Promise<HoldTreeNode[]> {
  const rows = await repo.subtree(ctx.db, scope.caller.holdPath);
  const nodes = new Map<number, HoldTreeNode>();
  const roots: HoldTreeNode[] = [];
  for (const row of rows) {
    const node: HoldTreeNode = { id: row.id, label: row.label, children: [] };
    nodes.set(row.id, node);
    const parentNode = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parentNode) parentNode.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function checkRequired(input: SaveHold, isNew: boolean): void {
  const missing = !input.hold_name || !input.user_name || (isNew && !input.user_password);
  if (missing) throw invalid(isNew ? holdMessages.createRequired : holdMessages.editRequired);
}

function checkTypeUnderParent(type: number, parentType: number): void {
  if (type < parentType) {
    throw invalid(`下级组织的类型不能高于上级（上级为${HOLD_TYPE_TEXT[parentType] ?? parentType}）`);
  }
}

/** Creates an organisation with its admin account, or edits one (only an ancestor changes type, expiry or parent). */
export async function saveHold(ctx: AppContext, scope: Scope, input: SaveHold): Promise<{ hold_id: number }> {
  assertMayManageHolds(scope);
  const isNew = input.hold_id === 0;
  checkRequired(input, isNew);
  staff.checkUserName(input.user_name);
  const passwordHash = input.user_password ? await staff.newPasswordHash(input.user_password) : undefined;
  const now = ctx.now();
  const actor = scope.actor;

  return accessTransaction(ctx, async (tx) => {
    const txScope = scope.on(tx);
    if (isNew) {
      const parent = await txScope.hold(input.parent_hold_id);
      const type = input.hold_type ?? HoldType.enterprise;
      checkTypeUnderParent(type, parent.hold_type);
      const holdId = await repo.insertHold(tx, {
        hold_name: input.hold_name,
        hold_type: type,
        parent_hold_id: parent.hold_id,
        parentPath: parent.path,
        contacts: input.contacts,
        phone: input.phone,
        vip_end_time: input.vip_end_time || addYears(localDate(now, ctx.config.tzName), 3),
        remark: input.remark,
        enter_user_name: scope.caller.userName,
        create_time: now,
      });
      const userId = await staff.createHoldAdmin(
        tx,
        scope,
        { hold_id: holdId, user_name: input.user_name, true_name: input.true_name, passwordHash: passwordHash! },
        now,
      );
      await writeLog(tx, {
        type: LogType.create,
        actor,
        at: now,
        content: `新增组织 ${input.hold_name}（ID ${holdId}），上级 ${parent.hold_name}，管理账号 ${input.user_name}（ID ${userId}）`,
      });
      return { hold_id: holdId };
    }

    const current = await txScope.visible(await repo.findHold(tx, ctx.config.tzName, input.hold_id), MISSING);
    const byAncestor = scope.isAncestorOf(current.path);
    const type = input.hold_type ?? current.hold_type;
    const vipEnd = input.vip_end_time || current.vip_end_time;
    // The root has no parent; its form sends its own id, which is no move.
    const moves = current.parent_hold_id !== null && input.parent_hold_id !== current.parent_hold_id;
    if (!byAncestor && (type !== current.hold_type || vipEnd !== current.vip_end_time || moves)) {
      throw forbidden('只有上级组织可以修改组织类型、服务到期和上级组织');
    }
    // The current parent may lie above the caller (an admin editing its own organisation): read it unscoped.
    const parent = moves
      ? await txScope.hold(input.parent_hold_id)
      : current.parent_hold_id === null
        ? undefined
        : await repo.findHoldRef(tx, current.parent_hold_id);
    if (moves && parent!.path.startsWith(current.path)) throw invalid('不能把组织移到它自己或它的下级之下');
    if (parent) checkTypeUnderParent(type, parent.hold_type);
    const childType = await repo.highestChildType(tx, current.hold_id);
    if (childType !== null && childType < type) throw invalid('组织类型不能低于它的下级组织');

    await repo.updateHold(tx, current.hold_id, {
      hold_name: input.hold_name,
      hold_type: type,
      contacts: input.contacts,
      phone: input.phone,
      vip_end_time: vipEnd || undefined,
      remark: input.remark,
    });
    if (moves && parent) await repo.moveHold(tx, current.hold_id, current.path, parent.hold_id, parent.path);
    if (current.user_id !== null) {
      await staff.updateHoldAdmin(
        tx,
        scope,
        current.user_id,
        { user_name: input.user_name, true_name: input.true_name || current.true_name, passwordHash },
        now,
      );
    }
    await writeLog(tx, {
      type: LogType.update,
      actor,
      at: now,
      content: `修改组织 ${input.hold_name}（ID ${current.hold_id}）${moves && parent ? `，移到 ${parent.hold_name} 之下` : ''}${passwordHash ? '，重置管理账号密码' : ''}`,
    });
    return { hold_id: current.hold_id };
  });
}

/** Deletes organisations, all or none, with their admin accounts (DOMAIN.md deletion rules). */
export async function removeHolds(ctx: AppContext, scope: Scope, holdIds: number[]): Promise<void> {
  assertMayManageHolds(scope);
  const now = ctx.now();
  await accessTransaction(ctx, async (tx) => {
    const rows = await repo.findHoldsByIds(tx, holdIds);
    for (const id of new Set(holdIds)) {
      const row = rows.find((r) => r.hold_id === id);
      if (!row || !scope.covers(row.path)) throw notFound(MISSING);
      if (id === ROOT_HOLD_ID) throw invalid('运营商组织不能删除');
      if (id === scope.caller.holdId) throw invalid('不能删除自己所在的组织');
    }
    await assertNotInUse(tx, 'hold', new Map(rows.map((r) => [r.hold_id, r.hold_name])));
    await staff.removeHoldAdmins(tx, scope, holdIds, now);
    await repo.softDeleteHolds(tx, holdIds, now);
    const names = rows.map((r) => `${r.hold_name}（ID ${r.hold_id}）`).join('、');
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除组织 ${names} 及其管理账号`,
    });
  });
}
