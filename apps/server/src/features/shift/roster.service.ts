import {
  Attendance,
  LogType,
  rosterImportMessages,
  shiftMessages,
  type RosterImported,
  type RosterMonth,
  type copyRosterInput,
  type importRosterInput,
  type rosterMonthInput,
  type saveRosterInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import { writeLog } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { addDays } from '../../domain/zoned-time.js';
import { forbidden, invalid } from '../../errors.js';
import type { Scope } from '../scope.js';
import { shiftWindow } from './attendance.js';
import * as repo from './shift.repository.js';
import { usableFor } from './shift.service.js';

/** 排班表 (SHIFTS.md): the month grid of an organisation's accounts, its edits, copies and the import. */

function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

export async function rosterMonth(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof rosterMonthInput>,
): Promise<RosterMonth> {
  const target = await scope.hold(input.holdId);
  const days = daysOfMonth(input.month);
  const accounts = await repo.accountsUnder(ctx.db, target.path);
  const cells = await repo.monthCells(
    ctx.db,
    accounts.map((a) => a.user_id),
    days[0]!,
    days[days.length - 1]!,
    ctx.now(),
    ctx.config.tzName,
  );
  const byCell = new Map(cells.map((c) => [`${c.user_id}|${c.date}`, c]));
  return {
    days,
    rows: accounts.map((a) => ({
      user_id: a.user_id,
      true_name: a.true_name || a.user_name,
      cells: days.map((date) => {
        const cell = byCell.get(`${a.user_id}|${date}`);
        if (!cell) return { date, shift_id: 0, on_duty_time: '', off_duty_time: '', attendance: Attendance.none };
        const { user_id: _user, ...shown } = cell;
        return shown;
      }),
    })),
  };
}

interface Cell {
  user_id: number;
  date: string;
  shift_id: number;
}

/**
 * Writes cells after checking all of them: every account inside the caller's scope and the organisation named
 * (else 403, nothing saved), every shift usable by its account, one shift per account and day. Rounds walked by
 * shift whose window has not opened take the new roster.
 */
async function writeCells(ctx: AppContext, q: Queryable, scope: Scope, holdPath: string, cells: readonly Cell[]) {
  const accounts = new Map(
    (await repo.accountsByIds(q, [...new Set(cells.map((c) => c.user_id))])).map((a) => [a.user_id, a]),
  );
  for (const cell of cells) {
    const account = accounts.get(cell.user_id);
    if (!account || account.deleted || !scope.covers(account.path) || !account.path.startsWith(holdPath)) {
      throw forbidden(shiftMessages.accountOutside);
    }
  }
  const seen = new Map<string, number>();
  for (const cell of cells) {
    const key = `${cell.user_id}|${cell.date}`;
    const before = seen.get(key);
    if (before !== undefined && before !== cell.shift_id) {
      const account = accounts.get(cell.user_id)!;
      throw invalid(shiftMessages.twoShifts(account.true_name || account.user_name, cell.date));
    }
    seen.set(key, cell.shift_id);
  }
  const shifts = new Map(
    (await repo.shiftsByIds(q, [...new Set(cells.map((c) => c.shift_id).filter(Boolean))])).map((s) => [s.shift_id, s]),
  );
  const tz = ctx.config.tzName;
  const set: repo.NewDuty[] = [];
  const cleared: { user_id: number; duty_date: string }[] = [];
  for (const cell of cells) {
    if (cell.shift_id === 0) {
      cleared.push({ user_id: cell.user_id, duty_date: cell.date });
      continue;
    }
    const found = shifts.get(cell.shift_id);
    if (!found || !scope.covers(found.path)) throw forbidden(shiftMessages.shiftOutside);
    if (!usableFor(found, accounts.get(cell.user_id)!.path)) throw invalid(shiftMessages.shiftOutside);
    const window = shiftWindow(found, cell.date, tz);
    set.push({
      user_id: cell.user_id,
      duty_date: cell.date,
      shift_id: cell.shift_id,
      window_start: window.start.toISOString(),
      window_end: window.end.toISOString(),
      grace_minutes: found.grace_minutes,
    });
  }
  await repo.removeDuties(q, cleared);
  await repo.upsertDuties(q, set);
  await repo.refreshResponsible(q, [...new Set(cells.map((c) => c.date))], ctx.now());
  return cells.length;
}

/** `Roster/Save`: all cells or none. */
export async function saveRoster(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveRosterInput>,
): Promise<{ saved: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const target = await scope.on(tx).hold(input.holdId);
    const saved = await writeCells(ctx, tx, scope, target.path, input.cells);
    await writeLog(tx, {
      type: LogType.update,
      actor: scope.actor,
      at: now,
      content: `保存排班：${target.hold_name}（ID ${target.hold_id}）${saved} 格`,
    });
    return { saved };
  });
}

