// P15's hazard lines (QUALITY.md; issue 33), on PostgreSQL at 10M punches:
// - 隐患管理's list (Hazard/List) with 1M hazards: p95 ≤ 150 ms, timed over HTTP beside its own SQL replayed
//   (measure-calls.mjs's timeSideBySide: the statements the service runs, captured in-process, sent raw);
// - P1 with answers: phones uploading 1,000-record AppPunches batches in which a fifth of the records answer their
//   point's checklist, ≥ 0.5 × the driver's own multi-row INSERTs of the same punches and answers.
//
//   BENCH_KEPT_DATASET=<url> node bench/measure-hazards.mjs      (or without it: a 10M set generated here)
//
// The hazards are made by SQL on the data set: a year of them over its 20,000 points, a point and item never open
// twice (the partial unique index), 5 % in each open state, 5 % ignored, the rest closed. Writes
// bench/results/postgres-hazards.json and prints the figures and plans.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as contract from '@guard-tour/contract';
import { ensureBuilt, root } from '../scripts/lib.mjs';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { call, loginAdmin } from './api.mjs';
import { PAGE_SIZE, SAMPLE } from './calls.mjs';
import { openDatabase } from './database.mjs';
import { generateDataset } from './dataset.mjs';
import { copyKeptDataset } from './kept-dataset.mjs';
import { timeSideBySide } from './measure-calls.mjs';
import { BATCH, CONCURRENCY, RUNS, insertRaw, uploadOverHttp } from './measure-upload.mjs';
import { loadServices, serverModule } from './server-modules.mjs';
import { startServer } from './server.mjs';
import { summarize, timeMs } from './stats.mjs';

const TZ_NAME = 'Asia/Shanghai';
/** `--upload-only`: P1 with answers alone (no hazards made, no list timed), written to postgres-hazards-upload.json. */
const uploadOnly = process.argv.includes('--upload-only');
const HAZARDS = 1_000_000;
const POINTS = 20_000;

/**
 * 1M hazards, hazard i at point ((i − 1) mod 20,000) + 1 and item ⌈i / 20,000⌉ (no pair twice, so any state may
 * be open), found at a hashed moment of the last 365 days by an account of the point's department, which is also
 * the assignee of those past 待处理. No deadline has passed (the 整改超期 timer stays idle, as on a kept-up site).
 */
const HAZARD_ROWS = `
  insert into hazard (hold_id, patrol_id, patrol_name, patrol_sn, item_id, item_text, answer, level, state,
    found_time, found_by, occurrences, last_time, assignee_id, deadline, closed_time)
  select 51 + d, p, '巡检点' || p, 'PC' || lpad(p::text, 8, '0'), item, '检查项' || item, '异常',
    case when i % 10 = 0 then 2 else 1 end, st, t, '巡检员' || d, 1, t,
    case when st > 0 then 1 + d end,
    case when st > 0 then $1::timestamptz + interval '30 days' end,
    case when st >= 3 then t + interval '20 hours' end
  from (
    select i, p, ((p - 1) % 200) + 1 as d, ((i - 1) / ${POINTS}) + 1 as item,
      (array[0, 1, 2, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3])[i % 20 + 1] as st,
      $1::timestamptz - ((hashint4(i) & 2147483647)::bigint % (365 * 86400)) * interval '1 second' as t
    from generate_series(1, ${HAZARDS}) i, lateral (select ((i - 1) % ${POINTS}) + 1 as p) pp
  ) h`;

/** The 隐患管理 lists the console opens: root scope, every state (its default) and 待处理; a department. */
const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('sv-SE', { timeZone: TZ_NAME });

function hazardCalls() {
  const body = (extra) => (page) => ({ include_children: true, PageIndex: page, PageSize: PAGE_SIZE, ...extra });
  const made = (name, what, pages, extra) => ({
    id: 'P15',
    name,
    what,
    pages,
    request: (page) => ({ method: 'POST', path: '/Hazard/List', body: body(extra)(page) }),
    service: (s, ctx, scope, page) =>
      s.hazards.listHazards(ctx, scope, contract.hazardListInput.parse(body(extra)(page))),
  });
  return [
    made('Hazard/List', '隐患管理, root scope, every state, first 10 pages', 10, {}),
    made('Hazard/List (待处理)', '隐患管理, root scope, 待处理 only, first 10 pages', 10, { state: 0 }),
    made('Hazard/List (a department)', '隐患管理, one department, every state, first page', 1, {
      hold_id: SAMPLE.department,
    }),
    // A span: the total is counted from the hazards themselves (the tally has no time).
    made('Hazard/List (last 30 days)', '隐患管理, root scope, the last 30 days, first page', 1, {
      start_date: day(29),
      end_date: day(0),
    }),
  ];
}

