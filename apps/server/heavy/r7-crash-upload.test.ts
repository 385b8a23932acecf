import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/api.js';
import { commitsHeld, holdCommits, releaseCommits } from './support/commit-hold.js';
import { Installation } from './support/installation.js';
import { auditPunches, describeAudit } from './support/punch-table.js';
import { heavySeed, seededRandom } from './support/random.js';
import type { ServerProcess } from './support/server-process.js';
import { Terminal, keysOf, type Batch } from './support/terminal.js';

/**
 * R7 (QUALITY.md): an acknowledged punch is never lost nor doubled. Terminals upload their buffers while the
 * server is killed with SIGKILL at random moments (8 runs); after each restart the table must hold every record
 * acknowledged so far, and the terminals resend what was not acknowledged. At the end every record is stored
 * exactly once and the answers' accepted counts add up to the rows. PostgreSQL runs durable (`fsync`,
 * `synchronous_commit`, `full_page_writes` on), as in production.
 *
 * The duplicate case, a kill between a commit and its answer, is asserted, not left to chance: a random kill
 * rarely lands in that window of a millisecond, so run HELD_RUN holds the commits (support/commit-hold.ts) and
 * kills the server while at least one upload has committed and waits for its answer.
 */
const RUNS = 8;
const TERMINALS = 4;
const BATCHES = 80;
const BATCH_SIZE = 250;
/**
 * A kill is timed by progress, not by the clock (a fast machine drained every buffer before a clock-timed kill):
 * it lands a random 0–JITTER_MS after a random number of this run's acknowledgements, at most an even share of
 * what is left, so every run kills mid-buffer and often mid-call.
 */
const JITTER_MS = 15;
/** The run whose kill lands between a commit and its answer by construction. */
const HELD_RUN = 4;

const seed = heavySeed();

/**
 * On PostgreSQL (durable) and on the embedded PGlite, the default (R18): there the server process is killed with its
 * database inside it, and the folder is read by PGlite itself before the next start. Commits can be held only on
 * PostgreSQL (the window itself is asserted by r18-answered-after-commit.test.ts).
 */
