import {
  AlertKind,
  HAZARD_LEVEL_TEXT,
  HAZARD_STATE_TEXT,
  HazardState,
  LogType,
  allows,
  allowsAppSession,
  calls,
  guardAppMessages,
  type HazardDetail,
  type HazardLevel,
  type HazardRow,
  type HazardStats,
  type Page,
  type SheetColumn,
  type assignHazardInput,
  type fixHazardInput,
  type hazardExportInput,
  type hazardListInput,
  type hazardMoveInput,
  type hazardStatsInput,
} from '@guard-tour/contract';
import { nextHazardState, type HazardMove } from '../../domain/hazard-moves.js';
import { HAZARD_MOVE_TEXT, inspectionRefusals } from '../../domain/inspection-messages.js';
import type { z } from 'zod';
import { writeLog } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { pageWindow } from '../../db/sql.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { DEFAULT_EXPORT_LIMITS, writeExport, type ExportLimits } from '../../export/export.service.js';
import { cellsOf } from '../../export/sheet-writer.js';
import type { Scope } from '../scope.js';
import { raiseAlerts } from '../alert/alert.service.js';
import * as photos from '../guard-app/photo.service.js';
import * as repo from './hazard.repository.js';

const publicRow = ({
  path: _p,
  punch_id: _i,
  photo_ids: _f,
  assignee_path: _a,
  ...row
}: repo.StoredHazard): HazardRow => row;

type Filters = z.output<typeof hazardExportInput>;

async function filterOf(ctx: AppContext, scope: Scope, input: Filters): Promise<repo.HazardFilter> {
  const tz = ctx.config.tzName;
  return {
    holdIds: await scope.holdIds(input.holdId, input.includeChildren),
    state: input.state,
    level: input.level,
    patrolId: input.patrol_id,
    from: input.start_date ? zonedInstant(input.start_date, 0, tz) : undefined,
    to: input.end_date ? zonedInstant(addDays(input.end_date, 1), 0, tz) : undefined,
    overdueOnly: input.overdue_only,
    now: ctx.now(),
  };
}

export async function listHazards(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof hazardListInput>,
): Promise<Page<HazardRow>> {
  const { rows, total } = await repo.listHazards(
    ctx.db,
    ctx.config.tzName,
    await filterOf(ctx, scope, input),
    pageWindow(input),
  );
  return { rows: rows.map(publicRow), total };
}

async function visibleHazard(ctx: AppContext, scope: Scope, id: number, q: Queryable = ctx.db, lock = false) {
  const row = await repo.findHazard(q, ctx.config.tzName, id, ctx.now(), lock);
  if (!row || !scope.covers(row.path)) throw notFound(inspectionRefusals.hazardMissing);
  return row;
}

/**
 * Whether the caller may make 提交整改 on `row` now: what `Hazard/Fix` itself checks, by identity (the assignee's
 * account id, never a name two accounts may share) — the call's permission rule, the state, the assignee.
 */
function mayFix(scope: Scope, row: Pick<repo.StoredHazard, 'state' | 'assignee_id'>): boolean {
  const rule = calls.hazard.fixHazard.permission;
  const { caller } = scope;
  if (rule === undefined) return false;
  if (caller.client === 'app' && !allowsAppSession(rule)) return false;
  if (!allows(rule, caller.permissions)) return false;
  return nextHazardState(row.state, 'fix') !== null && row.assignee_id === caller.userId;
}

export async function hazardDetail(ctx: AppContext, scope: Scope, id: number): Promise<HazardDetail> {
  const row = await visibleHazard(ctx, scope, id);
  const history = await repo.historyOf(ctx.db, ctx.config.tzName, id);
  const { path: _p, assignee_path: _a, ...rest } = row;
  return { ...rest, history, can_fix: mayFix(scope, row) };
}

export async function myHazards(ctx: AppContext, scope: Scope): Promise<HazardRow[]> {
  const rows = await repo.assignedTo(ctx.db, ctx.config.tzName, scope.caller.userId, ctx.now());
  return rows.filter((row) => scope.covers(row.path)).map(publicRow);
}

/** "YYYY-MM-DD HH:mm" in the deployment's zone. */
function deadlineOf(text: string, tz: string): Date {
  const [date, time] = text.split(' ') as [string, string];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return zonedInstant(date, hh * 60 + mm, tz);
}

