import { punchRecord, safetyMessages, type UploadPunchesResult } from '@guard-tour/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { parseSerialNumber } from '../../domain/serial-number.js';
import { parsePunchTime } from '../../domain/punch-time.js';
import { notFound } from '../../errors.js';
import { closeCompletedRounds } from '../alert/alert.service.js';
import { checkUpload, clockOffsetMs } from '../alert/upload-alerts.service.js';
import { linksOf, recordChecks, roundsFor } from '../round/round.service.js';
import { placeOf, raisePositionAlerts } from '../safety/position-alerts.service.js';
import * as repo from './punch.repository.js';

/** Punch times more than a day ahead of the server's clock are a terminal's wrong clock, not a punch. */
const MAX_AHEAD_MS = 24 * 3_600_000;
const EARLIEST = Date.UTC(2000, 0, 1);

export interface ValidPunch {
  index: number;
  patrolSn: string;
  at: Date;
  userName: string;
  /** The guard app's 事件上报. */
  note?: string;
  photoIds?: number[];
  /** Where the phone was (SAFETY.md), when it said. */
  position?: { lat: number; lng: number; accuracy: number | null };
  /** The guard app's answers to the point's checklist (INSPECTION.md): how many are abnormal, or -1 未填写. */
  checkResult?: number;
}

/** A record schema: the terminals' (`punchRecord`), or one that extends it (the guard app's). */
type RecordSchema = z.ZodType<
  z.output<typeof punchRecord> & {
    note?: string | null;
    photo_ids?: number[] | null;
    lat?: number | null;
    lng?: number | null;
    accuracy?: number | null;
  }
>;

/** Reads each record on its own: good ones go on, bad ones are reported with their index and reason. */
export function readRecords(records: unknown[], tz: string, now: Date, schema: RecordSchema = punchRecord) {
  const valid: ValidPunch[] = [];
  const rejected: UploadPunchesResult['rejected'] = [];
  records.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return rejected.push({ index, reason: parsed.error.issues[0]?.message ?? '记录格式不正确' });
    const sn = parseSerialNumber(parsed.data.patrol_sn);
    if (!sn.ok) return rejected.push({ index, reason: sn.reason === 'empty' ? '缺少卡号' : '卡号格式不正确' });
    const at = parsePunchTime(parsed.data.punch_time, tz);
    if (!at) return rejected.push({ index, reason: '打卡时间格式不正确，应为 YYYY-MM-DD HH:mm:ss' });
    if (at.getTime() > now.getTime() + MAX_AHEAD_MS || at.getTime() < EARLIEST) {
      return rejected.push({ index, reason: '打卡时间超出合理范围，请检查终端时钟' });
    }
    const { lat, lng, accuracy } = parsed.data;
    if ((lat === null || lat === undefined) !== (lng === null || lng === undefined)) {
      return rejected.push({ index, reason: safetyMessages.latLngPair });
    }
    valid.push({
      index,
      patrolSn: sn.value,
      at,
      userName: (parsed.data.user_name ?? '').trim(),
      note: parsed.data.note?.trim() || undefined,
      photoIds: parsed.data.photo_ids?.length ? [...new Set(parsed.data.photo_ids)] : undefined,
      position:
        lat !== null && lat !== undefined && lng !== null && lng !== undefined
          ? { lat, lng, accuracy: accuracy ?? null }
          : undefined,
    });
  });
  return { valid, rejected };
}

/**
 * A terminal's upload (API.md, Device upload): validated one by one, stored once each (idempotent on
 * device, card and time), with the names as they are now, linked to the rounds they check; answered after commit.
 */
export async function uploadPunches(
  ctx: AppContext,
  input: { device_no: string; records: unknown[]; device_time?: string | null | undefined },
): Promise<UploadPunchesResult> {
  const now = ctx.now();
  const deviceNo = parseSerialNumber(input.device_no);
  const terminal = deviceNo.ok ? await repo.findDeviceByNo(ctx.db, deviceNo.value) : undefined;
  // Only a well-formed number is repeated back: anything else (markup, SQL, control characters) is not echoed.
  if (!terminal) throw notFound(deviceNo.ok ? `设备未登记：${deviceNo.value}` : '设备未登记：设备号格式不正确');
  const { valid, rejected } = readRecords(input.records, ctx.config.tzName, now);
  return storeBatch(ctx, terminal, { valid, rejected, now, deviceTime: input.device_time });
}

/** The terminal a batch comes from, as the upload reads it. */
export type Terminal = NonNullable<Awaited<ReturnType<typeof repo.findDeviceByNo>>>;

/** A live terminal by its IMEI/SN (upper case), with its organisation's path; undefined when none. */
export function terminalByNo(ctx: AppContext, deviceNo: string): Promise<Terminal | undefined> {
  return repo.findDeviceByNo(ctx.db, deviceNo);
}

/**
 * Stores a batch of checked records of one terminal: each once (idempotent on device, card and time), with the
 * names as they are now, linked to the rounds they check, alerts raised; answered after commit. The terminals'
 * upload and the guard app's both end here.
 */
