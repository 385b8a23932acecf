// QUALITY.md's data set, made by the database itself (generate_series, one INSERT … SELECT per chunk: STACK.md
// trap 7), on a schema the server's migrations made: 50 enterprises, 200 departments, 2,000 patrol accounts,
// 5,000 devices, 20,000 points, 2,000 daily roads of 10 points each with a year of stored rounds, and N punches
// over the last 12 months.
//
// Ids are explicit so the shape is the same on every run: department k (1…200) is organisation 51 + k under
// enterprise 2 + (k − 1) % 50; device, point, road and account number n belong to department ((n − 1) % 200) + 1.
// A punch is made by a device with a point of the device's department, by one of its 10 accounts (one in twenty by
// no account: the terminal alone), and carries the names as they were, like the upload stores them.

export const SHAPE = {
  enterprises: 50,
  departments: 200,
  accounts: 2_000,
  devices: 5_000,
  points: 20_000,
  roads: 2_000,
  months: 12,
};

const DEPT = (n) => `51 + ((${n} - 1) % 200) + 1`;

/** Punches per INSERT: big enough to be fast, small enough to show progress and keep memory flat. */
const CHUNK = 1_000_000;

const ORGANISATIONS = [
  `insert into hold (hold_id, hold_name, hold_type, parent_hold_id, path, enter_user_name)
   select 1 + e, '企业' || e, 2, 1, '/1/' || (1 + e) || '/', 'admin' from generate_series(1, 50) e`,
  `insert into hold (hold_id, hold_name, hold_type, parent_hold_id, path, enter_user_name)
   select 51 + d, '部门' || d, 3, 2 + (d - 1) % 50, '/1/' || (2 + (d - 1) % 50) || '/' || (51 + d) || '/', 'admin'
   from generate_series(1, 200) d`,
];

const ASSETS = [
  // Patrol accounts cannot log in (no password hash matches): the benchmark logs in as admin.
  `insert into account (user_id, hold_id, user_name, true_name, password_hash)
   select 1 + a, ${DEPT('a')}, 'xj' || lpad(a::text, 4, '0'), '巡检员' || a, '!' from generate_series(1, 2000) a`,
  `insert into device (object_id, hold_id, device_no, object_name, imei, create_time)
   select d, ${DEPT('d')}, 'BD' || lpad(d::text, 8, '0'), '巡检设备' || d, 'BD' || lpad(d::text, 8, '0'),
     now() - interval '400 days' from generate_series(1, 5000) d`,
  `insert into patrol_card (patrol_id, hold_id, patrol_sn, patrol_name, location, create_time)
   select c, ${DEPT('c')}, 'PC' || lpad(c::text, 8, '0'), '巡检点' || c, (c % 30 + 1) || '号楼',
     now() - interval '400 days' from generate_series(1, 20000) c`,
  // Daily roads with four kinds of window: all day, office hours, overnight (crossing midnight), morning.
  `insert into road (road_id, hold_id, road_name, cycle_repeat_type, start_minute, end_minute, create_time)
   select r, ${DEPT('r')}, '巡检路线' || r, 1,
     (array[null, 480, 1200, 0])[r % 4 + 1]::smallint, (array[null, 1079, 359, 719])[r % 4 + 1]::smallint,
     now() - interval '400 days' from generate_series(1, 2000) r`,
  // Point c walks in road ((c − 1) % 2000) + 1, which is in the point's own department.
  `insert into road_card (road_id, patrol_id, position)
   select ((c - 1) % 2000) + 1, c, (c - 1) / 2000 from generate_series(1, 20000) c`,
  `select setval(pg_get_serial_sequence('hold', 'hold_id'), 251)`,
  `select setval(pg_get_serial_sequence('account', 'user_id'), 2001)`,
  `select setval(pg_get_serial_sequence('device', 'object_id'), 5000)`,
  `select setval(pg_get_serial_sequence('patrol_card', 'patrol_id'), 20000)`,
  `select setval(pg_get_serial_sequence('road', 'road_id'), 2000)`,
];

/**
 * Punches i in [$1, $2) of $3, evenly over the 12 months before $4 (distinct instants, so the idempotency key
 * never collides); device, point and account picked by hashing i (hashint8: spread like real rounds, where every
 * point of a department is walked most days, not the few a multiplicative pattern would repeat).
 */
const PUNCHES = `
  with p as (
    select i,
      $4::timestamptz - interval '365 days' * (($3 - i)::float8 / $3) as at,
      (hashint8(i) & 2147483647) % 5000 + 1 as d,
      (hashint8(i + $3) & 2147483647) % 100 as m,
      (hashint8(i + 2 * $3) & 2147483647) % 10 as n
    from generate_series($1::bigint, $2::bigint - 1) i
  ), q as (
    select p.*, ((d - 1) % 200) + 1 + 200 * m as c,
      case when n = 0 and i % 2 = 0 then null else ((d - 1) % 200) + 1 + 200 * n end as a
    from p
  )
  insert into punch (device_no, patrol_sn, punch_time, upload_time, hold_id, hold_name, object_id, object_name,
    patrol_id, patrol_name, location, user_id, user_name, true_name, road_id, road_name)
  select dv.device_no, pc.patrol_sn, q.at, q.at + interval '3 minutes', h.hold_id, h.hold_name, dv.object_id,
    dv.object_name, pc.patrol_id, pc.patrol_name, pc.location, ac.user_id, coalesce(ac.user_name, ''),
    coalesce(ac.true_name, ''), rd.road_id, rd.road_name
  from q
  join device dv on dv.object_id = q.d
  join hold h on h.hold_id = dv.hold_id
  join patrol_card pc on pc.patrol_id = q.c
  join road rd on rd.road_id = ((q.c - 1) % 2000) + 1
  left join account ac on ac.user_id = 1 + q.a`;

