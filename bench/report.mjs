// bench/REPORT.md and the console summary: every figure beside its raw baseline and its QUALITY.md target.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { serverNodeOptions } from '../scripts/lib.mjs';
import { CHUNK_BUDGET_KIB, INITIAL_BUDGET_KIB } from './bundle-budget.mjs';
import { rssGrowthMb } from './measure-alerts.mjs';
import { guardAppVerdicts, LCP_BUDGET_MS, SCAN_BUDGET_MS, SHELL_BUDGET_KIB } from './measure-guard-app.mjs';

const ms = (n) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(0)} ms` : '—');
const s = (n) => (Number.isFinite(n) ? `${(n / 1000).toFixed(1)} s` : '—');
const num = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '—');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '—');
const mark = (ok) => (ok ? '✅ met' : '❌ missed');
const spread = (summary, unit = ms) => `${unit(summary.median)} / ${unit(summary.p95)}`;
/** P3's rounds, when its two sides alternated (medians shown), each round's requests a second. */
const roundsOf = (p3) =>
  p3.rounds
    ? `; medians of ${p3.rounds.server.length} alternated rounds: ${p3.rounds.server.map((r) => num(r.requestsPerSecond)).join(', ')} against ${p3.rounds.raw.map((r) => num(r.requestsPerSecond)).join(', ')}/s`
    : '';

/** The table rows: `[id, what, measured, baseline, ratio, target, verdict]`. */
export function figureRows(r) {
  const rows = [];
  // PGlite's targets are ratios only (P12): the upload and the list under load at ≥ 0.8× raw.
  const embedded = r.meta?.db === 'pglite';
  if (r.p1) {
    const { server, raw } = r.p1;
    const share = embedded ? 0.8 : 0.5;
    // The throughput's ratio, and the p95 batch within the same ratio of the raw one's.
    // P14: the batch's p95 within 1.5 × the INSERT's (PostgreSQL); PGlite's P12 share as before.
    const batchWithin = embedded
      ? server.batchMs.p95 * share <= raw.batchMs.p95
      : server.batchMs.p95 <= 1.5 * raw.batchMs.p95;
    const met =
      (embedded || server.perSecond.median >= 20_000) &&
      server.perSecond.median >= share * raw.perSecond.median &&
      batchWithin;
    rows.push([
      'P1',
      `device upload, 1,000-record batches, ${r.p1.concurrency} terminals at once (punches/s; batch ms)`,
      `${num(server.perSecond.median)}/s (p95 batch ${ms(server.batchMs.p95)})`,
      `${num(raw.perSecond.median)}/s (p95 batch ${ms(raw.batchMs.p95)})`,
      ratio(server.perSecond.median, raw.perSecond.median),
      embedded ? '≥ 0.8× raw (P12), batch p95 too' : '≥ 20,000/s; ≥ 0.5× raw; batch p95 ≤ 1.5× (P14)',
      mark(met),
    ]);
  }
  // QUALITY.md sets P2, P4, P5 and P9 at 10M on PostgreSQL (and P2's ratio on PGlite's 1M set, P12): at another
  // size their figures are reported and compared, not judged.
  const callsJudged = embedded || r.meta?.size === '10m';
  for (const c of r.calls ?? []) {
    // P4's calls within 1.5 × their SQL too (P14).
    const targets = { P2: [150, 1.5], P4: [100, 1.5], P5: [500, null], P9: [500, 1.5] };
    const [idLimit, maxRatio] = targets[c.id];
    // A call may hold a tighter limit of its own (P5 by device and by person: a few hundred rows on an index).
    const limit = c.limitMs ?? idLimit;
    // Within the ratio at the median and at p95 both.
    const met =
      c.http.p95 <= limit &&
      (maxRatio === null || (c.http.median <= maxRatio * c.raw.median && c.http.p95 <= maxRatio * c.raw.p95));
    rows.push([
      c.id,
      `${c.name}: ${c.what}${c.pages > 1 ? `, pages 1–${c.pages}` : ''} (total ${num(c.total)})`,
      spread(c.http),
      spread(c.raw),
      ratio(c.http.median, c.raw.median),
      `p95 ≤ ${limit} ms${maxRatio ? `; ≤ ${maxRatio}× raw` : ''}`,
      callsJudged ? mark(met) : `${met ? 'within' : 'outside'} it (set at 10M)`,
    ]);
  }
  if (r.p3) {
    const { server, raw } = r.p3;
    rows.push([
      'P3',
      `${r.p3.call.name} under ${r.p3.connections} connections: ${r.p3.call.what} (req/s; p50 / p99${roundsOf(r.p3)})`,
      `${num(server.requestsPerSecond)}/s; ${ms(server.p50)} / ${ms(server.p99)}${server.errors ? `; ${server.errors} errors` : ''}`,
      `${num(raw.requestsPerSecond)}/s; ${ms(raw.p50)} / ${ms(raw.p99)}`,
      ratio(server.requestsPerSecond, raw.requestsPerSecond),
      embedded ? '≥ 0.8× raw (P12), p99 too' : '≥ 2,000/s; p99 ≤ 50 ms',
      mark(
        server.errors === 0 &&
          (embedded
            ? server.requestsPerSecond >= 0.8 * raw.requestsPerSecond && server.p99 * 0.8 <= raw.p99
            : server.requestsPerSecond >= 2000 && server.p99 <= 50),
      ),
    ]);
    // P13: the raw side replays the data statement alone (the server keeps sessions and scopes in memory).
    const share = embedded ? 0.9 : 0.8;
    rows.push([
      'P13',
      `the cost of being a server: P3's load beside its data statement alone (req/s; p50 / p99 as raw ÷ server${roundsOf(r.p3)})`,
      `${num(server.requestsPerSecond)}/s; ${ratio(raw.p50, server.p50)} / ${ratio(raw.p99, server.p99)}`,
      `${num(raw.requestsPerSecond)}/s`,
      ratio(server.requestsPerSecond, raw.requestsPerSecond),
      `≥ ${share}× raw, median and p99`,
      mark(
        server.errors === 0 &&
          server.requestsPerSecond >= share * raw.requestsPerSecond &&
          server.p50 * share <= raw.p50 &&
          server.p99 * share <= raw.p99,
      ),
    ]);
  }
  if (r.p6) {
    const { server, raw, counts } = r.p6;
    rows.push([
      'P6',
      `export of ${num(counts.small)} rows (巡检记录) ×3: median / p95; peak RSS`,
      `${spread(server.small.ms, s)}; ${num(server.small.peakRssMb)} MB`,
      spread(raw.small.ms, s),
      ratio(server.small.ms.median, raw.small.ms.median),
      '≤ 6 s; ≤ 2× raw (P14); RSS ≤ 600 MB',
      mark(
        server.small.ms.median <= 6000 &&
          server.small.ms.median <= 2 * raw.small.ms.median &&
          server.small.ms.p95 <= 2 * raw.small.ms.p95 &&
          server.small.peakRssMb <= 600,
      ),
    ]);
    rows.push([
      'P6',
      `export of ${num(counts.large)} rows; peak RSS`,
      `${s(server.large.ms.median)}; ${num(server.large.peakRssMb)} MB`,
      s(raw.large.ms.median),
      ratio(server.large.ms.median, raw.large.ms.median),
      '≤ 60 s; ≤ 2× raw (P14); RSS ≤ 600 MB',
      mark(
        server.large.ms.median <= 60_000 &&
          server.large.ms.median <= 2 * raw.large.ms.median &&
          server.large.peakRssMb <= 600,
      ),
    ]);
    rows.push([
      'P6',
      `two exports of ${num(counts.large)} rows at once (each; peak RSS of the server)`,
      `${s(server.twoLarge.ms.median)} / ${s(server.twoLarge.ms.max)}; ${num(server.twoLarge.peakRssMb)} MB`,
      '—',
      '—',
      'each ≤ 60 s; RSS ≤ 600 MB',
      mark(server.twoLarge.ms.max <= 60_000 && server.twoLarge.peakRssMb <= 600),
    ]);
    const { writers } = r.p6;
    if (writers) {
      const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
      rows.push([
        'P6',
        `sheet writers side by side: the ${num(writers.rows)} rows above, read once, written by ours vs exceljs's streaming writer (median of 2; file size)`,
        `${s(writers.ours.ms.median)}; ${mb(writers.ours.bytes)}`,
        `${s(writers.exceljs.ms.median)}; ${mb(writers.exceljs.bytes)} (exceljs)`,
        ratio(writers.ours.ms.median, writers.exceljs.ms.median),
        'the faster one ships',
        writers.ours.ms.median <= writers.exceljs.ms.median ? '✅ ours' : '❌ exceljs is faster',
      ]);
    }
  }
  if (r.p7) {
    const { sizes, lighthouse } = r.p7;
    rows.push([
      'P7',
      `console bundle: initial JS (${sizes.initial.length} files); largest lazy chunk (${sizes.largestChunk?.name ?? '—'})`,
      `${sizes.initialKib.toFixed(1)} KiB; ${sizes.largestChunk ? sizes.largestChunk.gzipKib.toFixed(1) : '—'} KiB gzip`,
      '—',
      '—',
      `≤ ${INITIAL_BUDGET_KIB} KiB; each ≤ ${CHUNK_BUDGET_KIB} KiB`,
      mark(sizes.ok),
    ]);
    if (lighthouse.error) {
      rows.push([
        'P7',
        'Lighthouse desktop',
        lighthouse.error,
        '—',
        '—',
        'LCP ≤ 1.0 s, TBT ≤ 150 ms, CLS ≤ 0.1',
        '❌ not run',
      ]);
    } else {
      rows.push([
        'P7',
        `Lighthouse ${lighthouse.lighthouseVersion} desktop, ${lighthouse.url} (${lighthouse.runs} runs, median): LCP; TBT; CLS (score)`,
        `${ms(lighthouse.lcpMs.median)}; ${ms(lighthouse.tbtMs.median)}; ${lighthouse.cls.median.toFixed(3)} (${lighthouse.performance.median.toFixed(0)})`,
        '—',
        '—',
        'LCP ≤ 1.0 s, TBT ≤ 150 ms, CLS ≤ 0.1',
        mark(lighthouse.lcpMs.median <= 1000 && lighthouse.tbtMs.median <= 150 && lighthouse.cls.median <= 0.1),
      ]);
    }
  }
  if (r.p8) {
    const p = r.p8;
    rows.push([
      'P8',
      '`npm start` (scripts/start.mjs) on an installed checkout, existing embedded database, to first answer (×3)',
      spread(p.npmStartMs),
      `${spread(p.openDatabaseMs)} (node + open PGlite)`,
      ratio(p.npmStartMs.median, p.openDatabaseMs.median),
      '≤ 5 s',
      mark(p.npmStartMs.median <= 5000),
    ]);
    rows.push([
      'P8',
      'first start with demo data on a new embedded DATA_DIR',
      s(p.firstDemoMs),
      '—',
      '—',
      '≤ 60 s',
      mark(p.firstDemoMs <= 60_000),
    ]);
    if (p.loadedServerMs) {
      rows.push([
        'P8',
        `server start on the benchmark's ${r.meta.db} database (${num(r.meta.punches)} punches) to first answer`,
        ms(p.loadedServerMs),
        '—',
        '—',
        '(≤ 5 s)',
        mark(p.loadedServerMs <= 5000),
      ]);
    }
  }
  if (r.p10) rows.push(alertRow(r.p10));
  if (r.p11) rows.push(...guardAppRows(r.p11));
  return rows;
}