/** `Roster/Copy`: the organisation's cells of a span, day by day onto the span starting at `to_start`. */
export async function copyRoster(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof copyRosterInput>,
): Promise<{ saved: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const target = await scope.on(tx).hold(input.holdId);
    const accounts = (await repo.accountsUnder(tx, target.path)).filter((a) => scope.covers(a.path));
    const source = await repo.dutiesOf(
      tx,
      accounts.map((a) => a.user_id),
      input.from_start,
      input.from_end,
    );
    const offset = Math.round((Date.parse(input.to_start) - Date.parse(input.from_start)) / 86_400_000);
    const byCell = new Map(source.map((d) => [`${d.user_id}|${d.duty_date}`, d.shift_id]));
    const cells: Cell[] = [];
    for (const a of accounts) {
      for (let day = input.from_start; day <= input.from_end; day = addDays(day, 1)) {
        cells.push({
          user_id: a.user_id,
          date: addDays(day, offset),
          shift_id: byCell.get(`${a.user_id}|${day}`) ?? 0,
        });
      }
    }
    if (cells.length === 0) return { saved: 0 };
    await writeCells(ctx, tx, scope, target.path, cells);
    const saved = cells.filter((c) => c.shift_id !== 0).length;
    await writeLog(tx, {
      type: LogType.update,
      actor: scope.actor,
      at: now,
      content: `复制排班：${target.hold_name}（ID ${target.hold_id}）${input.from_start}~${input.from_end} → ${input.to_start}，${saved} 格`,
    });
    return { saved };
  });
}

export interface ImportRow {
  row: number;
  account: string;
  date: string;
  shift: string;
}

/**
 * Plans an import (pure): each row resolved to a cell or refused with its reason — an unknown account or shift, a
 * bad date, an account given two shifts a day in the file.
 */
export function planImport(
  rows: readonly ImportRow[],
  accounts: ReadonlyMap<string, { user_id: number; path: string }>,
  shifts: readonly { shift_id: number; shift_name: string; path: string }[],
  isDate: (text: string) => boolean,
): { cells: (Cell & { row: number })[]; failList: { row: number; reason: string }[] } {
  const cells: (Cell & { row: number })[] = [];
  const failList: { row: number; reason: string }[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (!r.account && !r.date && !r.shift) continue;
    if (!r.account || !r.date || !r.shift) {
      failList.push({ row: r.row, reason: rosterImportMessages.emptyRow });
      continue;
    }
    const account = accounts.get(r.account.toLowerCase());
    if (!account) {
      failList.push({ row: r.row, reason: rosterImportMessages.accountUnknown(r.account) });
      continue;
    }
    if (!isDate(r.date)) {
      failList.push({ row: r.row, reason: rosterImportMessages.badDate(r.date) });
      continue;
    }
    const offDay = r.shift === '休' || r.shift === '休息';
    // The nearest organisation's shift of that name wins (a department's own 早班 before its enterprise's).
    const found = offDay
      ? undefined
      : shifts
          .filter((s) => s.shift_name === r.shift && account.path.startsWith(s.path))
          .sort((a, b) => b.path.length - a.path.length)[0];
    if (!offDay && !found) {
      failList.push({ row: r.row, reason: rosterImportMessages.shiftUnknown(r.shift) });
      continue;
    }
    const key = `${account.user_id}|${r.date}`;
    const shiftId = found?.shift_id ?? 0;
    if (seen.has(key) && seen.get(key) !== shiftId) {
      failList.push({ row: r.row, reason: rosterImportMessages.twoShifts });
      continue;
    }
    seen.set(key, shiftId);
    cells.push({ row: r.row, user_id: account.user_id, date: r.date, shift_id: shiftId });
  }
  return { cells, failList };
}

export type ImportReader = (ctx: AppContext, scope: Scope, filePath: string) => Promise<ImportRow[]>;

/** `Roster/Import`: the rows that resolve are saved together; the others are reported by row. */
export async function importRoster(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof importRosterInput>,
  read: ImportReader,
  isDate: (text: string) => boolean,
): Promise<RosterImported> {
  const target = await scope.hold(input.holdId);
  const rows = await read(ctx, scope, input.FilePath);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const accounts = (await repo.accountsUnder(tx, target.path)).filter((a) => scope.covers(a.path));
    const byName = new Map(accounts.map((a) => [a.user_name.toLowerCase(), a]));
    const shifts = await repo.shiftsFor(tx, target.path, true, scope.caller.holdPath);
    const plan = planImport(rows, byName, shifts, isDate);
    if (plan.cells.length > 0) await writeCells(ctx, tx, scope, target.path, plan.cells);
    await writeLog(tx, {
      type: LogType.import,
      actor: scope.actor,
      at: now,
      content: `导入排班到 ${target.hold_name}（ID ${target.hold_id}）：成功 ${plan.cells.length} 行，失败 ${plan.failList.length} 行`,
    });
    return { saved: plan.cells.length, failList: plan.failList };
  });
}