/**
 * A year of stored rounds, as the server's sweep leaves them: one per road and local day before yesterday
 * (the server makes yesterday's and today's itself), with the road's points expected, its window in the zone,
 * and a frozen result: every fifth round abnormal (3 of 10 points missed), the others finished.
 */
const ROUNDS = `
  insert into patrol_round (road_id, task_id, hold_id, round_date, window_start, window_end, expected_cards,
    checked_cards, result, create_time, on_time, early, late)
  select r.road_id, null, r.hold_id, d::date,
    (d::date + coalesce(r.start_minute, 0) * interval '1 minute') at time zone $3,
    (d::date + case when r.end_minute is null then 1440
                    when r.end_minute < coalesce(r.start_minute, 0) then r.end_minute + 1 + 1440
                    else r.end_minute + 1 end * interval '1 minute') at time zone $3,
    c.cards,
    case when (r.road_id + d::date - date '2000-01-01') % 5 = 0 then c.cards[1:7] else c.cards end,
    case when (r.road_id + d::date - date '2000-01-01') % 5 = 0 then 3 else 2 end,
    d,
    -- Results of the checked points: one early on every seventh round, one late on the next, the rest on time.
    least(cardinality(c.cards), case when (r.road_id + d::date - date '2000-01-01') % 5 = 0 then 7 else cardinality(c.cards) end)
      - case when (r.road_id + d::date - date '2000-01-01') % 7 in (1, 2) then 1 else 0 end,
    case when (r.road_id + d::date - date '2000-01-01') % 7 = 1 then 1 else 0 end,
    case when (r.road_id + d::date - date '2000-01-01') % 7 = 2 then 1 else 0 end
  from road r
  join (select road_id, array_agg(patrol_id order by position) as cards from road_card group by 1) c
    on c.road_id = r.road_id
  cross join generate_series($1::date, $2::date, interval '1 day') d`;

/** The local date (YYYY-MM-DD) of an instant in zone `tz`, `days` later. */
function localDay(at, tz, days = 0) {
  return new Date(at.getTime() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: tz });
}

/** UTC months [first, last] the punches fall in: the server's partition names (punch_YYYYMM). */
function monthsBetween(from, to) {
  const months = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor <= to) {
    months.push(new Date(cursor));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
}

function partitionSql(month) {
  const next = new Date(month);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const name = `punch_${month.toISOString().slice(0, 7).replace('-', '')}`;
  return `create table if not exists ${name} partition of punch
    for values from ('${month.toISOString()}') to ('${next.toISOString()}')`;
}

/**
 * Fills a migrated, seeded (organisation 1 and admin only) database. `end` is the newest punch's instant.
 * Answers what it made and how long each part took.
 */
export async function generateDataset(db, { punches, tz, end = new Date(), log = console.log }) {
  const timings = {};
  const timed = async (name, work) => {
    const started = performance.now();
    await work();
    timings[name] = (performance.now() - started) / 1000;
  };
  await timed('organisations and assets', async () => {
    for (const statement of [...ORGANISATIONS, ...ASSETS]) await db.query(statement);
  });
  const start = new Date(end.getTime() - 365 * 86_400_000);
  await timed('rounds', async () => {
    await db.query(ROUNDS, [localDay(start, tz), localDay(end, tz, -2), tz]);
  });
  await timed('partitions', async () => {
    for (const month of monthsBetween(start, end)) await db.query(partitionSql(month));
  });
  await timed('punches', async () => {
    for (let from = 0; from < punches; from += CHUNK) {
      const to = Math.min(punches, from + CHUNK);
      await db.query(PUNCHES, [from, to, punches, end.toISOString()]);
      log(`  punches ${to.toLocaleString('en')} / ${punches.toLocaleString('en')}`);
    }
  });
  // What autovacuum would have done by the time such a table is queried: statistics and the visibility map
  // (index-only scans for counts).
  await timed('vacuum analyze', async () => {
    await db.query('vacuum analyze');
  });
  return { timings, start, end };
}

/**
 * Brings a copy of a kept data set (bench/kept-dataset.mjs) up to `now`, as if it had been generated now: the
 * punches of the time since its newest, at the set's own rate (`punches` a year, the generator's spread), and the
 * stored rounds of the days since its last up to the day before yesterday (the server makes yesterday's and today's
 * itself). Without it every "today" a kept set is measured on is the day it was made, or empty (P4's
 * TodayPatrolLogs at 10M, 2026-12-04: a run after midnight in the zone measured an empty page). Answers what it added.
 */
export async function bringUpToNow(db, { punches, tz, now = new Date() }) {
  const [{ newest }] = await db.query('select max(punch_time) as newest from punch');
  const since = new Date(newest);
  // The rows i of [punches − added, punches) of a set ending now are those after its newest (3 s apart at 10M).
  const added = Math.floor((punches * (now.getTime() - since.getTime())) / (365 * 86_400_000));
  for (const month of monthsBetween(since, now)) await db.query(partitionSql(month));
  if (added > 0) await db.query(PUNCHES, [punches - added, punches, punches, now.toISOString()]);
  const days = [localDay(since, tz, -1), localDay(now, tz, -2)];
  const roundDays = days[0] <= days[1] ? days : [];
  if (roundDays.length > 0) await db.query(ROUNDS, [...roundDays, tz]);
  await db.query('vacuum analyze punch, patrol_round');
  return { since: since.toISOString(), punches: added, roundDays };
}