/** P11: the guard app's shell, Lighthouse mobile on /m/, installability, and scan to stored. */
function guardAppRows(p) {
  const ok = guardAppVerdicts(p);
  const failed = (what, part, target) => ['P11', what, part.error, '—', '—', target, '❌ not run'];
  const rows = [];
  const shellTarget = `≤ ${SHELL_BUDGET_KIB} KiB`;
  if (p.shell.error) rows.push(failed('guard app shell JS', p.shell, shellTarget));
  else {
    const lazy = p.shell.lazy.map((f) => `${f.name.replace(/-[\w-]{8}\.js$/, '')} ${f.gzipKib.toFixed(1)}`);
    rows.push([
      'P11',
      `guard app (/m/) shell: first-load JS gzip (${p.shell.files} files${lazy.length ? `; loaded later: ${lazy.join(', ')} KiB` : ''})`,
      `${p.shell.kib.toFixed(1)} KiB`,
      '—',
      '—',
      shellTarget,
      mark(ok.shell),
    ]);
  }
  const lcpTarget = `LCP ≤ ${(LCP_BUDGET_MS / 1000).toFixed(1)} s`;
  const throttled = (l) =>
    `simulated ${l.throttling.rttMs} ms RTT, ${(l.throttling.throughputKbps / 1024).toFixed(1)} Mbps, CPU ${l.throttling.cpuSlowdownMultiplier}×`;
  const lighthouseRow = (l, how, target, verdict) =>
    l.error
      ? failed(`Lighthouse mobile, ${how}`, l, target)
      : [
          'P11',
          `Lighthouse ${l.lighthouseVersion} mobile, ${l.url} (${l.runs} runs, median), ${how} (${throttled(l)}): LCP; TBT; CLS (score)`,
          `${ms(l.lcpMs.median)}; ${ms(l.tbtMs.median)}; ${l.cls.median.toFixed(3)} (${l.performance.median.toFixed(0)})`,
          '—',
          '—',
          target,
          verdict,
        ];
  const within = (l) => mark(!l.error && l.lcpMs.median <= LCP_BUDGET_MS);
  rows.push(lighthouseRow(p.lighthouse.p7, "P7's throttling", lcpTarget, within(p.lighthouse.p7)));
  if (p.lighthouse.mobileSlow4G) {
    const slow = p.lighthouse.mobileSlow4G;
    rows.push(lighthouseRow(slow, "Lighthouse's own mobile throttling, slow 4G", lcpTarget, within(slow)));
  }
  const installWhat =
    'installable (Lighthouse 12 has no PWA category): manifest name, display, start_url under /m/, icons 192 and 512; a service worker registered for /m/ (fresh Chromium profile)';
  if (p.installable.error) rows.push(failed(installWhat, p.installable, 'installable'));
  else {
    const i = p.installable;
    const missing = Object.entries(i.checks)
      .filter(([, passed]) => !passed)
      .map(([check]) => check);
    const chromium =
      i.chromiumErrors === null
        ? ''
        : `; Chromium: ${i.chromiumErrors.length ? i.chromiumErrors.join(', ') : 'no installability errors'}`;
    rows.push([
      'P11',
      installWhat,
      `${i.ok ? 'yes' : `no (${missing.join(', ')})`}: ${i.name ?? '—'}, ${i.display ?? '—'}, ${i.startUrl ?? '—'}, ${i.serviceWorker ?? 'no worker'}${chromium}`,
      '—',
      '—',
      'installable',
      mark(ok.installable),
    ]);
  }
  const scanWhat = 'scan to stored (online, loopback): fake camera shows a point’s QR, 扫码打卡 pressed → punch listed';
  const scanTarget = `p95 ≤ ${(SCAN_BUDGET_MS / 1000).toFixed(1)} s`;
  if (p.scan.error) rows.push(failed(scanWhat, p.scan, scanTarget));
  else {
    const c = p.scan;
    rows.push([
      'P11',
      `${scanWhat} by GetPatrolClockInList (polled every ${c.pollMs} ms), ${c.scans} distinct points (median / p95; of which press → AppPunches sent, and its answer)`,
      `${spread(c.totalMs)} (${spread(c.toUploadMs)}; ${spread(c.uploadMs)})`,
      '—',
      '—',
      scanTarget,
      mark(ok.scan),
    ]);
  }
  return rows;
}

