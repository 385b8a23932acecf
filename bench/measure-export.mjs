// P6: 巡检记录 exports of ~100k and just under 1M rows through the server (time and its peak RSS), two at once,
// beside the raw walk the export makes (its own batch queries, replayed through the driver, no sheet written), and
// the server's sheet writer beside exceljs's on the same rows.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as contract from '@guard-tour/contract';
import { root } from '../scripts/lib.mjs';
import { call } from './api.mjs';
import { inProcess } from './calls.mjs';
import { serverModule } from './server-modules.mjs';
import { summarize, timeMs } from './stats.mjs';

/**
 * Start dates (local) so an export covers at least `small` rows, and as many as fit under the 1,000,000-row cap:
 * from the day of the n-th newest punch (small), or the day after it (large).
 */
export async function exportPeriods(db, tzName) {
  const dayOf = async (offset, shiftDays) => {
    const [row] = await db.query(
      `select to_char((punch_time at time zone $1)::date + $3::int, 'YYYY-MM-DD') as day
       from punch order by punch_time desc offset $2 limit 1`,
      [tzName, offset, shiftDays],
    );
    return row?.day ?? '2000-01-01';
  };
  return { small: await dayOf(99_999, 0), large: await dayOf(999_999, 1) };
}

const exportBody = (startDay) => ({ start_time: startDay, end_time: '' });

async function exportOnce(server, token, startDay) {
  const reply = await call(server.base, 'POST', '/PatrolData/ExportRecords', { token, body: exportBody(startDay) });
  if (!reply.data) throw new Error('export answered no file');
}

export async function exportOverHttp(server, token, periods) {
  const measure = async (work) => {
    server.resetPeak();
    const ms = await timeMs(work);
    return { ms, peakRssMb: server.peakRssMb() };
  };
  // Both sides warm, as every other figure: one export unmeasured (the server's sheet thread started and its writer
  // compiled), as the raw side walks once first.
  await exportOnce(server, token, periods.small);
  const small = [];
  for (let i = 0; i < 3; i += 1) small.push(await measure(() => exportOnce(server, token, periods.small)));
  const large = await measure(() => exportOnce(server, token, periods.large));
  const durations = [];
  const both = await measure(() =>
    Promise.all([0, 1].map(async () => durations.push(await timeMs(() => exportOnce(server, token, periods.large))))),
  );
  return {
    small: { ms: summarize(small.map((s) => s.ms)), peakRssMb: Math.max(...small.map((s) => s.peakRssMb)) },
    large: { ms: summarize([large.ms]), peakRssMb: large.peakRssMb },
    twoLarge: { ms: summarize(durations), peakRssMb: both.peakRssMb },
  };
}

/**
 * The export's walk, raw: its first and second batch queries are captured from the server's repository, then
 * replayed with each batch's cursor (last row's time text and id) put where the second batch had its own.
 * Answers a function that yields the walk's batches (rows as arrays), each read when asked for.
 */
async function rawWalk(db, services, startDay, tzName) {
  const { batchSize } = (await serverModule('export/export.service.js')).DEFAULT_EXPORT_LIMITS;
  const { ctx, scope } = await inProcess(services, db.drizzle, tzName);
  const holdIds = await scope.holdIds(undefined, true);
  const filter = services.records.recordFilter(ctx, holdIds, contract.recordExportInput.parse(exportBody(startDay)));
  const keys = contract.RECORD_COLUMNS.map((c) => c.key);
  const batch = (cursor) => services.recordRepo.punchBatch(db.drizzle, tzName, filter, keys, cursor, batchSize);
  let firstBatch;
  const [first] = await db.captured(async () => {
    firstBatch = await batch(null);
  });
  const cursor = firstBatch.next;
  const [second] = await db.captured(() => batch(cursor));
  const timeSlots = second.params.flatMap((value, i) => (value === cursor.time ? [i] : []));
  const idSlot = second.params.findLastIndex((value) => value === cursor.id);
  if (timeSlots.length === 0 || idSlot < 0) throw new Error('cannot find the export cursor in its batch query');
  // Each row ends with its cursor: the time as text, then the id.
  return async function* batches() {
    let rows = await db.arrays(first.query, first.params);
    yield rows;
    while (rows.length === batchSize) {
      const last = rows.at(-1);
      const params = [...second.params];
      for (const slot of timeSlots) params[slot] = last.at(-2);
      params[idSlot] = Number(last.at(-1));
      rows = await db.arrays(second.query, params);
      yield rows;
    }
  };
}