interface MoveSpec {
  move: HazardMove;
  hazardId: number;
  note: string;
  /** Checks and values of the move beyond the state machine (in the transaction, the hazard locked). */
  apply?: (
    tx: Queryable,
    row: repo.StoredHazard,
  ) => Promise<{ values?: Parameters<typeof repo.moveHazard>[2]; photoIds?: number[]; logExtra?: string }>;
}

/**
 * One move of the state machine (INSPECTION.md, Hazards): the hazard locked, in scope (404), the move allowed
 * from its state (409 当前状态不能执行该操作), its own checks, then the new state, a history line and an operation
 * log line together.
 */
async function move(ctx: AppContext, scope: Scope, spec: MoveSpec): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await visibleHazard(ctx, scope, spec.hazardId, tx, true);
    const to = nextHazardState(row.state, spec.move);
    if (to === null) throw conflict(inspectionRefusals.notAllowed);
    const extra = (await spec.apply?.(tx, row)) ?? {};
    await repo.moveHazard(tx, row.hazard_id, {
      ...extra.values,
      state: to,
      ...(to === HazardState.closed || to === HazardState.ignored ? { closed_time: now } : {}),
    });
    const actor = scope.caller.trueName || scope.caller.userName;
    await repo.addHistory(tx, [
      {
        hazard_id: row.hazard_id,
        time: now,
        actor,
        actor_id: scope.caller.userId,
        from_state: row.state,
        to_state: to,
        note: spec.note,
        photo_ids: extra.photoIds ?? [],
      },
    ]);
    await writeLog(tx, {
      type: LogType.update,
      actor: scope.actor,
      at: now,
      content:
        `隐患${HAZARD_MOVE_TEXT[spec.move]}：#${row.hazard_id} ${row.patrol_name || row.patrol_sn}「${row.item_text}」` +
        `，${HAZARD_STATE_TEXT[row.state as HazardState]} → ${HAZARD_STATE_TEXT[to]}${extra.logExtra ?? ''}` +
        `${spec.note ? `（${spec.note}）` : ''}`,
    });
  });
}

export function assignHazard(ctx: AppContext, scope: Scope, input: z.output<typeof assignHazardInput>) {
  const deadline = deadlineOf(input.deadline, ctx.config.tzName);
  return move(ctx, scope, {
    move: 'assign',
    hazardId: input.hazard_id,
    note: input.note,
    apply: async (tx) => {
      if (deadline.getTime() <= ctx.now().getTime()) throw invalid(inspectionRefusals.pastDeadline);
      const person = await repo.accountPath(tx, input.user_id);
      if (!person || !scope.covers(person.path)) throw notFound(inspectionRefusals.assigneeOutside);
      return {
        values: { state: HazardState.fixing, assignee_id: person.user_id, deadline },
        logExtra: `，整改人 ${person.name}，期限 ${input.deadline}`,
      };
    },
  });
}

export function ignoreHazard(ctx: AppContext, scope: Scope, input: z.output<typeof hazardMoveInput>) {
  return move(ctx, scope, { move: 'ignore', hazardId: input.hazard_id, note: input.note });
}

export function verifyHazard(ctx: AppContext, scope: Scope, input: z.output<typeof hazardMoveInput>) {
  return move(ctx, scope, { move: 'verify', hazardId: input.hazard_id, note: input.note });
}

export function rejectHazard(ctx: AppContext, scope: Scope, input: z.output<typeof hazardMoveInput>) {
  return move(ctx, scope, { move: 'reject', hazardId: input.hazard_id, note: input.note });
}

/**
 * 提交整改 by the assignee only (403 otherwise), with a note and 0–3 photos: the caller's own, not yet attached
 * to anything (403 otherwise, as a punch's); they are then the hazard's, seen by whoever sees it.
 */
export function fixHazard(ctx: AppContext, scope: Scope, input: z.output<typeof fixHazardInput>) {
  return move(ctx, scope, {
    move: 'fix',
    hazardId: input.hazard_id,
    note: input.note,
    apply: async (tx, row) => {
      if (row.assignee_id !== scope.caller.userId) throw forbidden(inspectionRefusals.notAssignee);
      const found = await photos.photosByIds(tx, input.photo_ids);
      if (found.length !== input.photo_ids.length) throw notFound(guardAppMessages.photoMissing);
      if (found.some((p) => p.user_id !== scope.caller.userId)) throw forbidden(guardAppMessages.photoNotYours);
      if (found.some((p) => p.punch_key !== null)) throw forbidden(guardAppMessages.photoUsed);
      const at = ctx.now().toISOString();
      const links = input.photo_ids.map((photo_id) => ({
        photo_id,
        device_no: 'HAZARD',
        patrol_sn: `H${row.hazard_id}`,
        punch_time: at,
        hold_id: row.hold_id,
      }));
      if ((await photos.linkPhotos(tx, links)) !== links.length) throw forbidden(guardAppMessages.photoUsed);
      return { photoIds: input.photo_ids };
    },
  });
}

