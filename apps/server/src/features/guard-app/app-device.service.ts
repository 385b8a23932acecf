import {
  APP_DEVICE_PREFIX,
  PHONE_OBJECT_TYPE,
  guardAppMessages,
  roleMessages,
  type RegisteredApp,
  type registerAppInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { conflict, forbidden } from '../../errors.js';
import type { Scope } from '../scope.js';
import { saveDevice } from '../device/device.service.js';
import { terminalByNo, type Terminal } from '../punch/punch-upload.service.js';
import * as repo from './guard-app.repository.js';

/**
 * `Terminal/RegisterApp`: the phone becomes a terminal (手机) of the account's organisation, named after its person,
 * through the same checks and audit as a device added on the screen, and the calling session (app or console) is
 * bound to it (ROLES.md): from then on the session lives only while that phone is live and inside the account's
 * subtree (the session look-up asks on every request), and its punches name that phone only. The same `app_id`
 * again, by anyone whose scope covers it (a post's shared phone), answers the same device; one registered outside
 * the caller's scope is 409. A phone deleted in 设备管理 is registered anew by a new login (the deleted phone's
 * sessions get 401 before reaching here).
 */
export async function registerApp(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof registerAppInput>,
): Promise<RegisteredApp> {
  const deviceNo = `${APP_DEVICE_PREFIX}${input.app_id.toUpperCase()}`;
  const known = await repo.deviceByNo(ctx.db, deviceNo);
  const { caller } = scope;
  if (known) {
    if (!scope.covers(known.path)) throw conflict(guardAppMessages.appElsewhere);
    await repo.bindSession(ctx.db, caller.sessionId, known.object_id);
    await ctx.access?.settle();
    return { object_id: known.object_id, device_no: known.device_no };
  }
  const saved = await saveDevice(ctx, scope, {
    object_id: 0,
    holdId: caller.holdId,
    device_no: deviceNo,
    object_type: PHONE_OBJECT_TYPE,
    object_name: `${caller.trueName || caller.userName}的手机`,
    IMEI: deviceNo,
    SIM: '',
    ICCID: '',
    remark: '巡检助手登记',
  });
  await repo.bindSession(ctx.db, caller.sessionId, saved.object_id);
  await ctx.access?.settle();
  return { object_id: saved.object_id, device_no: deviceNo };
}

/** The phone a guard app call names, if it is a live 手机 terminal inside the caller's scope. */
async function phoneOf(ctx: AppContext, scope: Scope, deviceNo: string): Promise<Terminal | null> {
  const terminal = await terminalByNo(ctx, deviceNo.trim().toUpperCase());
  const isPhone = terminal?.object_type === PHONE_OBJECT_TYPE && terminal.device_no.startsWith(APP_DEVICE_PREFIX);
  return terminal && isPhone && scope.covers(terminal.path) ? terminal : null;
}

/**
 * The phone a guard app call names, which must be the one `RegisterApp` bound the calling session to: a session
 * not bound yet (it never registered, e.g. logged in before phones were bound) → 403 请先登记本手机, which the app
 * answers by registering and trying again; another device number → 403 只能使用本机上传 (ROLES.md). A session's
 * token alone never lets it write as another phone, even one of its own organisation.
 */
export async function boundPhone(ctx: AppContext, scope: Scope, deviceNo: string): Promise<Terminal> {
  const { deviceId } = scope.caller;
  if (deviceId === null) throw forbidden(guardAppMessages.registerFirst);
  const terminal = await phoneOf(ctx, scope, deviceNo);
  if (terminal?.object_id !== deviceId) throw forbidden(roleMessages.otherDevice);
  return terminal;
}
