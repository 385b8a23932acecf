// Shifts and the duty roster at 10M (SHIFTS.md; issue 32, QUALITY.md P15) on PostgreSQL:
// - 排班表: a month's roster for 500 accounts (a cell every day, half with 上岗) answered by Roster/Month over HTTP,
//   p95 ≤ 300 ms;
// - with the data set (a copy of the kept one, BENCH_KEPT_DATASET, or --punches N generated): its 2,000 roads
//   walked by shift with 4 slots a day, a year of roster for its 2,000 accounts (白班 / 夜班 / 休 in turn per
//   department) and a year of rounds per slot recording who was on duty; then today's rounds made with their
//   responsible accounts (ensureRounds, as the sweep and a save make them) and the freeze of a slot's 2,000 rounds
//   with their 漏检 alerts naming them, as the server's 30-second timer runs it: P15's first line, ≤ 1 s.
//
//   BENCH_KEPT_DATASET=postgres://…/bench10m node bench/measure-roster.mjs
//   node bench/measure-roster.mjs [--punches 0] [--accounts 500]
//
// Answers a table on stdout and writes bench/results/postgres-roster.json.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, root } from '../scripts/lib.mjs';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { call, loginAdmin } from './api.mjs';
import { openDatabase } from './database.mjs';
import { generateDataset } from './dataset.mjs';
import { copyKeptDataset } from './kept-dataset.mjs';
import { serverModule } from './server-modules.mjs';
import { startServer } from './server.mjs';
import { sample, summarize, timeMs } from './stats.mjs';

const TZ_NAME = 'Asia/Shanghai';
const { values: args } = parseArgs({
  options: { punches: { type: 'string', default: '0' }, accounts: { type: 'string', default: '500' } },
});
const keptUrl = process.env.BENCH_KEPT_DATASET;
const punches = keptUrl ? 10_000_000 : Number(args.punches);
const accounts = Number(args.accounts);
const withDataset = Boolean(keptUrl) || punches > 0;

const localDay = (at, days = 0) =>
  new Date(at.getTime() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: TZ_NAME });
/** The instant of a local day's minute in TZ_NAME (UTC+8 all year). */
const localInstant = (day, minute) => new Date(Date.parse(`${day}T00:00:00+08:00`) + minute * 60_000);
const now = new Date();
const today = localDay(now);
const month = today.slice(0, 7);

/** Four one-hour slots a day (00:00, 06:00, 12:00, 18:00): start, end (inclusive minute), … as a road stores them. */
const SLOTS = [0, 59, 360, 419, 720, 779, 1080, 1139];

/** Each department of the data set gets a day and a night shift. */
const DEPARTMENT_SHIFTS = `
  insert into shift (hold_id, shift_name, start_minute, end_minute, grace_minutes, color)
  select h.hold_id, s.name, s.start_minute, s.end_minute, 10, s.color
  from hold h cross join (values ('白班', 480, 1200, '#1677FF'), ('夜班', 1200, 480, '#722ED1'))
    s(name, start_minute, end_minute, color)
  where h.hold_type = 3 and h.deleted_at is null`;

/**
 * A year of roster (and a week ahead) for the data set's accounts: each account 白班, 夜班, then a day off in turn;
 * the shifts begun by now have their 上岗 a few minutes early, one in seventeen never came.
 */
const YEAR_OF_ROSTER = `
  insert into roster_duty (user_id, duty_date, shift_id, window_start, window_end, grace_minutes, on_duty_time,
    off_duty_time)
  select user_id, duty_date, shift_id, window_start, window_end, 10,
    case when window_start <= $4 and (user_id + duty_date - date '2000-01-01') % 17 <> 0
      then window_start - make_interval(mins => 2 + user_id % 5) end,
    case when window_end <= $4 and (user_id + duty_date - date '2000-01-01') % 17 <> 0 then window_end end
  from (
    select a.user_id, d::date as duty_date, s.shift_id,
      (d::date + make_interval(mins => s.start_minute)) at time zone $3 as window_start,
      (d::date + make_interval(mins => s.end_minute + case when s.end_minute <= s.start_minute then 1440 else 0 end))
        at time zone $3 as window_end
    from account a
    cross join generate_series($1::date, $2::date, interval '1 day') d
    join shift s on s.hold_id = a.hold_id and s.deleted_at is null
      and s.shift_name = case (a.user_id + d::date - date '2000-01-01') % 3 when 0 then '白班' when 1 then '夜班' end
    where a.deleted_at is null
  ) cells`;