const P10_WHAT = 'alert delivery: 1,000 streams on two servers, a burst of 100 alerts';
const P10_TARGET = 'p99 ≤ 2 s, none missing; RSS growth ≤ 200 MB (both servers together)';

const signedMb = (n) => `${n < 0 ? '−' : '+'}${num(Math.abs(n))} MB`;

/** P10: latency over every (stream, alert) delivery, deliveries missing, and each server's RSS growth. */
function alertRow(p) {
  if (p.notApplicable)
    return ['P10', P10_WHAT, `not applicable (${p.notApplicable})`, '—', '—', P10_TARGET, '➖ not applicable'];
  const growth = p.perServer.map(rssGrowthMb);
  const total = growth.reduce((a, b) => a + b, 0);
  const faults = [p.stray && `${p.stray} stray`, p.dropped && `${p.dropped} streams dropped`].filter(Boolean);
  return [
    'P10',
    `alert delivery: ${num(p.streams)} streams on 2 servers (${p.perServer.map((s) => s.streams).join(' + ')}; ${p.enterpriseStreams} of enterprise admins), ${p.alerts} alerts in ${p.transactions} transactions over ${ms(p.burstMs)} (latency p50 / p99 / max; missing; RSS growth per server)`,
    `${ms(p.latency.p50)} / ${ms(p.latency.p99)} / ${ms(p.latency.max)} over ${num(p.latency.n)} deliveries (first alert's p50 ${ms(p.firstAlertP50)}, last's ${ms(p.lastAlertP50)}); ${num(p.missing)} of ${num(p.expected)} missing${faults.length ? `; ${faults.join(', ')}` : ''}; ${growth.map(signedMb).join(' / ')}`,
    `LISTEN: ${ms(p.raw.p50)} / ${ms(p.raw.p99)} / ${ms(p.raw.max)}`,
    '—',
    P10_TARGET,
    mark(p.latency.p99 <= 2000 && p.missing === 0 && p.stray === 0 && p.dropped === 0 && total <= 200),
  ];
}

