import {
  AlertKind,
  AlertState,
  DEFAULT_CHECKIN_GRACE,
  DEFAULT_CHECKIN_MINUTES,
  DEFAULT_OFFLINE_HOURS,
  HoldType,
  LogType,
  MAX_GRACE_MINUTES,
  alertMessages,
  type AlertRow,
  type AlertSettings,
  type Page,
  type alertListInput,
  type handleAlertsInput,
  type saveAlertSettingsInput,
} from '@guard-tour/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeLog } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { pageWindow } from '../../db/sql.js';
import { localDate } from '../../domain/time.js';
import { addDays, zonedInstant } from '../../domain/zoned-time.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import * as repo from './alert.repository.js';

export type { NewAlert } from './alert.repository.js';

/** Raises alerts in the caller's transaction (see the repository): each once, whoever raises it first. */
export function raiseAlerts(q: Queryable, alerts: readonly repo.NewAlert[], now: Date): Promise<number[]> {
  return repo.raise(q, alerts, now);
}

/** Closes the open 漏检 alerts of these rounds if a late upload completed them (the upload's transaction). */
export function closeCompletedRounds(q: Queryable, roundIds: readonly number[], now: Date): Promise<void> {
  return repo.closeCompleted(q, now, { roundIds });
}

export async function listAlerts(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof alertListInput>,
): Promise<Page<AlertRow>> {
  const tz = ctx.config.tzName;
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const { rows, total } = await repo.listAlerts(
    ctx.db,
    tz,
    {
      holdIds,
      kind: input.kind,
      state: input.state,
      from: input.start_date ? zonedInstant(input.start_date, 0, tz) : undefined,
      to: input.end_date ? zonedInstant(addDays(input.end_date, 1), 0, tz) : undefined,
    },
    pageWindow(input),
  );
  return { rows: rows.map(({ path: _path, ...row }) => row), total };
}

export async function unhandledCount(ctx: AppContext, scope: Scope): Promise<{ count: number }> {
  return { count: await repo.countOpen(ctx.db, scope.caller.holdPath) };
}

/**
 * 处理: a note, then 已处理 with who and when, written to the operation log. Every alert named must exist (404)
 * and lie in the caller's scope (403, nothing changed); one already handled stays as first handled.
 */
export async function handleAlerts(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof handleAlertsInput>,
): Promise<void> {
  const ids = [...new Set(input.alert_ids)];
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const found = await repo.alertsByIds(tx, ids);
    if (found.length !== ids.length) throw notFound(alertMessages.alertMissing);
    if (found.some((row) => !scope.covers(row.path))) throw forbidden();
    const by = scope.caller.trueName || scope.caller.userName;
    const changed = await repo.handle(tx, ids, by, input.note, now);
    if (changed.length === 0) return;
    await writeLog(tx, {
      type: LogType.update,
      actor: scope.actor,
      content: `处理告警：${changed.map((id) => `#${id}`).join('、')}${input.note ? `（${input.note}）` : ''}`,
      at: now,
    });
  });
}

/**
 * 已响应 (SAFETY.md): only an open 紧急求助 in the caller's scope; who and when are kept, in the operation log too,
 * and the alert is announced again so every console's banner stops. Pressed twice (two consoles at once), the first
 * press stands.
 */
export async function respondAlert(ctx: AppContext, scope: Scope, alertId: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [found] = await repo.alertsByIds(tx, [alertId]);
    if (!found) throw notFound(alertMessages.alertMissing);
    if (!scope.covers(found.path)) throw forbidden();
    if (found.kind !== AlertKind.sos) throw invalid(alertMessages.notSos);
    if (found.state === AlertState.handled) throw conflict(alertMessages.alreadyHandled);
    if (found.state === AlertState.responded) return;
    const by = scope.caller.trueName || scope.caller.userName;
    await repo.respond(tx, alertId, by, now);
    await writeLog(tx, { type: LogType.update, actor: scope.actor, content: `响应紧急求助：#${alertId}`, at: now });
    await repo.announce(tx, [alertId]);
  });
}

/** The enterprise a settings call names (the caller's own organisation when absent): in scope, and an enterprise. */
async function enterpriseOf(ctx: AppContext, scope: Scope, holdId: number | undefined) {
  const target = await scope.hold(holdId);
  if (target.hold_type !== HoldType.enterprise) throw invalid(alertMessages.notEnterprise);
  const row = await repo.enterpriseSettings(ctx.db, target.hold_id);
  if (!row) throw notFound();
  return row;
}

export async function alertSettings(
  ctx: AppContext,
  scope: Scope,
  input: { holdId?: number | undefined },
): Promise<AlertSettings> {
  const row = await enterpriseOf(ctx, scope, input.holdId);
  return {
    hold_id: row.hold_id,
    hold_name: row.hold_name,
    offline_hours: row.offline_hours ?? DEFAULT_OFFLINE_HOURS,
    checkin_enabled: row.checkin_enabled,
    checkin_minutes: row.checkin_minutes ?? DEFAULT_CHECKIN_MINUTES,
    checkin_grace: row.checkin_grace ?? DEFAULT_CHECKIN_GRACE,
  };
}