/** The year of rounds again, one per road, day and slot, frozen (every fifth abnormal), charged to those on duty. */
const YEAR_OF_SLOT_ROUNDS = `
  with duty as (
    select shift_id, duty_date, array_agg(user_id order by user_id) as users from roster_duty group by 1, 2
  )
  insert into patrol_round (road_id, task_id, hold_id, round_date, slot_no, window_start, window_end,
    expected_cards, checked_cards, result, create_time, on_time, early, late, walker_users, shift_id,
    responsible_users)
  select r.road_id, null, r.hold_id, d::date, s,
    (d::date + ((s - 1) * 360) * interval '1 minute') at time zone $3,
    (d::date + ((s - 1) * 360 + 60) * interval '1 minute') at time zone $3,
    c.cards,
    case when (r.road_id + s + d::date - date '2000-01-01') % 5 = 0 then c.cards[1:7] else c.cards end,
    case when (r.road_id + s + d::date - date '2000-01-01') % 5 = 0 then 3 else 2 end,
    d,
    case when (r.road_id + s + d::date - date '2000-01-01') % 5 = 0 then 7 else cardinality(c.cards) end,
    0, 0, coalesce(du.users, '{}'), r.shift_id, coalesce(du.users, '{}')
  from road r
  join (select road_id, array_agg(patrol_id order by position) as cards from road_card group by 1) c
    on c.road_id = r.road_id
  cross join generate_series($1::date, $2::date, interval '1 day') d
  cross join generate_series(1, 4) s
  left join duty du on du.shift_id = r.shift_id and du.duty_date = d::date`;

/**
 * The statement with which the server's migrations fill 漏检报表's per-day rollup (round_day_count) from the frozen
 * rounds, when the migrations have one: a bulk load of rounds runs with patrol_round's triggers off (row by row
 * through them, a year's 2.9M rounds would take most of an hour), then the rollup is made again as the migration
 * makes it. Null without such a migration.
 */