/**
 * Why a target is missed, as found from the plans and a CPU profile of the server when this suite was built:
 * printed only for the ids that miss in this run, so a stale reason does not outlive its miss.
 */
const KNOWN_CAUSES = {
  P1: "Each upload validates its records, looks up the device, then its points and accounts in one statement, probes whether the rounds of the punches' days are stored (made first when not) for the device's organisation and its ancestors only, matches them by point, window and walker, stores the punches (names copied by join), marks the checks, and reads the device's earlier punches around the batch for 疑似代打: about ten statements in one transaction against the baseline's single INSERT (both pay the punch_count, card_day_count and punch_device/punch_person triggers). The server's CPU (JSON, validation, one core) is the larger share on this 2-core machine. On PGlite the engine runs on a thread of its own; the upload reads its names and rounds before its transaction, which holds the engine alone only for the writes (the insert, the rounds' checks beside its own alerts and the terminal's row, sent together); the engine's work per 1,000-punch batch is then close to the bare INSERT's, and the tables the server fills are analysed by its upkeep (PGlite has no autovacuum).",
  P2: 'The server adds a near-constant ~1.5–2 ms a request over its SQL (HTTP, input validation, hashing the bearer token, the scope and session look-ups, JSON): where the SQL takes 3 ms (the 1M set) that is about 1.5×, where it takes 9–40 ms (10M, where QUALITY.md sets P2) it is not. `total` is summed from punch_count (kept by triggers) unless a keyword filters; keyword lists count the punches of the period. On PGlite each statement is also a message to the engine thread and back (about 0.1 ms), and the server reads replies straight from their bytes, cheaper than the parser of the baseline (PGlite in-process).',
  P3: "Server, PostgreSQL and the load generator share 2 cores. Since issue 36 a warm request runs one statement, the list's page with its count: the session, its role's keys and the scope come from the server's memory (http/access-cache.ts), so the server went from 717 to 1,097–1,401 requests/s at 10M; a department's page is a prepared statement since 2026-12-03 (planned once per connection: PostgreSQL's CPU a request 0.98 → 0.40 ms), and P3 was met at 10M then (2,090/s, p99 38 ms). The raw column is that one statement replayed by 50 connections of the bench process, with no HTTP on either end. This machine's speed moves by up to half within an hour (1,566 and 2,960 requests/s from the same code at 1M, 40 minutes apart), and the target sits inside that range.",
  P13: "On two cores shared by the server, PostgreSQL and the load generator, a ratio of requests a second is a ratio of what a request costs the machine (bench/cpu-accounting.mjs, in the notes below for P3). Since 2026-12-04 the page's rows are written as JSON straight from PostgreSQL's bytes (apps/server/src/db/row-bytes.ts, json-rows.ts): node-postgres no longer decodes the page's 460 text fields into strings, the rows are not made objects and no serialiser escapes them back; on the 1M set, six rounds alternated, 1,538 against 1,898 requests/s and the server's CPU 586 against 435 µs a request, and in measure-floor the server then served what the bare node:http server served (0.70× and 0.81× the replay against 0.81× and 0.81×, at 0.37–0.38 against 0.31–0.40 ms of user CPU a request). What still separates both from the replay is HTTP itself (two more processes woken a request, the request parsed and the answer written on a socket) and the machine's idle time under one event loop (0.15–0.19 ms a request against the replay's 0.09–0.11): the raw side has no HTTP at all, and its 50 connections are 50 PostgreSQL backends that the two cores run side by side. The two sides' latencies now have the same shape (2026-12-04, evening: p50 0.88–0.97 of the mean for the server, 0.89–0.91 for the replay; p99 1.9–2.8 and 2.2–2.6 times it), so the median and the p99 follow the throughput. A profile of the server's CPU time (perf's cpu-clock, which samples a thread only while it runs) puts 22% of it in the kernel and the page's writer at 13%; page faults on fresh memory for the answers were 3.4% of it until the envelope was written in the writer's own buffer, 0.5% since. This machine moves more than that between rounds: the same server, eight rounds in a row, spent 363–503 µs of CPU a request on the same work. The load generator is wrk (bench/http-load.mjs; autocannon spent 0.09–0.13 ms of the shared cores a request, wrk 0.03–0.04). Each side first runs 5 seconds of the load that are not counted, then five 10-second rounds, alternated, and the figures are their medians (since 2026-12-04, night; three rounds and no warm-up before): one round of each, minutes apart, had varied by a fifth on this machine, and a side's first round had the longest p99 of its three in 18 of the 22 PostgreSQL runs kept in bench/results' history (the server's 112 ms at the median against 68 in its later rounds; the replay's 74 against 53). One process is the default (WORKERS): since the page is written from the bytes, two workers cost what one process costs a request and leave the machine idle 0.00–0.01 ms a request; in four complete 1M runs with two workers (2026-12-04, afternoon) P13 was 0.85–1.13× with p50 0.88–1.10× and p99 0.61–0.76×, but the server's memory, the sum of its processes, went over P6's 600 MB in three of them (docs/performance.md). Tried and left (docs/performance.md): a worker thread for the list's statement, a pool of 4 or 20, PostgreSQL's Unix socket, PostgreSQL writing each row as JSON (it then spent 0.59–0.74 ms a request against 0.43, and the replay of that statement gained more than the server), the server's priority and wrk's scheduling class. On PGlite the server's engine runs on a thread of its own and the raw baseline does not, so there the server is faster than its SQL.",
  P4: "Summary computes the live status of every road of the scope (schedules in JavaScript: 2,000 roads' current rounds, with the zone's offsets and wall-clock instants kept; stored rounds of today, and yesterday's only where they can still count: reaching past midnight, or a road whose schedule reaches today), and sums today's stored rounds and counts the people who punched today: three chains sent at once on the pool's connections (the roads, then their rounds; the round figures; the people), where the raw column replays its four statements one after another. The roads are read without their points (counted only for a road whose round is not stored yet) and the people as distinct accounts plus distinct terminals of punches without one: at 10M those two statements went from 26 and 15–22 ms to 4.3 and 5.2 ms (2026-12-02), Summary from 76 to 45 ms, and the JavaScript that stayed (the statuses, the driver's rows of 2,000 roads and 4,000 rounds, garbage collection: about 15 ms a call in a profile) became the larger part of a smaller whole, which is why its ratio rose; since then yesterday's rounds that ended before midnight are no longer read (half of those 4,000 rows), the windows are kept under integer keys and instants compared as numbers (2026-12-02 evening: 1.80× to 1.51× at 10M, 1.49× at 1M). TodayPatrolLogs is one statement, the lists' own: its 1–3 ms over the SQL is the HTTP exchange (the server's bare health answer takes 0.4 ms here; each socket write is a 0.1–0.3 ms system call on this virtual machine), the client's reading of the JSON, the route (token, scope, validation, the statement built) and garbage collection; in-process the call is 0.1 ms over its SQL. Its SQL grows through the day with today's punches, so the same overhead is a larger ratio in the morning.",
  P5: "Without keywords 巡检点统计 reads card_day_count (per local day, card and organisation, kept by triggers). Statistics by device or person first find the devices or accounts the keyword names among those punches carry (punch_device, punch_person: a few thousand rows, kept by triggers), then their punches by the primary key's device prefix or (user_id, punch_time), the keyword matched again on each row.",
  P6: "The walk reads only the sheet's columns (times formatted in SQL) as the driver's arrays, the next batch while the current one is written; each batch crosses to a sheet thread (kept between exports) as a string a row, and there each row's SpreadsheetML is encoded straight into 256 KiB parts that a zip streamed to the file deflates at level 1 on libuv's threads. Both sides are measured warm: one export and one walk first, unmeasured. Memory stays flat since at most 1 MiB of parts waits for the compressor and the file. The server's memory is that of all its processes, each at its own peak: one by default; with WORKERS the primary (about 70 MB) and every worker. On PGlite the engine's WebAssembly memory (about 155 MB at 1M punches), the two threads' heaps and the C allocator's arenas the threads grow (about 100 MB) are most of the server's memory; two exports at once after the 50 connections of P3 start from the larger heaps that load left.",
  P7: "The login card's frame, logo and title are painted by index.html before the code loads and the console is sent pre-compressed (br/gz), so LCP is the first paint; the rest is the initial JS within its budget.",
  P9: "漏检报表 sums the frozen rounds of the span from their rollup round_day_count (kept by triggers on patrol_round; migrations 0021, 0024): the whole months from its month rows, the days at either end from its day rows (by date: the organisations' days), read from its key's index alone; the rounds not frozen yet (today's) are counted from patrol_round through its index of unfrozen rounds. No punches read; grouped, sorted and paged in the same statement.",
  P10: "Each NOTIFY costs each server one query for the alert's row, then one write per open stream in its scope; the bench process reads all 1,000 streams on the same 2 cores as both servers and PostgreSQL, so its own event loop is part of the latency.",
  P11: "The shell is React, antd-mobile and the app (jsQR and the photo shrinker load on demand); index.html paints the app's title before any code and the app is fetched right after that paint (boot.ts), so LCP is that paint: the document and its stylesheet. A scan opens the camera (getUserMedia), reads frames with jsQR every 120 ms, queues the punch in IndexedDB and uploads it through AppPunches; Chromium, the server and the database share the machine's cores.",
  P8: "`npm start` runs the install and build checks, then the server imports its modules, opens PGlite (the baseline alone), checks migrations, tops up the demo punches and stores today's rounds before it listens; on a machine shared with other work every step is slower.",
};