// --- P1 with answers -----------------------------------------------------------------------------------------

const PHONE_DEPARTMENTS = Array.from({ length: CONCURRENCY }, (_, k) => 11 + k * 37);
const PHONE_PASSWORD = 'bench-phone-1';
/** Items of the bench's checklist: 正常/异常, a number in range, a choice; each answered normal. */
const ITEMS = [
  { text: '消防门关闭', kind: 1, required: true, critical: true },
  { text: '管网压力', kind: 2, required: true, unit: 'MPa', min: 0.2, max: 0.6 },
  {
    text: '灭火器铅封',
    kind: 3,
    required: true,
    options: [
      { text: '完好', abnormal: false },
      { text: '破损', abnormal: true },
    ],
  },
];
const pad = (n, width) => String(n).padStart(width, '0');
/** Point r of a department's 100 (dataset.mjs numbering); every fifth carries the checklist. */
const cardOf = (department, r) => department + 200 * (r % 100);
const answered = (r) => r % 5 === 0;

/** The newest batch's punches start 18 hours before the run. */
const FIRST_PUNCH = Math.floor((Date.now() - 18 * 3_600_000) / 60_000) * 60_000;

/**
 * Batch `shift` (1–90): 1,000 punches a minute apart in a window of its own, the 1,000 minutes before the previous
 * batch's (a phone's batches never overlap: a phone rescanning the same points seconds apart, batch after batch, is
 * 疑似代打 on every punch, which is not P1's upload); `seconds` moves the raw baseline's copy off the uploaded keys.
 */
function phoneBatch(department, shift, itemIds, seconds = 0, withAnswers = true) {
  const first = FIRST_PUNCH - (shift - 1) * BATCH * 60_000 + seconds * 1000;
  return Array.from({ length: BATCH }, (_, r) => {
    const at = new Date(first + r * 60_000);
    const record = { patrol_sn: `PC${pad(cardOf(department, r), 8)}`, punch_time: `${at.toISOString().slice(0, 19)}Z` };
    if (!withAnswers || !answered(r)) return record;
    return {
      ...record,
      answers: [
        { item_id: itemIds[0], value: '正常' },
        { item_id: itemIds[1], value: 0.4 },
        { item_id: itemIds[2], option: '完好' },
      ],
    };
  });
}

async function runAtOnce(jobs, work) {
  const queue = [...jobs];
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
        latencies.push(await timeMs(() => work(job, lane)));
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies };
}

/** Each run's 30 batches, spread over the phones; `shift` keeps every batch's punches new. */
const jobsOf = (run) => Array.from({ length: 30 }, (_, b) => ({ run, b, shift: run * 30 + b + 1 }));

/** AppPunches batches, a fifth of their records answering (or, `withAnswers` false, none: the app's own cost). */
async function uploadAnswers(base, phones, itemIds, withAnswers = true) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    let accepted = 0;
    const { seconds, latencies } = await runAtOnce(jobsOf(run), async (job) => {
      const phone = phones[job.b % phones.length];
      const reply = await call(base, 'POST', '/Terminal/AppPunches', {
        token: phone.token,
        body: {
          device_no: phone.deviceNo,
          // Without answers, windows of their own further back (shift + 100).
          records: phoneBatch(phone.department, job.shift + (withAnswers ? 0 : 100), itemIds, 0, withAnswers),
        },
      });
      if (reply.data.rejected.length > 0)
        throw new Error(`AppPunches refused ${JSON.stringify(reply.data.rejected[0])}`);
      accepted += reply.data.accepted;
    });
    if (accepted !== 30 * BATCH) throw new Error(`AppPunches stored ${accepted} of ${30 * BATCH}`);
    runs.push({ perSecond: accepted / seconds, latencies });
  }
  return { perSecond: summarize(runs.map((r) => r.perSecond)), batchMs: summarize(runs.flatMap((r) => r.latencies)) };
}

const PUNCH_COLUMNS = [
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
  'check_result',
];
const ANSWER_COLUMNS = ['punch_id', 'device_no', 'patrol_sn', 'punch_time', 'hold_id', 'item_id', 'position'];
const ANSWER_EXTRA = ['item_text', 'kind', 'unit', 'min', 'max', 'options', 'value', 'option', 'abnormal'];

const valuesOf = (rows, width) =>
  Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`)})`).join(
    ', ',
  );

/**
 * The same batches (shifted a further 7 seconds) raw: per batch one transaction, the punches' multi-row INSERT
 * (returning their ids) and the answers' multi-row INSERT with each item as it was, on one connection per phone.
 */
