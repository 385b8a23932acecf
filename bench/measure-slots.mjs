// P15's first two lines (QUALITY.md; issue 31): 2,000 roads × 4 slots a day on PostgreSQL, with a year of stored
// rounds (2.92M, a round per slot per day) beside the punches of the data set:
// - the freeze of a slot's rounds (2,000 rounds whose window ended together, a fifth of them abnormal) and their
//   漏检 alerts, as the server's 30-second timer runs them, ≤ 1 s;
// - 漏检报表 over a year (root scope, by road and by date, first page) p95 ≤ 500 ms and ≤ 1.5 × its own SQL replayed.
//
// - P1 with slots: terminals' 1,000-record batches (measure-upload.mjs) matched against four rounds a day per road,
//   beside the driver's own INSERT of the same rows (≥ 0.5× raw).
//
//   node bench/measure-slots.mjs [--punches 10000000]
//   BENCH_KEPT_DATASET=<url> node bench/measure-slots.mjs      (a copy of the kept 10M set: bench/kept-dataset.mjs)
//
// The data set is QUALITY.md's (bench/dataset.mjs) with its roads given four slots (00:00, 06:00, 12:00, 18:00,
// an hour each) and its year of rounds made again per slot (the triggers of migration 0021 fill 漏检报表's rollup as
// they are inserted). Answers a table on stdout and writes bench/results/postgres-slots.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, root } from '../scripts/lib.mjs';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { loginAdmin } from './api.mjs';
import { benchCalls } from './calls.mjs';
import { openDatabase } from './database.mjs';
import { generateDataset } from './dataset.mjs';
import { copyKeptDataset } from './kept-dataset.mjs';
import { timeSideBySide } from './measure-calls.mjs';
import { CONCURRENCY, insertRaw, uploadOverHttp } from './measure-upload.mjs';
import { loadServices, serverModule } from './server-modules.mjs';
import { startServer } from './server.mjs';
import { summarize, timeMs } from './stats.mjs';

const TZ_NAME = 'Asia/Shanghai';
const { values: args } = parseArgs({ options: { punches: { type: 'string', default: '10000000' } } });
const punches = Number(args.punches);

/** Four one-hour slots a day: start, end (inclusive minute), … as a road stores them. */
const SLOTS = [0, 59, 360, 419, 720, 779, 1080, 1139];

/** The year of rounds again, one per road, day and slot, frozen as dataset.mjs freezes them (every fifth abnormal). */
const SLOT_ROUNDS = `
  insert into patrol_round (road_id, task_id, hold_id, round_date, slot_no, window_start, window_end,
    expected_cards, checked_cards, result, create_time, on_time, early, late)
  select r.road_id, null, r.hold_id, d::date, s,
    (d::date + ((s - 1) * 360) * interval '1 minute') at time zone $3,
    (d::date + ((s - 1) * 360 + 60) * interval '1 minute') at time zone $3,
    c.cards,
    case when (r.road_id + s + d::date - date '2000-01-01') % 5 = 0 then c.cards[1:7] else c.cards end,
    case when (r.road_id + s + d::date - date '2000-01-01') % 5 = 0 then 3 else 2 end,
    d,
    case when (r.road_id + s + d::date - date '2000-01-01') % 5 = 0 then 7 else cardinality(c.cards) end,
    0, 0
  from road r
  join (select road_id, array_agg(patrol_id order by position) as cards from road_card group by 1) c
    on c.road_id = r.road_id
  cross join generate_series($1::date, $2::date, interval '1 day') d
  cross join generate_series(1, 4) s`;

