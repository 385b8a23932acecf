import {
  AlertKind,
  AlertState,
  SosState,
  safetyMessages,
  type SosAnswer,
  type SosStateAnswer,
  type sosInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { parsePunchTime } from '../../domain/punch-time.js';
import { invalid, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { announceAlerts, raiseAlerts } from '../alert/alert.service.js';
import { boundPhone } from '../guard-app/app-device.service.js';
import * as repo from './safety.repository.js';

/** The guard's view of an alert's state: 0 未响应, 1 已响应, 2 已处理. */
export function sosStateOf(state: number): SosState {
  if (state === AlertState.handled) return SosState.handled;
  return state === AlertState.responded ? SosState.responded : SosState.waiting;
}

/** The phone's clock as it said, or the server's when it says something unreadable (an SOS is never refused for it). */
export function phoneTime(ctx: AppContext, text: string): Date {
  const at = parsePunchTime(text, ctx.config.tzName);
  if (!at) throw invalid(safetyMessages.badTime);
  return at;
}

/**
 * `Terminal/Sos` (SAFETY.md): from the phone this session registered only (403 otherwise, nothing stored). The
 * phone's `sos_id` makes a resend after a lost answer the same press; a new press while the account's SOS is open
 * adds to it (a count and the latest position) and announces it again; otherwise a 紧急求助 is raised at once —
 * the stream, the bell and the webhooks, in one transaction with the press.
 */
export async function sendSos(ctx: AppContext, scope: Scope, input: z.output<typeof sosInput>): Promise<SosAnswer> {
  const terminal = await boundPhone(ctx, scope, input.device_no);
  const at = phoneTime(ctx, input.time);
  const now = ctx.now();
  const { caller } = scope;
  const position = { lat: input.lat ?? null, lng: input.lng ?? null, accuracy: input.accuracy ?? null };
  const last = await repo.lastPunch(ctx.db, ctx.config.tzName, { deviceNo: terminal.device_no });
  return ctx.db.transaction(async (tx) => {
    await repo.lockSos(tx, caller.userId);
    const pressed = await repo.pressById(tx, caller.userId, input.sos_id);
    if (pressed) return { alert_id: pressed.alert_id, state: sosStateOf(pressed.state) };
    const press = { user_id: caller.userId, sos_id: input.sos_id, device_no: terminal.device_no, press_time: at };
    const open = await repo.openSos(tx, caller.userId);
    if (open) {
      await repo.addPress(tx, open.alert_id, position);
      await repo.insertPress(tx, { ...press, alert_id: open.alert_id, ...position });
      await announceAlerts(tx, [open.alert_id]);
      return { alert_id: open.alert_id, state: sosStateOf(open.state) };
    }
    const name = caller.trueName ? `${caller.trueName}（${caller.userName}）` : caller.userName;
    const lastText = last ? `；最后打卡：${last.patrol_name || last.patrol_sn} ${last.punch_time}` : '；今天尚无打卡';
    const [alertId] = await raiseAlerts(
      tx,
      [
        {
          kind: AlertKind.sos,
          subject: `sos:${caller.userId}:${input.sos_id}`,
          hold_id: caller.holdId,
          object_id: terminal.object_id,
          device_no: terminal.device_no,
          user_id: caller.userId,
          ...position,
          detail: `${name} 发出紧急求助（${terminal.device_no}）${lastText}`,
        },
      ],
      now,
    );
    if (alertId === undefined) throw notFound(safetyMessages.sosMissing);
    await repo.insertPress(tx, { ...press, alert_id: alertId, ...position });
    return { alert_id: alertId, state: SosState.waiting };
  });
}

/** `Terminal/SosState`: the account's own SOS only (another's, or another kind of alert → 404). */
export async function sosState(ctx: AppContext, scope: Scope, alertId: number): Promise<SosStateAnswer> {
  const row = await repo.sosOf(ctx.db, ctx.config.tzName, alertId, scope.caller.userId);
  if (!row) throw notFound(safetyMessages.sosMissing);
  return { state: sosStateOf(row.state), responded_by: row.responded_by, responded_time: row.responded_time };
}
