import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/api.js';
import { commitsHeld, holdCommits, releaseCommits } from './support/commit-hold.js';
import { durabilityOf } from './support/durability.js';
import { Installation } from './support/installation.js';
import { auditPunches, describeAudit, storedPunches } from './support/punch-table.js';
import { Terminal, keysOf, upload, type UploadOutcome } from './support/terminal.js';

/**
 * R18 (QUALITY.md): nothing is acknowledged before it is durable, asserted directly rather than left to a kill's
 * timing. On a durable PostgreSQL (read back: `fsync` and `synchronous_commit` on), every commit is held between its
 * flush and its answer (support/commit-hold.ts); uploads sent then must get no answer at all while the commits are
 * held — a build that answered before its commit answers here at once — and, released, each is answered once and
 * its records are stored once.
 */
const TERMINALS = 4;
const BATCH_SIZE = 100;
/** How long the held uploads are watched for an answer that must not come. */
const WATCH_MS = 3_000;

let installation: Installation;

beforeAll(async () => {
  installation = await Installation.create({ durable: true });
});

afterAll(async () => {
  await installation?.dispose();
});

describe('R18 an upload is answered only after its commit', () => {
  it('answers no upload while the commits are held, and each once when they are released', async () => {
    expect(await durabilityOf(installation.databaseUrl)).toMatchObject({ fsync: 'on', synchronousCommit: 'on' });
    const server = await installation.startServer();
    const admin = await new ConsoleClient(server.url).logIn();
    const lastAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const terminals = Array.from(
      { length: TERMINALS },
      (_, t) => new Terminal(`R18-HOLD-${t + 1}`, 1, BATCH_SIZE, lastAt),
    );
    for (const terminal of terminals) await admin.registerDevice(terminal.deviceNo);

    await holdCommits(installation.databaseUrl);
    const answers: { deviceNo: string; outcome: UploadOutcome; at: number }[] = [];
    const sent = Promise.all(
      terminals.map(async (terminal) => {
        const outcome = await upload(
          server.url,
          installation.deviceKey,
          terminal.deviceNo,
          terminal.batches[0]!.records,
        );
        answers.push({ deviceNo: terminal.deviceNo, outcome, at: Date.now() });
      }),
    );
    expect(await commitsHeld(installation.databaseUrl), 'no upload committed and waited for its answer').toBe(true);
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    expect(answers, 'uploads answered while their commits were held').toEqual([]);

    // Committed but unanswered: the rows are in the table already, the terminals know nothing yet.
    const released = Date.now();
    await releaseCommits(installation.databaseUrl);
    await sent;
    expect(answers.map((a) => a.outcome.kind)).toEqual(terminals.map(() => 'acknowledged'));
    for (const { outcome, at } of answers) {
      expect(at).toBeGreaterThanOrEqual(released);
      if (outcome.kind === 'acknowledged') expect(outcome.result.accepted).toBe(BATCH_SIZE);
    }
    const everyRecord = terminals.flatMap((t) => keysOf(t.batches[0]!));
    const stored = await storedPunches(
      installation.databaseUrl,
      terminals.map((t) => t.deviceNo),
    );
    const problem = describeAudit(auditPunches(everyRecord, stored), 'records');
    expect(problem).toBe('');
    expect(server.running, server.log).toBe(true);
  });
});