export async function saveAlertSettings(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveAlertSettingsInput>,
): Promise<void> {
  const row = await enterpriseOf(ctx, scope, input.holdId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.saveOfflineHours(tx, row.hold_id, input.offline_hours);
    const checkIn = {
      enabled: input.checkin_enabled ?? row.checkin_enabled,
      minutes: input.checkin_minutes ?? row.checkin_minutes ?? DEFAULT_CHECKIN_MINUTES,
      grace: input.checkin_grace ?? row.checkin_grace ?? DEFAULT_CHECKIN_GRACE,
    };
    await repo.saveCheckInSettings(tx, row.hold_id, checkIn);
    const checkInText = checkIn.enabled
      ? `报平安每 ${checkIn.minutes} 分钟（宽限 ${checkIn.grace} 分钟）`
      : '报平安关闭';
    await writeLog(tx, {
      type: LogType.update,
      actor: scope.actor,
      content: `修改告警设置：${row.hold_name}（ID ${row.hold_id}）终端离线时长 ${input.offline_hours} 小时，${checkInText}`,
      at: now,
    });
  });
}

/**
 * How far back the check looks for frozen abnormal rounds still lacking their alert, by the end of their window:
 * the day (at start and every 10 minutes: rounds frozen late, after the server was down or stored after their
 * window), or the rounds that came due lately (after each freeze, every 30 s: the longest grace and ten minutes for
 * a freeze held up). The partial index of abnormal rounds by window end reads just those: at 1M punches a day's
 * check read 3,000 rounds every 30 s, 19–38 ms of the embedded engine.
 */
const MISSED_LOOKBACK_MS = { day: 24 * 3_600_000, due: (MAX_GRACE_MINUTES + 10) * 60_000 } as const;

/**
 * 漏检: every abnormal round frozen in the lookback gets its alert (once; whoever froze it), and open ones whose
 * round a late upload completed are closed (an upload closes its rounds' alerts itself: after a freeze, those
 * raised in the lookback are looked at, one raised while an upload completed its round; over the day, all). Run
 * right after each freeze (`due`), so an alert follows its round's freeze within the freeze's period, and over the
 * day now and then.
 */
export async function raiseMissedRounds(
  ctx: AppContext,
  lookback: keyof typeof MISSED_LOOKBACK_MS = 'day',
): Promise<number[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const since = new Date(now.getTime() - MISSED_LOOKBACK_MS[lookback]);
    const rounds = await repo.missedRoundsToAlert(tx, since, ctx.config.tzName);
    const raised = await repo.raise(
      tx,
      rounds.map((round) => ({
        kind: AlertKind.missed,
        subject: `round:${round.round_id}`,
        hold_id: round.hold_id,
        road_id: round.road_id,
        round_id: Number(round.round_id),
        detail: repo.missedDetail(round),
      })),
      now,
    );
    await repo.closeCompleted(tx, now, lookback === 'day' ? undefined : { raisedSince: since });
    return raised;
  });
}

/** 终端离线: bound terminals silent longer than their enterprise's hours, once per silent spell. */
export async function raiseSilentDevices(ctx: AppContext): Promise<number[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const silent = await repo.silentDevices(tx, now, localDate(now, ctx.config.tzName));
    return repo.raise(
      tx,
      silent.map((d) => ({
        kind: AlertKind.offline,
        subject: `device:${d.object_id}:${d.spell}`,
        hold_id: d.hold_id,
        road_id: d.road_id,
        object_id: d.object_id,
        device_no: d.device_no,
        detail: `终端 ${d.object_name || d.device_no}（${d.device_no}）已超过 ${d.hours} 小时未上传打卡数据`,
      })),
      now,
    );
  });
}

/** Alert rows by id (what webhooks send). */
export async function alertRowsByIds(ctx: AppContext, ids: readonly number[]): Promise<AlertRow[]> {
  if (ids.length === 0) return [];
  const rows = await repo.alertRows(ctx.db, ctx.config.tzName, sql`a.alert_id = any(${sql.param([...ids])}::bigint[])`);
  // Positions are personal data: kept and shown in scope, never sent to a third party (SAFETY.md).
  return rows.map(({ path: _path, ...row }) => ({ ...row, lat: null, lng: null, accuracy: null }));
}

/** Announces alerts again (an SOS pressed again, answered): every stream in scope gets the row as it is now. */
export function announceAlerts(q: Queryable, ids: number[]): Promise<void> {
  return repo.announce(q, ids);
}

/** The channel alerts are announced on (the webhook deliveries wake on it). */
export const ALERT_CHANNEL = repo.ALERT_CHANNEL;
