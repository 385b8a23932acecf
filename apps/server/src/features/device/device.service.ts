import {
  LogType,
  deviceMessages,
  type DeviceOption,
  type DeviceRow,
  type Page,
  type allocateDeviceInput,
  type deviceListInput,
  type deviceOptionsQuery,
  type saveDeviceInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { writeLog } from '../../audit/audit.js';
import { assertNotInUse } from '../../db/in-use.js';
import { parseSerialNumber, quoteNumber } from '../../domain/serial-number.js';
import { conflict, invalid } from '../../errors.js';
import type { Scope } from '../scope.js';
import type { NewDevice } from '../../db/schema.js';
import * as repo from './device.repository.js';
import { accessTransaction } from '../../http/access-cache.js';

const MISSING = '设备不存在或已删除';
/** How many devices a log entry names one by one. */
const NAMED_IN_LOG = 20;

export function named(devices: { device_no: string; object_id: number }[]): string {
  const shown = devices
    .slice(0, NAMED_IN_LOG)
    .map((d) => `${d.device_no}（ID ${d.object_id}）`)
    .join('、');
  return devices.length > NAMED_IN_LOG ? `${shown} 等 ${devices.length} 台` : shown;
}

export async function listDevices(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof deviceListInput>,
): Promise<Page<DeviceRow>> {
  const holdIds = await scope.holdIds(input.holdId, input.includeChildren);
  const filter = { holdIds, searchType: input.search_type, key: input.key };
  return repo.listDevices(ctx.db, ctx.config.tzName, filter, input);
}

export async function deviceDetail(ctx: AppContext, scope: Scope, objectId: number): Promise<DeviceRow> {
  return scope.visible(await repo.findDevice(ctx.db, ctx.config.tzName, objectId), MISSING);
}

export async function deviceOptions(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof deviceOptionsQuery>,
): Promise<DeviceOption[]> {
  return repo.deviceOptions(ctx.db, await scope.holdIds(input.holdId, true));
}

/** The device number of a save: `device_no`, else the IMEI field; required and well formed. */
function deviceNumber(input: z.output<typeof saveDeviceInput>): string {
  const raw = input.device_no || input.IMEI;
  const number = parseSerialNumber(raw);
  if (!number.ok && number.reason === 'empty') throw invalid(deviceMessages.numberRequired);
  if (!number.ok) throw invalid(`设备IMEI/SN格式不正确：${quoteNumber(raw)}`);
  return number.value;
}

/** Creates or edits a device (`SaveDeviceInfo`); its number is unique among live devices of every organisation. */
export async function saveDevice(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof saveDeviceInput>,
): Promise<{ object_id: number }> {
  const deviceNo = deviceNumber(input);
  const values: NewDevice = {
    device_no: deviceNo,
    object_name: input.object_name || deviceNo,
    object_type: input.object_type,
    imei: input.IMEI || deviceNo,
    sim: input.SIM,
    iccid: input.ICCID,
    remark: input.remark,
  };
  const now = ctx.now();
  const actor = scope.actor;

  return accessTransaction(ctx, async (tx) => {
    const txScope = scope.on(tx);
    const target = await txScope.hold(input.holdId);
    if (input.object_id === 0) {
      if (await repo.deviceNoTaken(tx, deviceNo)) throw conflict(`设备IMEI/SN已存在：${deviceNo}`);
      const objectId = await repo.insertDevice(tx, { ...values, hold_id: target.hold_id, create_time: now });
      await writeLog(tx, {
        type: LogType.create,
        actor,
        at: now,
        deviceNo,
        content: `新增设备 ${values.object_name}（IMEI/SN ${deviceNo}，ID ${objectId}），所属组织 ${target.hold_name}`,
      });
      return { object_id: objectId };
    }
    const current = await txScope.visible(await repo.findDevice(tx, ctx.config.tzName, input.object_id), MISSING);
    if (await repo.deviceNoTaken(tx, deviceNo, current.object_id)) throw conflict(`设备IMEI/SN已存在：${deviceNo}`);
    await repo.updateDevice(tx, current.object_id, { ...values, hold_id: target.hold_id });
    const renumbered = current.device_no === deviceNo ? '' : `，IMEI/SN 由 ${current.device_no} 改为 ${deviceNo}`;
    const moved = current.hold_id === target.hold_id ? '' : `，移到 ${target.hold_name}`;
    await writeLog(tx, {
      type: LogType.update,
      actor,
      at: now,
      deviceNo,
      content: `修改设备 ${values.object_name}（IMEI/SN ${deviceNo}，ID ${current.object_id}）${renumbered}${moved}`,
    });
    return { object_id: current.object_id };
  });
}

/** Loads the devices named by id, all in scope (else 404, as if they did not exist). */
async function devicesInScope(scope: Scope, q: Queryable, objectIds: number[]) {
  const rows = await repo.findDevicesByIds(q, objectIds);
  const txScope = scope.on(q);
  for (const id of new Set(objectIds)) {
    await txScope.visible(
      rows.find((r) => r.object_id === id),
      MISSING,
    );
  }
  return rows;
}

/** Deletes devices, all or none (soft: their punches stay). */
export async function removeDevices(ctx: AppContext, scope: Scope, objectIds: number[]): Promise<void> {
  const now = ctx.now();
  await accessTransaction(ctx, async (tx) => {
    const rows = await devicesInScope(scope, tx, objectIds);
    await assertNotInUse(tx, 'device', new Map(rows.map((r) => [r.object_id, r.object_name || r.device_no])));
    await repo.softDeleteDevices(tx, objectIds, now);
    await writeLog(tx, {
      type: LogType.remove,
      actor: scope.actor,
      at: now,
      content: `删除设备 ${named(rows)}`,
    });
  });
}

/** Moves devices to another organisation of the caller's scope; punches already stored keep theirs. */
export async function allocateDevices(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof allocateDeviceInput>,
): Promise<void> {
  const now = ctx.now();
  await accessTransaction(ctx, async (tx) => {
    const target = await scope.on(tx).hold(input.holdId);
    const rows = await devicesInScope(scope, tx, input.objectIds);
    await repo.moveDevices(tx, input.objectIds, target.hold_id);
    await writeLog(tx, {
      type: LogType.allocate,
      actor: scope.actor,
      at: now,
      content: `分配设备 ${named(rows)} 到 ${target.hold_name}（ID ${target.hold_id}）`,
    });
  });
}
