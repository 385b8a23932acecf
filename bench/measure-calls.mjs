// P2, P4, P5, P9: each call timed through the running server over HTTP, and its baseline — the very queries the
// server's service runs for it (captured in-process), replayed raw through the driver on one connection kept open,
// named where the server names them (so planned once there, as on the server's pooled connections). The two
// alternate round by round (the idle server beside the replay), so both see the same moments of a busy machine:
// on PostgreSQL the same database and caches; PGlite is one process's, so there the replay runs on a copy of the
// server's folder made before the server started (the same rows and plans), in the benchmark's own process.
import { call } from './api.mjs';
import { inProcess } from './calls.mjs';
import { timeMs } from './stats.mjs';

/**
 * Rounds over each call's pages: P2 walks 10 pages 10 times, single-page calls repeat 40 times. A p95 (nearest rank)
 * of 100 samples is their fifth slowest and of 40 their third; of the 15 single-page samples before it was their
 * slowest, one hiccup of a shared machine.
 */
const roundsOf = (benchCall) => (benchCall.pages > 1 ? 10 : 40);

function send(base, token, request) {
  return call(base, request.method, request.path, { token, body: request.body, query: request.query });
}

/**
 * Each page sent twice before any is timed, as the baseline's capture runs the service twice per page in-process:
 * both sides are timed warm (on PGlite a server just started runs its first calls at up to 3 times its later
 * time while V8 compiles the database's WebAssembly). Answers page 1's reply.
 */
async function warmUp(base, token, benchCall) {
  const first = await send(base, token, benchCall.request(1));
  for (let page = 1; page <= benchCall.pages; page += 1) {
    for (let i = page === 1 ? 1 : 0; i < 2; i += 1) await send(base, token, benchCall.request(page));
  }
  return first;
}

/**
 * The queries the server runs for one page of a warm call: the service's own. The token's session and the scope's
 * organisations are kept in the server's memory (issue 36) once its first call has read them, so the baseline
 * replays the data statements alone (QUALITY.md P13); the in-process call before the capture sweeps rounds (at
 * most once a minute, as in the server) and fills the in-process scope's memory the same way.
 */
export async function captureQueries(db, services, benchCall, page, tzName, token) {
  const { ctx, scope } = await inProcess(services, db.drizzle, tzName);
  const session = await services.authRepo.findSessionByToken(db.drizzle, services.hashToken(token), new Date());
  if (!session) throw new Error('the bench token no longer names a session');
  await benchCall.service(services, ctx, scope, page);
  return db.captured(() => benchCall.service(services, ctx, scope, page));
}

/** The captured statements again, as the server sent them (named where it names them), on one connection. */
export async function replay(connection, statements) {
  for (const statement of statements) await connection.run(statement);
}

async function capturePages(db, services, benchCall, tzName, token) {
  const pages = [];
  for (let page = 1; page <= benchCall.pages; page += 1) {
    pages.push(await captureQueries(db, services, benchCall, page, tzName, token));
  }
  return pages;
}

/**
 * Both at once, alternating: a round of the call's pages over HTTP, then the same pages raw. Answers two maps by
 * call name: `http` with the samples (ms), page 1's `total` and its row count; `raw` with the samples and the
 * captured queries of page 1 (for the plans).
 */
export async function timeSideBySide(base, token, db, services, benchCalls, tzName) {
  const http = new Map();
  const raw = new Map();
  const [connection] = db.connections(1);
  for (const benchCall of benchCalls) {
    const first = await warmUp(base, token, benchCall);
    const pages = await capturePages(db, services, benchCall, tzName, token);
    const httpSamples = [];
    const rawSamples = [];
    const overHttp = async () => {
      for (let page = 1; page <= benchCall.pages; page += 1) {
        httpSamples.push(await timeMs(() => send(base, token, benchCall.request(page))));
      }
    };
    const replayed = async () => {
      for (const queries of pages) rawSamples.push(await timeMs(() => replay(connection, queries)));
    };
    // Each side goes first every other round (ABBA): what a side leaves behind (a server's work after its answer,
    // a backend's parallel workers ending) then weighs on both alike.
    for (let round = 0; round < roundsOf(benchCall); round += 1) {
      if (round % 2 === 0) {
        await overHttp();
        await replayed();
      } else {
        await replayed();
        await overHttp();
      }
    }
    http.set(benchCall.name, { samples: httpSamples, total: first.total ?? null, rows: first.data.length });
    raw.set(benchCall.name, { samples: rawSamples, queries: pages[0] });
  }
  return { http, raw };
}