function rollupBackfill() {
  const dir = path.join(root, 'apps/server/drizzle');
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const statement = readFileSync(path.join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .find((part) => /INSERT INTO "round_day_count"/.test(part) && /FROM "patrol_round"/.test(part));
    if (statement) return statement;
  }
  return null;
}

ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-bench-roster-'));
let kept = null;
let cluster = null;
let server = null;
let db = null;
// Interrupted, the copy (~4 GB) and the server go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void (async () => {
      await server?.stop().catch(() => undefined);
      await kept?.drop().catch(() => undefined);
      cluster?.stop();
      process.exit(130);
    })();
  });
}
const results = {
  meta: { punches, accounts, month, date: now.toISOString(), kept: Boolean(keptUrl), load: os.loadavg() },
};
try {
  let url;
  if (keptUrl) {
    kept = await copyKeptDataset(keptUrl);
    url = kept.url;
    console.log('data set: a copy of the kept 10M data set');
  } else {
    cluster = await startCluster();
    url = cluster.url;
  }
  // The server migrates the database (a kept copy gets the migrations newer than it).
  server = await startServer({ databaseUrl: url, dataDir, timeoutMs: 600_000 });
  const token = await loginAdmin(server.base);
  db = await openDatabase({ kind: 'postgres', url });
  if (!keptUrl && punches > 0) await generateDataset(db, { punches, tz: TZ_NAME, end: now });
  const [{ punchCount }] = await db.query('select count(*)::int as "punchCount" from punch');
  results.meta.punchesStored = punchCount;

  if (withDataset) {
    // The data set walked by shift: each road by its department's 白班, four slots a day.
    const started = performance.now();
    await db.query(DEPARTMENT_SHIFTS);
    await db.query(YEAR_OF_ROSTER, [localDay(now, -365), localDay(now, 7), TZ_NAME, now.toISOString()]);
    await db.query(
      `update road r set walker_mode = 'shift', time_slots = $1::smallint[], start_minute = 0, end_minute = 1139,
         shift_id = (select s.shift_id from shift s where s.hold_id = r.hold_id and s.shift_name = '白班')`,
      [SLOTS],
    );
    await db.query('delete from alert where round_id is not null');
    const backfill = rollupBackfill();
    await db.query('alter table patrol_round disable trigger user');
    await db.query('truncate patrol_round, round_point');
    await db.query(YEAR_OF_SLOT_ROUNDS, [localDay(now, -365), localDay(now, -1), TZ_NAME]);
    await db.query('alter table patrol_round enable trigger user');
    if (backfill) {
      await db.query('truncate round_day_count');
      await db.query(backfill);
      await db.query('vacuum analyze round_day_count');
    }
    results.meta.rollup = Boolean(backfill);
    await db.query('vacuum analyze roster_duty');
    await db.query('vacuum analyze patrol_round');
    results.meta.prepareSeconds = (performance.now() - started) / 1000;
  }

  // 排班表's enterprise: `accounts` guards, a day shift, every day of the month rostered (half of them came).
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
     from account a cross join generate_series(date_trunc('month', $4::date), date_trunc('month', $4::date)
       + interval '1 month' - interval '1 day', interval '1 day') d
     where a.hold_id = $1`,
    [holdId, shiftId, TZ_NAME, today],
  );
  await db.query('vacuum analyze roster_duty');
  const [{ cells }] = await db.query('select count(*)::int as cells from roster_duty where shift_id = $1', [shiftId]);
  const [{ rosterRows }] = await db.query('select count(*)::int as "rosterRows" from roster_duty');
  const [{ rounds }] = await db.query('select count(*)::int as rounds from patrol_round');
  Object.assign(results.meta, { cells, rosterRows, rounds });
  console.log(
    `roster_duty ${rosterRows.toLocaleString('en')} rows, patrol_round ${rounds.toLocaleString('en')}, punches ${punchCount.toLocaleString('en')}`,
  );

  results.meta.loadBeforeMonth = os.loadavg();
  const samples = await sample(
    () => call(server.base, 'POST', '/Roster/Month', { token, body: { hold_id: holdId, month } }),
    { repeat: 50, warmup: 3 },
  );
  results.month = summarize(samples);
  const reply = await call(server.base, 'POST', '/Roster/Month', { token, body: { hold_id: holdId, month } });
  results.meta.monthRows = reply.data?.rows?.length;
  // The grid's cells statement alone (shift.repository.ts monthCells, as the server sends it), on one connection:
  // how much of the call is the database's; and its plan.
  const userIds = (await db.query('select user_id from account where hold_id = $1 order by user_id', [holdId])).map(
    (row) => row.user_id,
  );
  const [first] = reply.data?.days ?? [];
  const last = reply.data?.days?.at(-1);
  const CELLS = `
    select d.user_id, to_char(d.duty_date, 'YYYY-MM-DD') as date, d.shift_id,
      coalesce(to_char(d.on_duty_time at time zone $5, 'YYYY-MM-DD HH24:MI:SS'), '') as on_duty_time,
      coalesce(to_char(d.off_duty_time at time zone $5, 'YYYY-MM-DD HH24:MI:SS'), '') as off_duty_time,
      case
        when d.on_duty_time is not null then
          case when d.on_duty_time <= d.window_start + make_interval(mins => d.grace_minutes) then 1
            when d.on_duty_time <= d.window_end then 2 else 3 end
        when $4::timestamptz > d.window_end then 3
        else 0 end::int as attendance
    from roster_duty d
    where d.user_id = any($1::int[]) and d.duty_date between $2::date and $3::date`;
  const cellParams = [userIds, first, last, now.toISOString(), TZ_NAME];
  const [connection] = db.connections(1);
  results.monthCellsSql = summarize(await sample(() => connection.query(CELLS, cellParams), { repeat: 50, warmup: 3 }));
  results.monthCellsPlan = (await connection.query(`explain (analyze, buffers) ${CELLS}`, cellParams)).map(
    (row) => row['QUERY PLAN'],
  );

  if (withDataset) {
    // Today's rounds made as the sweep makes them (ensureRounds: 2,000 roads × 4 slots, each recording the
    // accounts on duty in its shift), at 00:30; a fifth of slot 1's left with points missed; then at 01:01, slot 1
    // ended, its 2,000 rounds frozen and their 漏检 alerts raised naming those accounts (freezeEndedRounds, then
    // raiseMissedRounds 'due', as the timer runs them). Made again before each sample.
    await server.stop();
    server = null;
    const { ensureRounds, freezeEndedRounds } = await serverModule('features/round/round.service.js');
    const { raiseMissedRounds } = await serverModule('features/alert/alert.service.js');
    let clock = localInstant(today, 30);
    const ctx = { db: db.drizzle, now: () => clock, config: { tzName: TZ_NAME } };
    const make = [];
    const freeze = [];
    const freezeAndAlerts = [];
    let made = 0;
    let frozen = 0;
    let alerts = 0;
    let charged = 0;
    results.meta.loadBeforeFreeze = os.loadavg();
    // Every other sample runs with 漏检报表's rollup trigger on UPDATE (migration 0021, when present) turned off: the
    // freeze's own cost beside what keeping the rollup adds to it.
    const [{ rollupTrigger }] = await db.query(
      `select count(*)::int as "rollupTrigger" from pg_trigger where tgname = 'round_day_count_update'`,
    );
    const freezeNoRollup = [];
    for (let i = 0; i < 14; i += 1) {
      const withoutRollup = rollupTrigger > 0 && i % 2 === 0;
      await db.query(`delete from alert where round_id in (select round_id from patrol_round where round_date = $1)`, [
        today,
      ]);
      // Unmeasured, so without the triggers: removing frozen rounds through 0021's rollup trigger takes a minute
      // here (today's counts left in the rollup are added to again by the next freeze, on the same keys).
      await db.query('alter table patrol_round disable trigger user');
      await db.query(`delete from patrol_round where round_date = $1`, [today]);
      await db.query('alter table patrol_round enable trigger user');
      await db.query('analyze patrol_round');
      clock = localInstant(today, 30);
      const makeMs = await timeMs(() => ensureRounds(ctx, ctx.db, [today]));
      await db.query(
        `update patrol_round set checked_cards = case when road_id % 5 = 0 then expected_cards[1:7] else expected_cards end
         where round_date = $1 and slot_no = 1`,
        [today],
      );
      clock = localInstant(today, 61);
      if (withoutRollup) await db.query('alter table patrol_round disable trigger round_day_count_update');
      let count = 0;
      const freezeMs = await timeMs(async () => {
        count = (await freezeEndedRounds(ctx, ctx.db)).length;
      });
      let raised = [];
      const alertsMs = await timeMs(async () => {
        raised = await raiseMissedRounds(ctx, 'due');
      });
      if (withoutRollup) await db.query('alter table patrol_round enable trigger round_day_count_update');
      if (i < 2) continue; // warm-up
      if (withoutRollup) {
        freezeNoRollup.push(freezeMs);
        continue;
      }
      const [counts] = await db.query(
        `select count(*)::int as made, count(*) filter (where cardinality(responsible_users) > 0)::int as charged
         from patrol_round where round_date = $1`,
        [today],
      );
      made = counts.made;
      charged = counts.charged;
      frozen = count;
      alerts = raised.length;
      make.push(makeMs);
      freeze.push(freezeMs);
      freezeAndAlerts.push(freezeMs + alertsMs);
    }
    const [sampleAlert] = await db.query(
      `select detail from alert where round_id in (select round_id from patrol_round where round_date = $1) limit 1`,
      [today],
    );
    results.rounds = {
      made,
      charged,
      frozen,
      alerts,
      alertExample: sampleAlert?.detail,
      make: summarize(make),
      freeze: summarize(freeze),
      freezeAndAlerts: summarize(freezeAndAlerts),
      freezeWithoutRollup: freezeNoRollup.length ? summarize(freezeNoRollup) : null,
    };
  }
  results.meta.loadAfter = os.loadavg();

  const ms = (v) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
  const load = (l) => l.map((v) => v.toFixed(1)).join(' ');
  console.log(
    `\nP15, shifts and the roster (PostgreSQL${withDataset ? `, ${punchCount.toLocaleString('en')} punches` : ''})`,
  );
  console.log(
    `Roster/Month, ${accounts} accounts × a month (${cells} cells; roster_duty ${rosterRows.toLocaleString('en')} rows): median ${ms(results.month.median)}, p95 ${ms(results.month.p95)} (target ≤ 300 ms): ${results.month.p95 <= 300 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `its cells statement alone (one connection): median ${ms(results.monthCellsSql.median)}, p95 ${ms(results.monthCellsSql.p95)}\n${results.monthCellsPlan.join('\n')}`,
  );
  if (results.rounds) {
    const r = results.rounds;
    console.log(
      `today's rounds made with those on duty (${r.made} rounds, ${r.charged} charged): median ${ms(r.make.median)}, p95 ${ms(r.make.p95)}`,
    );
    console.log(
      `freeze of a slot's rounds (${r.frozen} rounds): median ${ms(r.freeze.median)}, p95 ${ms(r.freeze.p95)}; with their ${r.alerts} 漏检 alerts naming 责任人: median ${ms(r.freezeAndAlerts.median)}, p95 ${ms(r.freezeAndAlerts.p95)} (target ≤ 1 s): ${r.freezeAndAlerts.p95 <= 1000 ? 'met' : 'MISSED'}`,
    );
    if (r.freezeWithoutRollup) {
      console.log(
        `the same freeze with 漏检报表's rollup trigger off (alternate samples): median ${ms(r.freezeWithoutRollup.median)}, p95 ${ms(r.freezeWithoutRollup.p95)}`,
      );
    }
    console.log(`an alert: ${r.alertExample}`);
  }
  console.log(`load average: before ${load(results.meta.load)}, after ${load(results.meta.loadAfter)}`);
  writeFileSync(path.join(root, 'bench/results/postgres-roster.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await server?.stop();
  await db?.close?.();
  cluster?.stop();
  await kept?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
