// Where an export's time goes: the 巡检记录 export of the newest `--rows` punches run in-process `--times` times,
// beside its walk alone (the batch statements, no sheet). Run under `node --cpu-prof` to see the rest.
//
//   BENCH_DATABASE_URL=postgres://… node [--cpu-prof] bench/profile-export.mjs [--rows 100000] [--times 3]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as contract from '@guard-tour/contract';
import { inProcess } from './calls.mjs';
import { openDatabase } from './database.mjs';
import { loadServices, serverModule } from './server-modules.mjs';
import { summarize, timeMs } from './stats.mjs';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, times: { type: 'string', default: '3' } },
});
const tzName = 'Asia/Shanghai';
const db = await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL });
const services = await loadServices();
const exports = await serverModule('features/record/record-export.service.js');
const { ctx, scope } = await inProcess(services, db.drizzle, tzName);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-profile-export-'));
ctx.config.dataDir = dataDir;
const [row] = await db.query(
  `select to_char((punch_time at time zone $1)::date, 'YYYY-MM-DD') as day from punch order by punch_time desc offset $2 limit 1`,
  [tzName, Number(args.rows) - 1],
);
const input = contract.recordExportInput.parse({ start_time: row.day, end_time: '' });
const { DEFAULT_EXPORT_LIMITS } = await serverModule('export/export.service.js');
const walk = async () => {
  const holdIds = await scope.holdIds(undefined, true);
  const filter = services.records.recordFilter(ctx, holdIds, input);
  const keys = contract.RECORD_COLUMNS.map((c) => c.key);
  let cursor = null;
  let count = 0;
  for (;;) {
    const page = await services.recordRepo.punchBatch(
      db.drizzle,
      tzName,
      filter,
      keys,
      cursor,
      DEFAULT_EXPORT_LIMITS.batchSize,
    );
    count += page.rows.length;
    if (!page.next) return count;
    cursor = page.next;
  }
};
const whole = [];
const walks = [];
/** The main thread's busy milliseconds (event loop utilisation) during each export: what other calls wait behind. */
const busy = [];
try {
  for (let i = 0; i < Number(args.times); i += 1) {
    const before = performance.eventLoopUtilization();
    whole.push(await timeMs(() => exports.exportRecords(ctx, scope, input)));
    busy.push(performance.eventLoopUtilization(before).active);
    walks.push(await timeMs(walk));
  }
  console.log(`export from ${row.day}: ${await walk()} rows`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await db.close();
}
const show = (s) => `median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`;
console.log(`  in-process export ${show(summarize(whole))}`);
console.log(`  its walk alone    ${show(summarize(walks))}`);
console.log(`  main thread busy during the export ${show(summarize(busy))}`);
