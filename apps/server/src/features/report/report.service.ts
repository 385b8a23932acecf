import {
  MAX_ID,
  isCalendarDate,
  reportMessages,
  type MissedReportFilter,
  type MissedReportRow,
  type MissedRound,
  type Page,
  type RoundPoints,
  type missedRoundsInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { readerOf } from '../../db/client.js';
import { pageWindow } from '../../db/sql.js';
import { RoundStatus } from '../../domain/schedule.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { freshRounds } from '../round/round.service.js';
import * as repo from './report.repository.js';

/** The report's filters without paging (`Report/Missed`, `Report/ExportMissed`). */
export type ReportFilterInput = Omit<MissedReportFilter, 'page' | 'pageSize'>;
export type MissedRoundsFilter = z.output<typeof missedRoundsInput>;

const ROAD_MISSING = '路线不存在或已删除';
const ACCOUNT_MISSING = '账号不存在或已删除';

/** A round's status from its stored result: frozen 2/3, else 0 before its window opens and 1 after. */
function statusOf(round: { frozen: number | null; opened: boolean }): number {
  if (round.frozen !== null) return round.frozen;
  return round.opened ? RoundStatus.running : RoundStatus.notStarted;
}

/** A road or account named by a filter must lie in the caller's subtree (404 otherwise, as if it did not exist). */
async function assertVisible(ctx: AppContext, scope: Scope, kind: 'road' | 'account', id: number): Promise<void> {
  const missing = kind === 'road' ? ROAD_MISSING : ACCOUNT_MISSING;
  const owner = await repo.ownerOf(ctx.db, kind, id);
  if (!owner || !scope.covers(owner.path)) throw notFound(missing);
}

/** The rounds a report covers: the organisations (403 outside), the span, and a visible road or account. */
export async function roundFilter(ctx: AppContext, scope: Scope, input: ReportFilterInput): Promise<repo.RoundFilter> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  if (input.road_id !== undefined) await assertVisible(ctx, scope, 'road', input.road_id);
  if (input.user_id !== undefined) await assertVisible(ctx, scope, 'account', input.user_id);
  return {
    holdIds,
    start: input.start_date,
    end: input.end_date,
    roadId: input.road_id,
    userId: input.user_id,
  };
}

/** `Report/Missed`: one row per road, account, organisation or day over the stored rounds of the span, paged. */
export async function missedReport(
  ctx: AppContext,
  scope: Scope,
  input: MissedReportFilter,
): Promise<Page<MissedReportRow>> {
  const filter = await roundFilter(ctx, scope, input);
  await freshRounds(ctx);
  return repo.reportGroups(ctx.db, filter, input.group_by, input.sort, pageWindow(input));
}

/**
 * Every group of the report, in the screen's order (the export): read from the standby of DATABASE_READ_URL when
 * one is set, like every export (the stored rounds it reads were frozen before; a round frozen this very moment
 * shows in the next export).
 */
export async function allGroups(ctx: AppContext, filter: repo.RoundFilter, input: ReportFilterInput) {
  await freshRounds(ctx);
  return (await repo.reportGroups(readerOf(ctx.db), filter, input.group_by, input.sort, null)).rows;
}

/** An id `group_key`: a whole number 1–MAX_ID, or its digits as text; anything else is not a group. */
function idKey(key: number | string): number {
  const value = typeof key === 'number' ? key : /^\d{1,10}$/.test(key) ? Number(key) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > MAX_ID) throw invalid(reportMessages.badGroupKey);
  return value;
}

/** The group a `group_key` names, checked against the caller's scope (a foreign road or account 404, organisation 403). */
async function groupPick(ctx: AppContext, scope: Scope, input: MissedRoundsFilter): Promise<repo.GroupPick> {
  const key = input.group_key;
  switch (input.group_by) {
    case 'road': {
      const roadId = idKey(key);
      await assertVisible(ctx, scope, 'road', roadId);
      return { by: 'road', roadId };
    }
    case 'user': {
      const userId = idKey(key);
      await assertVisible(ctx, scope, 'account', userId);
      return { by: 'user', userId };
    }
    case 'hold': {
      const holdId = idKey(key);
      const owner = await repo.ownerOf(ctx.db, 'hold', holdId);
      if (!owner || !scope.covers(owner.path)) throw forbidden();
      return { by: 'hold', holdId };
    }
    case 'date': {
      if (typeof key !== 'string' || !isCalendarDate(key)) throw invalid(reportMessages.badGroupKey);
      return { by: 'date', date: key };
    }
  }
}

/** `Report/MissedRounds`: the rounds of one report row, newest first, each with its missed points once frozen. */
export async function missedRounds(
  ctx: AppContext,
  scope: Scope,
  input: MissedRoundsFilter,
): Promise<Page<MissedRound>> {
  const filter = await roundFilter(ctx, scope, input);
  const pick = await groupPick(ctx, scope, input);
  await freshRounds(ctx);
  const page = await repo.groupRounds(
    ctx.db,
    ctx.config.tzName,
    ctx.now(),
    filter,
    pick,
    input.only_missed,
    pageWindow(input),
  );
  return {
    total: page.total,
    rows: page.rows.map(({ frozen, opened, ...round }) => ({ ...round, result: statusOf({ frozen, opened }) })),
  };
}

/** `Report/RoundPoints`: a round (404 outside the caller's subtree) with each point's result in the road's order. */
export async function roundPoints(ctx: AppContext, scope: Scope, roundId: number): Promise<RoundPoints> {
  await freshRounds(ctx);
  const tz = ctx.config.tzName;
  const {
    frozen,
    opened,
    hold_id: _hold,
    ...round
  } = await scope.visible(await repo.findRound(ctx.db, tz, ctx.now(), roundId), reportMessages.roundMissing);
  return {
    ...round,
    result: statusOf({ frozen, opened }),
    points: await repo.roundPoints(ctx.db, tz, roundId),
  };
}