async function insertAnswersRaw(db, phones, itemIds) {
  const connections = db.connections(CONCURRENCY);
  const punchInsert = `insert into punch (${PUNCH_COLUMNS.join(', ')}) values ${valuesOf(BATCH, PUNCH_COLUMNS.length)}
    on conflict do nothing returning punch_id, patrol_sn, punch_time`;
  const answersPer = BATCH / 5;
  const width = ANSWER_COLUMNS.length + ANSWER_EXTRA.length;
  const answerInsert = `insert into punch_answer (${[...ANSWER_COLUMNS, ...ANSWER_EXTRA].join(', ')})
    values ${valuesOf(answersPer * ITEMS.length, width)}`;
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { seconds, latencies } = await runAtOnce(jobsOf(run), async (job, lane) => {
      const phone = phones[job.b % phones.length];
      const records = phoneBatch(phone.department, job.shift, itemIds, 7);
      const connection = connections[lane];
      const now = new Date();
      const params = records.flatMap((rec, r) => {
        const card = cardOf(phone.department, r);
        return [
          phone.deviceNo,
          rec.patrol_sn,
          new Date(rec.punch_time),
          now,
          51 + phone.department,
          `部门${phone.department}`,
          phone.objectId,
          phone.deviceNo,
          card,
          `巡检点${card}`,
          `${(card % 30) + 1}号楼`,
          phone.userId,
          phone.userName,
          '测试巡检员',
          answered(r) ? 0 : null,
        ];
      });
      await connection.query('begin');
      const stored = await connection.query(punchInsert, params);
      const byKey = new Map(stored.map((row) => [`${row.patrol_sn}|${new Date(row.punch_time).getTime()}`, row]));
      const answerParams = records.flatMap((rec) => {
        if (!rec.answers) return [];
        const punch = byKey.get(`${rec.patrol_sn}|${new Date(rec.punch_time).getTime()}`);
        return ITEMS.flatMap((item, position) => [
          punch.punch_id,
          phone.deviceNo,
          rec.patrol_sn,
          new Date(rec.punch_time),
          51 + phone.department,
          itemIds[position],
          position,
          item.text,
          item.kind,
          item.unit ?? '',
          item.min ?? null,
          item.max ?? null,
          JSON.stringify(item.options ?? []),
          position === 1 ? '0.4' : position === 0 ? '正常' : '',
          position === 2 ? '完好' : '',
          false,
        ]);
      });
      await connection.query(answerInsert, answerParams);
      await connection.query('commit');
    });
    runs.push({ perSecond: (30 * BATCH) / seconds, latencies });
  }
  return { perSecond: summarize(runs.map((r) => r.perSecond)), batchMs: summarize(runs.flatMap((r) => r.latencies)) };
}

/** A phone per department of PHONE_DEPARTMENTS: its 巡检员 account made by the admin, logged in as the app. */
async function phonesOf(base, token) {
  const phones = [];
  for (const department of PHONE_DEPARTMENTS) {
    const userName = `bench_phone_${department}`;
    const saved = await call(base, 'POST', '/HoldInfo/SaveAccount', {
      token,
      body: {
        user_id: 0,
        hold_id: 51 + department,
        user_name: userName,
        user_password: PHONE_PASSWORD,
        true_name: '测试巡检员',
        role_id: contract.BuiltinRole.guard,
      },
    });
    const login = await call(base, 'POST', '/UserInfo/Login_Web', {
      body: { user_name: userName, user_password: PHONE_PASSWORD, remember_login: false, client: 'app' },
    });
    const appToken = login.data.token;
    const registered = await call(base, 'POST', '/Terminal/RegisterApp', {
      token: appToken,
      body: { app_id: `bench-phone-${pad(department, 12)}` },
    });
    phones.push({
      department,
      userName,
      userId: saved.data.user_id,
      token: appToken,
      deviceNo: registered.data.device_no,
      objectId: registered.data.object_id,
    });
  }
  return phones;
}

/** The bench's checklist, saved by the admin at the root and put on every fifth point of the phones' departments. */
async function checklistOnPoints(base, token, db) {
  const saved = await call(base, 'POST', '/Checklist/Save', {
    token,
    body: { checklist_id: 0, hold_id: 1, checklist_name: '基准检查表', items: ITEMS },
  });
  const id = saved.data.checklist_id;
  const detail = await call(base, 'GET', '/Checklist/Detail', { token, query: { checklist_id: id } });
  const cards = PHONE_DEPARTMENTS.flatMap((d) =>
    Array.from({ length: 100 }, (_, r) => r)
      .filter(answered)
      .map((r) => cardOf(d, r)),
  );
  await db.query('update patrol_card set checklist_id = $1 where patrol_id = any($2::int[])', [id, cards]);
  return detail.data.items.map((item) => item.item_id);
}

// --- the run -----------------------------------------------------------------------------------------------------

