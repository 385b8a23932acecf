import {
  AlertKind,
  LogType,
  clockMinutes,
  clockText,
  shiftMessages,
  type Page,
  type ShiftRow,
  type removeShiftsInput,
  type saveShiftInput,
  type shiftListInput,
} from '@guard-tour/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { writeLog } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { shift as shiftTable } from '../../db/schema.js';
import { localDate } from '../../domain/time.js';
import { conflict, invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { raiseAlerts } from '../alert/alert.service.js';
import * as repo from './shift.repository.js';

/** 班次管理 (SHIFTS.md): shifts per organisation, usable by the organisation and everything below it. */

export function toShiftRow(s: repo.ShiftRecord): ShiftRow {
  return {
    shift_id: s.shift_id,
    shift_name: s.shift_name,
    hold_id: s.hold_id,
    hold_name: s.hold_name,
    start_time: clockText(s.start_minute),
    end_time: clockText(s.end_minute),
    grace_minutes: s.grace_minutes,
    color: s.color,
  };
}

/** `Shift/List`: the shifts of the organisation's path (usable there) and of its subtree. */
export async function listShifts(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof shiftListInput>,
): Promise<Page<ShiftRow>> {
  const target = await scope.hold(input.holdId);
  const rows = await repo.shiftsFor(ctx.db, target.path, true, scope.caller.holdPath);
  return { rows: rows.map(toShiftRow), total: rows.length };
}

export async function saveShift(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveShiftInput>,
): Promise<{ shift_id: number }> {
  const now = ctx.now();
  const start = clockMinutes(input.start_time)!;
  const end = clockMinutes(input.end_time)!;
  return ctx.db.transaction(async (tx) => {
    const inScope = scope.on(tx);
    let holdId: number;
    let holdName: string;
    if (input.shift_id) {
      const [existing] = await repo.shiftsByIds(tx, [input.shift_id]);
      if (!existing || !scope.covers(existing.path)) throw notFound(shiftMessages.shiftMissing);
      // A shift stays in its organisation; naming another one outside the scope is refused like any save.
      if (input.holdId !== undefined) await inScope.hold(input.holdId);
      holdId = existing.hold_id;
      holdName = existing.hold_name;
    } else {
      const target = await inScope.hold(input.holdId);
      holdId = target.hold_id;
      holdName = target.hold_name;
    }
    if (await repo.nameTaken(tx, holdId, input.shift_name, input.shift_id)) throw conflict(shiftMessages.nameTaken);
    const values = {
      shift_name: input.shift_name,
      start_minute: start,
      end_minute: end,
      grace_minutes: input.grace_minutes,
      color: input.color.toUpperCase(),
    };
    let id = input.shift_id;
    if (id) {
      await tx.update(shiftTable).set(values).where(eq(shiftTable.shift_id, id));
      await repo.moveFutureDuties(tx, id, now, ctx.config.tzName, start, end, input.grace_minutes);
    } else {
      const [row] = await tx
        .insert(shiftTable)
        .values({ ...values, hold_id: holdId })
        .returning({ shift_id: shiftTable.shift_id });
      id = row!.shift_id;
    }
    await writeLog(tx, {
      type: input.shift_id ? LogType.update : LogType.create,
      actor: scope.actor,
      at: now,
      content: `${input.shift_id ? '修改' : '新增'}班次：${holdName} ${input.shift_name}（${input.start_time}-${input.end_time}，ID ${id}）`,
    });
    return { shift_id: id };
  });
}

/** `Shift/Remove`: all or nothing; one outside scope → 404, in use by a road, task or the roster → 409. */
export async function removeShifts(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof removeShiftsInput>,
): Promise<void> {
  const ids = [...new Set(input.shift_ids)];
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const found = await repo.shiftsByIds(tx, ids);
    if (found.length !== ids.length || found.some((s) => !scope.covers(s.path))) {
      throw notFound(shiftMessages.shiftMissing);
    }
    const used = await repo.shiftsInUse(tx, ids, localDate(now, ctx.config.tzName));
    if (used.length > 0) throw conflict(shiftMessages.inUse);
    await tx.update(shiftTable).set({ deleted_at: now }).where(inArray(shiftTable.shift_id, ids));
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除班次：${found.map((s) => `${s.shift_name}（ID ${s.shift_id}）`).join('、')}`,
    });
  });
}

/** The shifts a cell may use for an account at `path`: those of its organisation or an ancestor. */
export function usableFor(shiftRow: repo.ShiftRecord, accountPath: string): boolean {
  return accountPath.startsWith(shiftRow.path);
}

/** How far back the 未到岗 check looks (a server down for a while still raises the alerts of the last half day). */
const NO_SHOW_LOOKBACK_MS = 12 * 3_600_000;

/**
 * 未到岗 (alert kind 5): a shift of a day whose rostered accounts nobody came to by its start plus grace; raised
 * once per shift and day (the alert's unique key), whichever server notices first. Run every 30 s.
 */
export async function raiseNoShows(ctx: AppContext): Promise<number[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const missing = await repo.noShows(tx, now, new Date(now.getTime() - NO_SHOW_LOOKBACK_MS), ctx.config.tzName);
    return raiseAlerts(
      tx,
      missing.map((m) => ({
        kind: AlertKind.noShow,
        subject: `shift:${m.shift_id}:${m.duty_date}`,
        hold_id: m.hold_id,
        detail: `${m.shift_name} ${m.duty_date} ${m.window_text} 无人上岗（应到：${m.names.join('、')}）`,
      })),
      now,
    );
  });
}

/**
 * The shift a road or task of the organisation at `ownerPath` is walked by: live, inside the caller's scope (404
 * otherwise, as if it did not exist) and usable there (its own organisation's or an ancestor's, else 400).
 */
export async function walkerShift(
  q: Queryable,
  scope: Scope,
  shiftId: number | undefined,
  ownerPath: string,
): Promise<number> {
  const [found] = await repo.shiftsByIds(q, shiftId === undefined ? [] : [shiftId]);
  if (!found || !scope.covers(found.path)) throw notFound(shiftMessages.shiftMissing);
  if (!usableFor(found, ownerPath)) throw invalid(shiftMessages.shiftOutside);
  return found.shift_id;
}

/** The accounts on duty in these shifts on these days (what a round made now records as responsible). */
export function onDutyIn(q: Queryable, shiftIds: readonly number[], dates: readonly string[]) {
  return repo.onDuty(q, shiftIds, dates);
}