export async function hazardStats(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof hazardStatsInput>,
): Promise<HazardStats> {
  const tz = ctx.config.tzName;
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  return repo.stats(
    ctx.db,
    holdIds,
    zonedInstant(input.start_date, 0, tz),
    zonedInstant(addDays(input.end_date, 1), 0, tz),
  );
}

/** 整改超期: every hazard in 整改中 past its deadline gets its alert, once (whichever server sees it first). */
export async function raiseOverdueHazards(ctx: AppContext): Promise<number[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const late = await repo.overdueHazards(tx, now);
    return raiseAlerts(
      tx,
      late.map((h) => ({
        kind: AlertKind.overdue,
        subject: `hazard:${h.hazard_id}`,
        hold_id: h.hold_id,
        patrol_sn: h.patrol_sn,
        detail: `隐患 #${h.hazard_id} 巡检点 ${h.patrol_name || h.patrol_sn}「${h.item_text}」已超过整改期限，整改人 ${h.assignee_name || '—'}`,
      })),
      now,
    );
  });
}

export const HAZARD_EXPORT_TITLE = '隐患列表';

interface HazardSheetRow {
  hazard_id: number;
  patrol_name: string;
  patrol_sn: string;
  item_text: string;
  answer: string;
  photos: string;
  found_time: string;
  found_by: string;
  occurrences: number;
  level: string;
  state: string;
  assignee_name: string;
  deadline: string;
  hold_name: string;
}

const HAZARD_COLUMNS: SheetColumn<HazardSheetRow>[] = [
  { key: 'hazard_id', title: '编号' },
  { key: 'patrol_name', title: '巡检点' },
  { key: 'patrol_sn', title: '卡号' },
  { key: 'item_text', title: '检查项' },
  { key: 'answer', title: '检查结果' },
  { key: 'photos', title: '现场照片' },
  { key: 'found_time', title: '发现时间' },
  { key: 'found_by', title: '发现人' },
  { key: 'occurrences', title: '发现次数' },
  { key: 'level', title: '等级' },
  { key: 'state', title: '状态' },
  { key: 'assignee_name', title: '整改人' },
  { key: 'deadline', title: '整改期限' },
  { key: 'hold_name', title: '所属组织' },
];

/**
 * 现场照片 in the sheet: the finding punch's photos (its answers' and its 事件上报's, as the detail drawer shows them)
 * as their count and numbers, `2 张（编号 812、813）`, empty when none. A sheet cannot show a photo that needs the
 * reader's login; the numbers name the ones the drawer (or `Terminal/Photo`) opens.
 */
export function photosText(photoIds: readonly number[]): string {
  return photoIds.length === 0 ? '' : `${photoIds.length} 张（编号 ${photoIds.join('、')}）`;
}

/** `Hazard/Export`: the list's rows under its filters, every page, through the export register. */
export async function exportHazards(
  ctx: AppContext,
  scope: Scope,
  input: Filters,
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<{ fileName: string }> {
  const hold = await scope.hold(input.holdId);
  const filter = await filterOf(ctx, scope, { ...input, holdId: hold.hold_id });
  const fileName = await writeExport(
    ctx,
    scope,
    {
      title: HAZARD_EXPORT_TITLE,
      holdId: hold.hold_id,
      description: `${hold.hold_name}${input.includeChildren ? '及下级' : ''}`,
      columns: HAZARD_COLUMNS,
      widths: { item_text: 24, patrol_name: 16, photos: 24 },
      count: () => repo.countHazards(ctx.db, filter),
      batches: async function* (size) {
        const { rows } = await repo.listHazards(ctx.db, ctx.config.tzName, filter);
        const sheet = rows.map((row) => ({
          ...publicRow(row),
          photos: photosText(row.photo_ids),
          level: HAZARD_LEVEL_TEXT[row.level as HazardLevel] ?? '',
          state: HAZARD_STATE_TEXT[row.state as HazardState] ?? '',
        }));
        for (let i = 0; i < sheet.length; i += size) yield cellsOf(HAZARD_COLUMNS, sheet.slice(i, i + size));
      },
    },
    limits,
  );
  return { fileName };
}
