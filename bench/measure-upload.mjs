// P1: terminals uploading 1,000-record batches through real HTTP, several at once, beside the driver's own
// multi-row INSERT of the same kind of rows (unique checks on: the same table, keys and indexes).
import { call } from './api.mjs';
import { DEVICE_UPLOAD_KEY } from './server.mjs';
import { summarize, timeMs } from './stats.mjs';

export const BATCH = 1_000;
const BATCHES_PER_RUN = 30;
export const RUNS = 3;
/** Terminals uploading at the same moment. */
export const CONCURRENCY = 4;

const pad = (n, width) => String(n).padStart(width, '0');

/**
 * One device's batch as the generated data set names things (dataset.mjs): its department's points and accounts,
 * one punch a minute from 18 hours ago (today's and yesterday's rounds), shifted by `offsetSeconds`.
 */
function batchRows(deviceNumber, offsetSeconds) {
  const department = ((deviceNumber - 1) % 200) + 1;
  const first = Date.now() - 18 * 3_600_000 + offsetSeconds * 1000;
  return Array.from({ length: BATCH }, (_, r) => {
    const card = department + 200 * (r % 100);
    const account = department + 200 * (r % 10);
    return {
      device_no: `BD${pad(deviceNumber, 8)}`,
      department,
      card,
      account,
      at: new Date(Math.floor(first / 1000) * 1000 + r * 60_000),
    };
  });
}

async function runConcurrently(jobs, work) {
  const queue = [...jobs];
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
        latencies.push(await timeMs(() => work(job)));
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies };
}

/** Devices of run `run`: distinct per run, so every record is new. */
const devicesOf = (run) => Array.from({ length: BATCHES_PER_RUN }, (_, b) => 1 + run * BATCHES_PER_RUN + b);

/**
 * P1 over HTTP: `RUNS` runs of `BATCHES_PER_RUN` devices' batches, 4 at once. `round` moves to devices no earlier
 * call used: the same device sending its batch again a little later is a repeated scan of every punch (疑似代打),
 * not P1's upload.
 */
export async function uploadOverHttp(base, round = 0) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    let accepted = 0;
    const { seconds, latencies } = await runConcurrently(devicesOf(round * RUNS + run), async (deviceNumber) => {
      const rows = batchRows(deviceNumber, 0);
      const envelope = await call(base, 'POST', '/Terminal/UploadPunches', {
        headers: { authorization: `Device ${DEVICE_UPLOAD_KEY}` },
        body: {
          device_no: rows[0].device_no,
          records: rows.map((row) => ({
            patrol_sn: `PC${pad(row.card, 8)}`,
            punch_time: `${row.at.toISOString().slice(0, 19)}Z`,
            user_name: `xj${pad(row.account, 4)}`,
          })),
        },
      });
      accepted += envelope.data.accepted;
    });
    if (accepted !== BATCHES_PER_RUN * BATCH)
      throw new Error(`upload stored ${accepted} of ${BATCHES_PER_RUN * BATCH}`);
    runs.push({ perSecond: accepted / seconds, latencies });
  }
  return summarizeRuns(runs);
}

const COLUMNS = [
  'device_no',
  'patrol_sn',
  'punch_time',
  'upload_time',
  'hold_id',
  'hold_name',
  'object_id',
  'object_name',
  'patrol_id',
  'patrol_name',
  'location',
  'user_id',
  'user_name',
  'true_name',
  'road_id',
  'road_name',
];

/** The row the upload would store, with every name copied (what the server looks up, known here). */
function fullRow(row, deviceNumber) {
  return [
    row.device_no,
    `PC${pad(row.card, 8)}`,
    row.at,
    new Date(),
    51 + row.department,
    `部门${row.department}`,
    deviceNumber,
    `巡检设备${deviceNumber}`,
    row.card,
    `巡检点${row.card}`,
    `${(row.card % 30) + 1}号楼`,
    1 + row.account,
    `xj${pad(row.account, 4)}`,
    `巡检员${row.account}`,
    ((row.card - 1) % 2000) + 1,
    `巡检路线${((row.card - 1) % 2000) + 1}`,
  ];
}

const placeholders = Array.from(
  { length: BATCH },
  (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`,
).join(', ');
const INSERT = `insert into punch (${COLUMNS.join(', ')}) values ${placeholders} on conflict do nothing`;

/** The same batches (30 seconds apart from the uploaded ones) as one multi-row INSERT each, as many at once. */
export async function insertRaw(db) {
  const runs = [];
  const connections = db.connections(CONCURRENCY);
  for (let run = 0; run < RUNS; run += 1) {
    const { seconds, latencies } = await runConcurrently(devicesOf(run), async (deviceNumber) => {
      const params = batchRows(deviceNumber, 30).flatMap((row) => fullRow(row, deviceNumber));
      await connections[deviceNumber % CONCURRENCY].query(INSERT, params);
    });
    runs.push({ perSecond: (BATCHES_PER_RUN * BATCH) / seconds, latencies });
  }
  return summarizeRuns(runs);
}

function summarizeRuns(runs) {
  return {
    perSecond: summarize(runs.map((r) => r.perSecond)),
    batchMs: summarize(runs.flatMap((r) => r.latencies)),
  };
}