export async function storeBatch(
  ctx: AppContext,
  terminal: Terminal,
  batch: {
    valid: ValidPunch[];
    rejected: UploadPunchesResult['rejected'];
    now: Date;
    deviceTime?: string | null | undefined;
    /** Called in the transaction with the punches stored (the app links their photos). */
    afterStore?: (tx: Queryable, stored: ValidPunch[]) => Promise<void>;
  },
): Promise<UploadPunchesResult> {
  const { valid, rejected, now } = batch;
  const unique = [...new Map(valid.map((p) => [`${p.patrolSn}|${p.at.getTime()}`, p])).values()];
  if (unique.length === 0) return { accepted: 0, duplicates: valid.length, rejected };

  await repo.ensurePartitions(
    ctx.db,
    unique.map((p) => p.at),
  );
  // Independent reads, asked for together before the transaction (each statement reads what is committed, in
  // the transaction or not): who and what the punches name, and the rounds they may check. The transaction then
  // holds only the writes (on PGlite it has the engine to itself while it is open).
  const [names, rounds] = await Promise.all([
    repo.punchNames(
      ctx.db,
      [...new Set(unique.map((p) => p.patrolSn))],
      [...new Set(unique.map((p) => p.userName).filter(Boolean))],
      terminal.path,
    ),
    roundsFor(
      ctx,
      ctx.db,
      unique.map((p) => p.at),
      [terminal.path],
    ),
  ]);
  const cards = new Map(names.cards.map((c) => [c.patrol_sn.toUpperCase(), c.patrol_id]));
  const places = new Map(names.cards.map((c) => [c.patrol_id, c]));
  const people = new Map(names.people.map((a) => [a.user_name.toLowerCase(), a.user_id]));
  const rows = unique.map((p) => ({
    punch: p,
    punchTime: p.at.toISOString(),
    patrolId: cards.get(p.patrolSn) ?? null,
    userId: people.get(p.userName.toLowerCase()) ?? null,
  }));
  const links = linksOf(
    rows.flatMap(({ punch, punchTime, patrolId, userId }) =>
      patrolId === null
        ? []
        : [
            {
              idx: punch.index,
              punch_time: punchTime,
              patrol_id: patrolId,
              user_id: userId,
              object_id: terminal.object_id,
              device_path: terminal.path,
            },
          ],
    ),
    rounds,
  );
  const inserts = rows.map(({ punch, punchTime, patrolId, userId }) => ({
    ...placeOf(punch.position, patrolId === null ? undefined : places.get(patrolId)),
    patrol_sn: punch.patrolSn,
    punch_time: punchTime,
    patrol_id: patrolId,
    check_result: punch.checkResult ?? null,
    user_id: userId,
    road_id: links.roads.get(punch.index)?.road_id ?? null,
    note: punch.note,
    photo_ids: punch.photoIds,
  }));
  const deviceTime = batch.deviceTime ? parsePunchTime(batch.deviceTime, ctx.config.tzName) : null;
  const offsetMs = clockOffsetMs(deviceTime, now);
  const accepted = await ctx.db.transaction(async (tx) => {
    const storedRows = await repo.insertPunches(tx, { ...terminal, upload_time: now }, inserts);
    // In batch order (the terminal's last road is that of its last stored punch).
    const storedPunches = unique.filter((_, position) => storedRows.has(position));
    const storedIndexes = new Set(storedPunches.map((p) => p.index));
    const marks = links.marks.filter((m) => storedIndexes.has(m.idx));
    const roundOf = new Map(marks.map((m) => [m.idx, m.round_id]));
    const lastRoad = storedPunches.flatMap((p) => links.roads.get(p.index)?.road_id ?? []).at(-1) ?? null;
    // The rounds' checks, the upload's own alerts and the terminal's last upload touch different rows: they go to
    // the database together. 时钟异常 and 疑似代打 are raised by the upload that shows them, in its transaction
    // (ACCOUNTABILITY.md, Timing).
    await Promise.all([
      recordChecks(ctx, tx, marks).then((finished) => closeCompletedRounds(tx, finished, now)),
      checkUpload(ctx, tx, {
        terminal,
        now,
        deviceTime,
        batchTimes: valid.map((p) => p.at.getTime()),
        stored: storedPunches.map((p) => ({
          patrol_sn: p.patrolSn,
          punch_time: p.at.toISOString(),
          round_id: roundOf.get(p.index) ?? null,
          road_id: links.roads.get(p.index)?.road_id ?? null,
        })),
      }),
      repo.touchDevice(tx, terminal.object_id, now, lastRoad, offsetMs === null ? null : Math.round(offsetMs / 1000)),
    ]);
    await raisePositionAlerts(ctx, tx, {
      terminal,
      now,
      flagged: storedPunches.flatMap((p) => {
        const row = inserts[unique.indexOf(p)];
        return row?.flag ? [{ ...row, round_id: roundOf.get(p.index) ?? null }] : [];
      }),
    });
    await batch.afterStore?.(tx, storedPunches);
    return storedRows.size;
  });
  return { accepted, duplicates: valid.length - accepted, rejected };
}
