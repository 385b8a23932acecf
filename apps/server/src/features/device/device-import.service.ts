import {
  IMPORT_MAX_ROWS,
  LogType,
  deviceMessages,
  importReasons,
  type ExcelImportResult,
  type SnImportResult,
  type importExcelInput,
  type importSnListInput,
} from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import type { NewDevice } from '../../db/schema.js';
import { writeLog } from '../../audit/audit.js';
import { invalid } from '../../errors.js';
import type { HoldRef, Scope } from '../scope.js';
import * as uploads from '../upload/upload.service.js';
import {
  HEADER_MESSAGE,
  deviceFromSn,
  mapHeader,
  planSheetRows,
  planSnList,
  splitSnList,
} from './device-import.rules.js';
import { named } from './device.service.js';
import * as repo from './device.repository.js';

/** Creates the devices whose numbers no live device has; answers the created and the refused. */
async function createDevices(
  tx: Queryable,
  target: HoldRef,
  devices: NewDevice[],
  now: Date,
): Promise<{ created: { object_id: number; device_no: string }[]; taken: Set<string> }> {
  const existing = await repo.existingDeviceNos(
    tx,
    devices.map((d) => d.device_no),
  );
  const fresh = devices.filter((d) => !existing.has(d.device_no));
  const created = await repo.insertDevices(tx, target.hold_id, fresh, now);
  const createdNos = new Set(created.map((c) => c.device_no));
  const taken = new Set(devices.map((d) => d.device_no).filter((no) => !createdNos.has(no)));
  return { created, taken };
}

/** `ImportDeviceBySNList` (DOMAIN.md, Imports): one device per new SN, every refused SN with its reason. */
export async function importSnList(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof importSnListInput>,
): Promise<SnImportResult> {
  const sns = splitSnList(input.SNList);
  if (sns.length === 0) throw invalid(deviceMessages.snListRequired);
  if (sns.length > IMPORT_MAX_ROWS) throw invalid(`一次最多导入 ${IMPORT_MAX_ROWS} 个SN`);
  const plan = planSnList(sns);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const target = await scope.on(tx).hold(input.holdId);
    const { created, taken } = await createDevices(
      tx,
      target,
      plan.candidates.map((c) => deviceFromSn(c.value)),
      now,
    );
    const failures = [
      ...plan.failures,
      ...plan.candidates.filter((c) => taken.has(c.value)).map((c) => ({ ...c, reason: importReasons.exists })),
    ].sort((a, b) => a.index - b.index);
    await writeLog(tx, {
      type: LogType.import,
      actor: scope.actor,
      at: now,
      content: `按SN列表导入设备到 ${target.hold_name}（ID ${target.hold_id}）：成功 ${created.length} 台${created.length ? `：${named(created)}` : ''}，失败 ${failures.length} 个`,
    });
    return { effectCount: created.length, failSNList: failures.map(({ sn, reason }) => ({ sn, reason })) };
  });
}

const sheetRefusals: Record<Exclude<uploads.SheetRead, { ok: true }>['reason'], string> = {
  unreadable: '文件无法读取，请使用导入模板另存为xlsx/xls后重试',
  timeout: '文件读取超时，请减少行数后重试',
  memory: '文件内容过大，无法读取',
};

/** `ImportDeviceByExcel` (DOMAIN.md, Imports): the first sheet of an uploaded file, each row on its own. */
export async function importExcel(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof importExcelInput>,
): Promise<ExcelImportResult> {
  if (!input.FilePath.trim()) throw invalid(deviceMessages.fileRequired);
  const target = await scope.hold(input.holdId);
  const file = await uploads.uploadedFile(ctx, scope.caller, input.FilePath.trim());
  const sheet = await uploads.readFirstSheet(file.path, { maxRows: IMPORT_MAX_ROWS });
  if (!sheet.ok) throw invalid(sheetRefusals[sheet.reason]);
  if (sheet.lastRow > IMPORT_MAX_ROWS + 1) throw invalid(`一次最多导入 ${IMPORT_MAX_ROWS} 行`);
  const [header, ...rows] = sheet.rows;
  const columns = header ? mapHeader(header.cells) : null;
  if (!columns) throw invalid(HEADER_MESSAGE);
  const plan = planSheetRows(rows, columns);
  if (plan.candidates.length === 0 && plan.failures.length === 0) throw invalid('文件中没有可导入的设备');

  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const holdNow = await scope.on(tx).hold(target.hold_id);
    const { created, taken } = await createDevices(
      tx,
      holdNow,
      plan.candidates.map((c) => c.device),
      now,
    );
    const failList = [
      ...plan.failures,
      ...plan.candidates
        .filter((c) => taken.has(c.device.device_no))
        .map((c) => ({ row: c.row, sn: c.sn, reason: importReasons.exists })),
    ].sort((a, b) => a.row - b.row);
    await writeLog(tx, {
      type: LogType.import,
      actor: scope.actor,
      at: now,
      content: `从文件 ${file.originalName} 导入设备到 ${holdNow.hold_name}（ID ${holdNow.hold_id}）：成功 ${created.length} 台${created.length ? `：${named(created)}` : ''}，失败 ${failList.length} 行`,
    });
    return { effectCount: created.length, failList };
  });
}