describe.each(['postgres', 'pglite'] as const)('R7 crash safety of the terminal upload on %s', (database) => {
  const random = seededRandom(seed);
  const holds = database === 'postgres';
  let installation: Installation;

  beforeAll(async () => {
    installation = holds ? await Installation.create({ durable: true }) : Installation.embedded();
  });

  afterAll(async () => {
    await installation?.dispose();
  });

  it(`stores every acknowledged record exactly once across ${RUNS} kill -9 of the server (seed ${seed})`, async () => {
    const started = Date.now();
    let server: ServerProcess = await installation.startServer();
    const port = Number(new URL(server.url).port);
    const admin = await new ConsoleClient(server.url).logIn();
    const lastAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const terminals = Array.from(
      { length: TERMINALS },
      (_, t) => new Terminal(`R7-TERMINAL-${t + 1}`, BATCHES, BATCH_SIZE, lastAt),
    );
    for (const terminal of terminals) await admin.registerDevice(terminal.deviceNo);
    const deviceNos = terminals.map((t) => t.deviceNo);
    const allBatches = terminals.flatMap((t) => t.batches);

    const acknowledged = new Set<string>();
    let acknowledgedThisRun = 0;
    let killTarget = { count: Infinity, reached: () => {} };
    const onAcknowledged = (batch: Batch) => {
      keysOf(batch).forEach((key) => acknowledged.add(key));
      if (++acknowledgedThisRun === killTarget.count) killTarget.reached();
    };
    /** Records committed by a call whose answer the kill swallowed: the resend must count them as duplicates. */
    const committedUnanswered = new Set<string>();
    const kills: string[] = [];
    /** The runs whose kill fell between a commit and its answer. */
    const killsBetweenCommitAndAnswer: number[] = [];

    for (let run = 1; run <= RUNS + 1; run++) {
      acknowledgedThisRun = 0;
      const left = allBatches.filter((b) => !b.acknowledgement).length;
      const share = Math.max(1, Math.floor(left / (RUNS - run + 2)));
      const after = 1 + Math.floor(random() * share);
      const jitter = Math.floor(random() * JITTER_MS);
      const reached = new Promise<void>((resolve) => {
        killTarget = { count: run <= RUNS ? after : Infinity, reached: resolve };
      });
      const uploads = Promise.all(terminals.map((t) => t.drain(server.url, installation.deviceKey, onAcknowledged)));
      if (run <= RUNS) {
        await Promise.race([reached, uploads]);
        const held = holds && run === HELD_RUN;
        if (held) {
          await holdCommits(installation.databaseUrl);
          expect(await commitsHeld(installation.databaseUrl), `run ${run}: no commit waited for its answer`).toBe(true);
        } else {
          await new Promise((resolve) => setTimeout(resolve, jitter));
        }
        const inFlight = terminals.filter((t) => t.unacknowledged.length > 0).length;
        expect(inFlight, `run ${run}: every buffer was sent before the kill after ${after} batches`).toBeGreaterThan(0);
        await server.kill();
        await uploads;
        if (held) await releaseCommits(installation.databaseUrl);
        const delay = held ? `${after} batches + a held commit` : `${after} batches + ${jitter} ms`;
        kills.push(delay);

        // Before anything is resent (and before the next start, which holds an embedded folder): what was
        // acknowledged before the kill must already be there, once.
        const stored = await installation.storedPunches(deviceNos);
        server = await installation.startServer(port);
        const audit = auditPunches(acknowledged, stored);
        const problem = describeAudit({ ...audit, unknown: [] }, 'acknowledged records');
        expect(problem, `after kill ${run} at ${delay} (seed ${seed}): ${problem}`).toBe('');
        const before = committedUnanswered.size;
        for (const batch of allBatches.filter((b) => !b.acknowledgement)) {
          for (const key of keysOf(batch)) if (stored.has(key)) committedUnanswered.add(key);
        }
        if (committedUnanswered.size > before) killsBetweenCommitAndAnswer.push(run);
      } else {
        await uploads;
      }
    }

    const refusals = terminals.flatMap((t) => t.refusals.map((r) => `${t.deviceNo} ${r}`));
    expect(refusals, `uploads refused (seed ${seed})`).toEqual([]);
    const unsent = allBatches.filter((b) => !b.acknowledgement).map((b) => `${b.deviceNo} #${b.number}`);
    expect(unsent, `batches never acknowledged; the last server ${server.log}`).toEqual([]);

    const everyRecord = allBatches.flatMap(keysOf);
    await server.stop();
    const stored = await installation.storedPunches(deviceNos);
    const problem = describeAudit(auditPunches(everyRecord, stored), 'records');
    expect(problem, `after ${RUNS} kills (seed ${seed}): ${problem}`).toBe('');

    const answers = allBatches.map((b) => b.acknowledgement!);
    const accepted = answers.reduce((sum, a) => sum + a.accepted, 0);
    const duplicates = answers.reduce((sum, a) => sum + a.duplicates, 0);
    const rejected = answers.reduce((sum, a) => sum + a.rejected.length, 0);
    expect(rejected, 'records rejected').toBe(0);
    expect(accepted + duplicates, 'accepted + duplicates of the acknowledging answers').toBe(everyRecord.length);
    // A record counted as accepted twice, or stored without being counted, shows here.
    expect(
      accepted,
      `accepted counts: ${accepted} accepted + ${committedUnanswered.size} committed before a kill ≠ ${everyRecord.length} records`,
    ).toBe(everyRecord.length - committedUnanswered.size);

    if (holds) {
      expect(
        killsBetweenCommitAndAnswer,
        `no kill fell between a commit and its answer (the duplicate case) (seed ${seed})`,
      ).toContain(HELD_RUN);
    }

    const resent = allBatches.filter((b) => b.attempts > 1).length;
    console.log(
      `R7 (${database}): ${everyRecord.length} records in ${allBatches.length} batches from ${TERMINALS} terminals, ` +
        `${RUNS} kill -9 at ${kills.join(', ')}; ${resent} batches resent, ` +
        `${committedUnanswered.size} records committed before a kill without an answer (counted as duplicates on resend; ` +
        `kills ${killsBetweenCommitAndAnswer.join(', ')}), ` +
        `${accepted} accepted, ${duplicates} duplicates, 0 lost, 0 doubled; ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${seed})`,
    );
  });
});