ensureBuilt({ only: ['packages/contract', 'apps/server'] });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-bench-hazards-'));
const kept = await copyKeptDataset();
const cluster = kept ? null : await startCluster();
const databaseUrl = kept ? kept.url : cluster.url;
let server = null;
let db = null;
const results = {
  meta: { kept: kept !== null, hazards: HAZARDS, date: new Date().toISOString(), loadBefore: os.loadavg() },
};
try {
  server = await startServer({ databaseUrl, dataDir, timeoutMs: 1_800_000 });
  const token = await loginAdmin(server.base);
  await server.stop();
  server = null;
  db = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const end = new Date();
  if (!kept) await generateDataset(db, { punches: 10_000_000, tz: TZ_NAME, end });
  const [{ n }] = await db.query('select coalesce(sum(n), 0)::bigint as n from punch_count');
  results.meta.punches = Number(n);

  const made = await timeMs(async () => {
    if (uploadOnly) return;
    await db.query('truncate hazard, hazard_history');
    await db.query(HAZARD_ROWS, [end.toISOString()]);
    await db.query(`select setval(pg_get_serial_sequence('hazard', 'hazard_id'), ${HAZARDS})`);
    await db.query('vacuum analyze hazard');
  });
  if (uploadOnly) await db.query('truncate hazard, hazard_history');
  const [{ hazards, open }] = await db.query(
    'select count(*)::int as hazards, count(*) filter (where state in (0, 1, 2))::int as open from hazard',
  );
  Object.assign(results.meta, { hazards, openHazards: open, hazardSeconds: made / 1000 });
  console.log(
    `data set: ${results.meta.punches.toLocaleString('en')} punches, ${hazards.toLocaleString('en')} hazards`,
  );

  server = await startServer({ databaseUrl, dataDir, timeoutMs: 600_000 });
  const services = { ...(await loadServices()), hazards: await serverModule('features/inspection/hazard.service.js') };
  const calls = uploadOnly ? [] : hazardCalls();
  const { http, raw } = await timeSideBySide(server.base, token, db, services, calls, TZ_NAME);
  results.list = calls.map((one) => {
    const overHttp = summarize(http.get(one.name).samples);
    const replayed = summarize(raw.get(one.name).samples);
    return { name: one.name, what: one.what, total: http.get(one.name).total, http: overHttp, raw: replayed };
  });
  for (const row of results.list) {
    console.log(
      `${row.name}: total ${row.total}, HTTP median ${row.http.median.toFixed(1)} p95 ${row.http.p95.toFixed(1)} ms;` +
        ` SQL ${row.raw.median.toFixed(1)} / ${row.raw.p95.toFixed(1)} ms`,
    );
  }
  const [connection] = db.connections(1);
  results.plans = [];
  for (const one of calls) {
    for (const statement of raw.get(one.name).queries) {
      if (!/hazard/.test(statement.query)) continue;
      const plan = await connection.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
      results.plans.push({ call: one.name, sql: statement.query, plan: plan.map((r) => r['QUERY PLAN']).join('\n') });
    }
  }
  for (const p of results.plans) console.log(`\n-- ${p.call}\n${p.sql}\n${p.plan}`);

  // P1 with answers, beside the plain P1 of the same run.
  const phones = await phonesOf(server.base, token);
  const itemIds = await checklistOnPoints(server.base, token, db);
  results.upload = {
    answers: await uploadAnswers(server.base, phones, itemIds),
    answersRaw: await insertAnswersRaw(db, phones, itemIds),
    appPlain: await uploadAnswers(server.base, phones, itemIds, false),
    plain: await uploadOverHttp(server.base),
    plainRaw: await insertRaw(db),
  };
  const [{ answers }] = await db.query('select count(*)::int as answers from punch_answer');
  results.upload.answerRows = answers;
  const u = results.upload;
  console.log(
    `AppPunches with answers: ${u.answers.perSecond.median.toFixed(0)}/s against raw ${u.answersRaw.perSecond.median.toFixed(0)}/s` +
      ` (${(u.answers.perSecond.median / u.answersRaw.perSecond.median).toFixed(2)}×), p95 batch ` +
      `${u.answers.batchMs.p95.toFixed(0)} against ${u.answersRaw.batchMs.p95.toFixed(0)} ms; plain UploadPunches ` +
      `${u.plain.perSecond.median.toFixed(0)}/s against ${u.plainRaw.perSecond.median.toFixed(0)}/s; AppPunches without ` +
      `answers ${u.appPlain.perSecond.median.toFixed(0)}/s (p95 batch ${u.appPlain.batchMs.p95.toFixed(0)} ms)`,
  );
  results.meta.loadAfter = os.loadavg();
  const out = `bench/results/postgres-hazards${uploadOnly ? '-upload' : ''}.json`;
  writeFileSync(path.join(root, out), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written ${out}`);
} finally {
  await server?.stop();
  await db?.close();
  if (kept) await kept.drop();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
