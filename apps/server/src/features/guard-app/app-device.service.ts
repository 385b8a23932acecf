import {
  APP_DEVICE_PREFIX,
  PHONE_OBJECT_TYPE,
  guardAppMessages,
  type RegisteredApp,
  type registerAppInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { conflict, forbidden } from '../../errors.js';
import type { Scope } from '../../http/scope.js';
import { saveDevice } from '../device/device.service.js';
import { terminalByNo, type Terminal } from '../punch/punch-upload.service.js';
import * as repo from './guard-app.repository.js';

/**
 * `Terminal/RegisterApp`: the phone becomes a terminal (手机) of the account's organisation, named after its person,
 * through the same checks and audit as a device added on the screen. The same `app_id` again answers the same
 * device; one registered outside the caller's scope is 409. A phone deleted in 设备管理 is registered anew.
 */
export async function registerApp(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof registerAppInput>,
): Promise<RegisteredApp> {
  const deviceNo = `${APP_DEVICE_PREFIX}${input.app_id.toUpperCase()}`;
  const known = await repo.deviceByNo(ctx.db, deviceNo);
  if (known) {
    if (!scope.covers(known.path)) throw conflict(guardAppMessages.appElsewhere);
    return { object_id: known.object_id, device_no: known.device_no };
  }
  const { caller } = scope;
  const saved = await saveDevice(ctx, scope, {
    object_id: 0,
    hold_id: caller.holdId,
    device_no: deviceNo,
    object_type: PHONE_OBJECT_TYPE,
    object_name: `${caller.trueName || caller.userName}的手机`,
    IMEI: deviceNo,
    SIM: '',
    ICCID: '',
    remark: '巡检助手登记',
  });
  return { object_id: saved.object_id, device_no: deviceNo };
}

/** The phone a guard app call names, if it is a live 手机 terminal inside the caller's scope. */
export async function phoneOf(ctx: AppContext, scope: Scope, deviceNo: string): Promise<Terminal | null> {
  const terminal = await terminalByNo(ctx, deviceNo.trim().toUpperCase());
  const isPhone = terminal?.object_type === PHONE_OBJECT_TYPE && terminal.device_no.startsWith(APP_DEVICE_PREFIX);
  return terminal && isPhone && scope.covers(terminal.path) ? terminal : null;
}

/** The phone a guard app call names: a live 手机 terminal inside the caller's scope (403 otherwise). */
export async function appTerminal(ctx: AppContext, scope: Scope, deviceNo: string): Promise<Terminal> {
  const terminal = await phoneOf(ctx, scope, deviceNo);
  if (!terminal) throw forbidden(guardAppMessages.notAppDevice);
  return terminal;
}
