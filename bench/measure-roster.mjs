// 排班表 (SHIFTS.md; issue 32, P15): a month's roster for 500 accounts (a cell every day, half with 上岗) answered by
// Roster/Month over HTTP on PostgreSQL, p95 ≤ 300 ms; with --punches the data set of QUALITY.md beside it.
//
//   node bench/measure-roster.mjs [--punches 0] [--accounts 500]
//
// Answers a table on stdout and writes bench/results/postgres-roster.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, root } from '../scripts/lib.mjs';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { call, loginAdmin } from './api.mjs';
import { openDatabase } from './database.mjs';
import { generateDataset } from './dataset.mjs';
import { startServer } from './server.mjs';
import { sample, summarize } from './stats.mjs';

const TZ_NAME = 'Asia/Shanghai';
const { values: args } = parseArgs({
  options: { punches: { type: 'string', default: '0' }, accounts: { type: 'string', default: '500' } },
});
const punches = Number(args.punches);
const accounts = Number(args.accounts);
const month = new Date().toISOString().slice(0, 7);

ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-bench-roster-'));
const cluster = await startCluster();
let server = null;
let db = null;
const results = { meta: { punches, accounts, month, date: new Date().toISOString() } };
try {
  server = await startServer({ databaseUrl: cluster.url, dataDir });
  const token = await loginAdmin(server.base);
  db = await openDatabase({ kind: 'postgres', url: cluster.url });
  if (punches > 0) await generateDataset(db, { punches, tz: TZ_NAME, end: new Date() });
  // An enterprise of `accounts` guards, a day shift, and every day of the month rostered (half of them came).
  const [{ hold_id: holdId }] = await db.query(
    `insert into hold (hold_name, hold_type, parent_hold_id, path) values ('排班压测', 2, 1, '/1/')
     returning hold_id`,
  );
  await db.query(`update hold set path = '/1/' || hold_id || '/' where hold_id = $1`, [holdId]);
  await db.query(
    `insert into account (hold_id, user_name, true_name, password_hash, role_id)
     select $1, 'roster_' || i, '排班' || i, 'x', 3 from generate_series(1, $2) i`,
    [holdId, accounts],
  );
  const [{ shift_id: shiftId }] = await db.query(
    `insert into shift (hold_id, shift_name, start_minute, end_minute, grace_minutes) values ($1, '白班', 480, 1200, 10)
     returning shift_id`,
    [holdId],
  );
  await db.query(
    `insert into roster_duty (user_id, duty_date, shift_id, window_start, window_end, grace_minutes, on_duty_time)
     select a.user_id, d::date, $2, (d::date + time '08:00') at time zone $3, (d::date + time '20:00') at time zone $3,
       10, case when (a.user_id + extract(day from d)::int) % 2 = 0 then (d::date + time '07:55') at time zone $3 end
     from account a cross join generate_series(date_trunc('month', now()), date_trunc('month', now())
       + interval '1 month' - interval '1 day', interval '1 day') d
     where a.hold_id = $1`,
    [holdId, shiftId, TZ_NAME],
  );
  await db.query('vacuum analyze roster_duty');
  const [{ cells }] = await db.query('select count(*)::int as cells from roster_duty');
  results.meta.cells = cells;
  const samples = await sample(
    () => call(server.base, 'POST', '/Roster/Month', { token, body: { hold_id: holdId, month } }),
    { repeat: 50, warmup: 3 },
  );
  results.month = summarize(samples);
  console.log(`Roster/Month, ${accounts} accounts × a month (${cells} cells):`);
  console.table({ 'Roster/Month': results.month });
  console.log(`p95 ${results.month.p95.toFixed(1)} ms (budget 300 ms): ${results.month.p95 <= 300 ? 'ok' : 'OVER'}`);
  writeFileSync(path.join(root, 'bench/results/postgres-roster.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await server?.stop();
  await db?.close?.();
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