/** The walk's time, raw: every batch read through the driver, no sheet written. */
async function timeRawWalk(db, services, startDay, tzName) {
  const batches = await rawWalk(db, services, startDay, tzName);
  return timeMs(async () => {
    let count = 0;
    for await (const rows of batches()) count += rows.length;
    return count;
  });
}

/**
 * The sheet writers side by side (issue 19: choose by the figures): the small export's rows, read once raw, written
 * to a file by the server's writer and by exceljs's streaming writer (no styles, no shared strings, deflate level
 * 1 as ours, each cell made formula-safe the same way), alternately, twice each. Answers the medians and sizes.
 */
export async function writersSideBySide(db, services, periods, tzName) {
  const batches = await rawWalk(db, services, periods.small, tzName);
  const rows = [];
  for await (const batch of batches()) rows.push(...batch);
  const columns = contract.RECORD_COLUMNS;
  const { writeSheet } = await serverModule('export/sheet-writer.js');
  const { sheetText } = await serverModule('domain/export-cell.js');
  const ExcelJS = createRequire(path.join(root, 'apps/server/package.json'))('exceljs');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-writers-'));
  const ours = async () => {
    const file = path.join(dir, 'ours.xlsx');
    const ms = await timeMs(() =>
      writeSheet(
        file,
        '巡检记录',
        {
          columns,
          async *batches(size) {
            for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
          },
        },
        { maxRows: rows.length, batchSize: 2000 },
      ),
    );
    return { ms, bytes: statSync(file).size };
  };
  const exceljs = async () => {
    const file = path.join(dir, 'exceljs.xlsx');
    const ms = await timeMs(async () => {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: file,
        useStyles: false,
        useSharedStrings: false,
        zip: { zlib: { level: 1 } },
      });
      const sheet = book.addWorksheet('巡检记录', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c) => ({ key: c.key, width: 16 }));
      sheet.addRow(columns.map((c) => c.title)).commit();
      for (let i = 0; i < rows.length; i += 1) {
        const row = rows[i];
        sheet.addRow(columns.map((_, c) => sheetText(String(row[c] ?? '')))).commit();
        // Lets the file stream drain, as a server would between batches.
        if (i % 2000 === 0) await new Promise(setImmediate);
      }
      sheet.commit();
      await book.commit();
    });
    return { ms, bytes: statSync(file).size };
  };
  try {
    const runs = { ours: [], exceljs: [] };
    for (let i = 0; i < 2; i += 1) {
      runs.ours.push(await ours());
      runs.exceljs.push(await exceljs());
    }
    const of = (list) => ({ ms: summarize(list.map((r) => r.ms)), bytes: list[0].bytes });
    return { rows: rows.length, ours: of(runs.ours), exceljs: of(runs.exceljs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function exportRaw(db, services, periods, tzName) {
  // Warm, as the server's side (exportOverHttp).
  await timeRawWalk(db, services, periods.small, tzName);
  const small = [];
  for (let i = 0; i < 3; i += 1) small.push(await timeRawWalk(db, services, periods.small, tzName));
  const large = await timeRawWalk(db, services, periods.large, tzName);
  return { small: { ms: summarize(small) }, large: { ms: summarize([large]) } };
}

/** How many rows each export covers (what the server's count said). */
export async function exportRowCounts(db, services, periods, tzName) {
  const { ctx, scope } = await inProcess(services, db.drizzle, tzName);
  const holdIds = await scope.holdIds(undefined, true);
  const count = (day) =>
    services.recordRepo.countPunches(
      db.drizzle,
      services.records.recordFilter(ctx, holdIds, contract.recordExportInput.parse(exportBody(day))),
    );
  return { small: await count(periods.small), large: await count(periods.large) };
}