function table(rows) {
  const head = ['id', 'what', 'server (median / p95)', 'raw baseline', 'ratio', 'target', 'verdict'];
  const line = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Long id lists (a root scope names every organisation) shortened in the report: `{1,2,…,251} (251 ids)`. */
function shortenLists(text) {
  return text.replace(/\{(\d+(?:,\d+){11,})\}/g, (_, list) => {
    const ids = list.split(',');
    return `{${ids.slice(0, 3).join(',')},…,${ids.at(-1)}} (${ids.length} ids)`;
  });
}

function shortParams(params) {
  return JSON.stringify(params.map((p) => (Array.isArray(p) && p.length > 12 ? `[${p.length} ids]` : p)));
}

/** The figures of the other sizes and databases, from their latest runs (bench/results/*.json), one table each. */
function otherRuns(others) {
  return others
    .map(
      (o) =>
        `### \`--size ${o.meta.size} --db ${o.meta.db}\` on ${o.meta.date} (run time ${s(o.meta.durationMs)}, ${o.meta.databaseVersion})\n\n${table(figureRows(o))}`,
    )
    .join('\n\n');
}

/**
 * The P15 sections the features' own benchmarks wrote into the report (`## P15: …`, by hand from their results),
 * kept as they are when the main run writes the report anew.
 */
function keptSections(file) {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^## P15[^\n]*\n[\s\S]*?(?=^## )/gm)].map((m) => m[0]).join('');
}

export function writeReport(file, r, others = []) {
  const p15 = keptSections(file);
  const m = r.meta;
  const upToNow = m.generator?.broughtUpToNow;
  const timings = m.generator?.copied
    ? `earlier: this run used ${m.generator.copied}${upToNow ? `, brought up to now: ${num(upToNow.punches)} punches after its newest of ${upToNow.since}${upToNow.roundDays.length ? `, the stored rounds of ${upToNow.roundDays.join(' to ')}` : ''}` : ''}`
    : Object.entries(m.generator ?? {})
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ');
  const plans = (r.plans ?? [])
    .map(
      (p) =>
        `### ${p.title}\n\n\`\`\`sql\n${p.query.trim()}\n\`\`\`\n\nparameters: \`${shortParams(p.params)}\`\n\n\`\`\`\n${shortenLists(p.plan)}\n\`\`\``,
    )
    .join('\n\n');
  const text = `# Benchmark report

Written by \`npm run bench -- --size ${m.size} --db ${m.db}\` on ${m.date}. Run time ${s(m.durationMs)}.

- Machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGb} GB memory, ${m.os}; shared with other work, so absolute
  figures are noisy and the ratio to the raw baseline measured in the same run is the primary figure.
- Node ${m.node}; database ${m.databaseVersion}.
- Data set: ${num(m.punches)} punches over 12 months, 50 enterprises, 200 departments, 2,000 accounts, 5,000 devices,
  20,000 points, 2,000 daily roads with a year of stored rounds (bench/dataset.mjs). Generated in ${timings}.
- Server under test: \`${['node', ...serverNodeOptions(m.db === 'postgres'), 'apps/server/dist/main.js'].join(' ')}\` (LOG_LEVEL=warn) as a child process, called over loopback HTTP
  with the admin's bearer token (root scope, every organisation) through a hand-written HTTP/1.1 client on kept connections (bench/http-connection.mjs; P3 and P13: wrk's 50, bench/http-load.mjs); "raw" is the exact SQL the server runs for the same
  call as a warm server runs it — the service's queries (the session and the scope come from the server's memory, issue 36), captured through a query-logging Drizzle in-process — replayed
  in order on one connection kept open through the driver alone, each statement as the server's driver sent it (named
  where the server names it, so PostgreSQL plans it once on that connection, as on the server's)
  (${m.db === 'postgres' ? 'node-postgres; for P2, P4, P5 and P9 a round of HTTP calls and a round of the same SQL raw alternate (each side first every other round), the server idle during the raw one' : "PGlite in-process; for P2, P4, P5 and P9 on a copy of the server's folder made before it started, a round of HTTP calls and a round of the same SQL raw alternating (each side first every other round), the server idle during the raw one; the others with the server stopped"}); P1's baseline is the driver's own
  multi-row INSERT of the same kind of rows. Medians and p95 over the samples; the ratio shown is of the medians, and a ratio target holds only when the median and the p95 both meet it.
${r.p11 ? "- P11 (bench/measure-guard-app.mjs): the guard app as served at /m/ by the server under test, in Debian's Chromium — Lighthouse mobile through `lhci collect`; installability and scan to stored through playwright-core on a phone profile, the camera Chromium's fake capture of a QR label (a .y4m written from the `qrcode` package's modules), each scan a distinct point of an enterprise made for it, the browser started anew for each on the same profile.\n" : ''}${m.db === 'pglite' ? '- PGlite is one connection: its absolute figures are reported, its ratios targeted (QUALITY.md P12: the upload and the list under load at ≥ 0.8× raw, the record lists at ≤ 1.5×). The server runs its engine on a worker thread; the baseline drives PGlite in-process.\n' : ''}
## Figures

${table(figureRows(r))}

${(r.notes ?? []).map((n) => `- ${n}`).join('\n')}

### Where the misses come from

${
  [
    ...new Set(
      figureRows(r)
        .filter((row) => row[6].startsWith('❌'))
        .map((row) => row[0]),
    ),
  ]
    .map((id) => `- ${id}: ${KNOWN_CAUSES[id] ?? 'see the figures.'}`)
    .join('\n') || 'Every target is met in this run.'
}

${p15}${others.length ? `## Latest runs of the other sizes and databases\n\n${otherRuns(others)}\n\n` : ''}## Plans of the hot queries (EXPLAIN (ANALYZE, BUFFERS), page 1 of each call, captured parameters)

${plans}
`;
  writeFileSync(file, text);
}

export function printSummary(r) {
  for (const row of figureRows(r))
    console.log(`${row[0]}  ${row[6]}  ${row[1]}\n      ${row[2]}  vs raw ${row[3]}  (${row[4]})`);
}