const localDay = (at, days = 0) =>
  new Date(at.getTime() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: TZ_NAME });

ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-bench-slots-'));
const kept = await copyKeptDataset();
const cluster = kept ? null : await startCluster();
const databaseUrl = kept ? kept.url : cluster.url;
let server = null;
let db = null;
const results = {
  meta: { punches, kept: kept !== null, roads: 2_000, slots: 4, date: new Date().toISOString(), load: os.loadavg() },
};
try {
  console.log(
    kept ? 'schema: the server migrates a copy of the kept data set' : 'schema: the server migrates an empty database',
  );
  let started = performance.now();
  server = await startServer({ databaseUrl, dataDir, timeoutMs: 1_800_000 });
  results.meta.migrateSeconds = (performance.now() - started) / 1000;
  const token = await loginAdmin(server.base);
  await server.stop();
  server = null;

  db = await openDatabase({ kind: 'postgres', url: databaseUrl });
  started = performance.now();
  const end = new Date();
  if (!kept) await generateDataset(db, { punches, tz: TZ_NAME, end });
  else {
    const [{ n }] = await db.query('select coalesce(sum(n), 0)::bigint as n from punch_count');
    results.meta.punches = Number(n);
  }
  await db.query(`update road set time_slots = $1::smallint[], start_minute = 0, end_minute = 1139`, [SLOTS]);
  // Emptied at once (truncate fires no row triggers, so the rollup goes with them).
  await db.query('truncate patrol_round, round_day_count');
  await db.query(SLOT_ROUNDS, [localDay(new Date(end.getTime() - 365 * 86_400_000)), localDay(end, -2), TZ_NAME]);
  await db.query('vacuum analyze patrol_round');
  // As autovacuum leaves it after the rows came (the report reads the rollup from its index alone).
  await db.query('vacuum analyze round_day_count');
  const [{ rounds }] = await db.query('select count(*)::int as rounds from patrol_round');
  const [{ rollup }] = await db.query(
    'select count(*)::int as rollup from round_day_count where user_id = 0 and kind = 0',
  );
  results.meta.rounds = rounds;
  results.meta.rollupRows = rollup;
  results.meta.generateSeconds = (performance.now() - started) / 1000;
  console.log(
    `data set: ${results.meta.punches.toLocaleString('en')} punches, ${rounds.toLocaleString('en')} rounds (${rollup.toLocaleString('en')} rollup rows)`,
  );

  // The freeze: today's slot 1 of every road, its window just ended and a fifth missing points, frozen and alerted
  // as the timer does (freezeEndedRounds, then raiseMissedRounds 'due'); made again before each sample.
  const { freezeEndedRounds } = await serverModule('features/round/round.service.js');
  const { raiseMissedRounds } = await serverModule('features/alert/alert.service.js');
  const now = new Date();
  const ctx = { db: db.drizzle, now: () => now, config: { tzName: TZ_NAME } };
  const today = localDay(now);
  const prepareDue = async () => {
    await db.query(`delete from alert where round_id in (select round_id from patrol_round where round_date = $1)`, [
      today,
    ]);
    await db.query(`delete from patrol_round where round_date = $1`, [today]);
    await db.query(
      `insert into patrol_round (road_id, hold_id, round_date, slot_no, window_start, window_end, expected_cards,
         checked_cards)
       select r.road_id, r.hold_id, $1::date, 1, $2::timestamptz - interval '61 minutes', $2::timestamptz - interval '1 minute',
         c.cards, case when r.road_id % 5 = 0 then c.cards[1:7] else c.cards end
       from road r join (select road_id, array_agg(patrol_id order by position) as cards from road_card group by 1) c
         on c.road_id = r.road_id`,
      [today, now.toISOString()],
    );
    await db.query('analyze patrol_round');
  };
  const freezeSamples = [];
  const freezeOnly = [];
  let frozen = 0;
  for (let i = 0; i < 11; i += 1) {
    await prepareDue();
    let count = 0;
    const only = await timeMs(async () => {
      count = (await freezeEndedRounds(ctx, ctx.db)).length;
    });
    const alerts = await timeMs(() => raiseMissedRounds(ctx, 'due'));
    if (i === 0) continue; // warm-up
    frozen = count;
    freezeOnly.push(only);
    freezeSamples.push(only + alerts);
  }
  results.freeze = { rounds: frozen, freeze: summarize(freezeOnly), freezeAndAlerts: summarize(freezeSamples) };

  // 漏检报表 over a year, over HTTP and its own SQL replayed, alternating (as P9).
  server = await startServer({ databaseUrl, dataDir, timeoutMs: 600_000 });
  const services = await loadServices();
  const calls = benchCalls().filter((call) => call.id === 'P9');
  const { http, raw } = await timeSideBySide(server.base, token, db, services, calls, TZ_NAME);
  results.report = calls.map((call) => {
    const overHttp = summarize(http.get(call.name).samples);
    const replayed = summarize(raw.get(call.name).samples);
    return {
      name: call.name,
      total: http.get(call.name).total,
      http: overHttp,
      raw: replayed,
      ratio: overHttp.median / replayed.median,
    };
  });

  // Where the report's time goes: its statements' plans (the first page by road).
  const [connection] = db.connections(1);
  for (const statement of raw.get(calls[0].name).queries) {
    if (!/patrol_round/.test(statement.query)) continue;
    const plan = await connection.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
    results.reportPlan = plan.map((row) => row['QUERY PLAN']);
    console.log(results.reportPlan.join('\n'));
  }

  // P1 with slots: today's and yesterday's rounds are made per slot by the upload (the batches reach 18 hours back),
  // then the same rows as the driver's own INSERT on the server stopped.
  results.meta.loadBeforeP1 = os.loadavg();
  const p1Server = await uploadOverHttp(server.base);
  await server.stop();
  server = null;
  results.p1 = { concurrency: CONCURRENCY, server: p1Server, raw: await insertRaw(db) };
  const [{ slotRounds }] = await db.query(
    `select count(*)::int as "slotRounds" from patrol_round where round_date >= $1::date and slot_no > 1`,
    [localDay(now, -1)],
  );
  results.p1.slotRoundsMade = slotRounds;
  results.meta.loadAfter = os.loadavg();

  const ms = (v) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
  console.log('\nP15 (2,000 roads × 4 slots a day, PostgreSQL)');
  console.log(
    `freeze of a slot's rounds (${frozen} rounds): median ${ms(results.freeze.freeze.median)}, p95 ${ms(results.freeze.freeze.p95)}; with their 漏检 alerts: median ${ms(results.freeze.freezeAndAlerts.median)}, p95 ${ms(results.freeze.freezeAndAlerts.p95)} (target ≤ 1 s)`,
  );
  for (const row of results.report) {
    console.log(
      `${row.name} (total ${row.total}): HTTP median ${ms(row.http.median)}, p95 ${ms(row.http.p95)}; SQL median ${ms(row.raw.median)}, p95 ${ms(row.raw.p95)}; ${row.ratio.toFixed(2)}× (target p95 ≤ 500 ms, ≤ 1.5×)`,
    );
  }
  const p1 = results.p1;
  console.log(
    `P1 with slots (${CONCURRENCY} terminals, 1,000-record batches; ${slotRounds} rounds of slots 2–4 today and yesterday): server ${Math.round(p1.server.perSecond.median)}/s (batch p95 ${ms(p1.server.batchMs.p95)}), raw ${Math.round(p1.raw.perSecond.median)}/s (batch p95 ${ms(p1.raw.batchMs.p95)}): ${(p1.server.perSecond.median / p1.raw.perSecond.median).toFixed(2)}× (target ≥ 0.5×)`,
  );
  console.log(
    `load average: before ${results.meta.load.map((v) => v.toFixed(1)).join(' ')}, after ${results.meta.loadAfter.map((v) => v.toFixed(1)).join(' ')}`,
  );
  writeFileSync(path.join(root, 'bench/results/postgres-slots.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await server?.stop();
  await db?.close();
  cluster?.stop();
  await kept?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
