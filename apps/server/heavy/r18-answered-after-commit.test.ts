import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/api.js';
import { commitsHeld, holdCommits, releaseCommits } from './support/commit-hold.js';
import { commitsPaused, pausePunchCommits } from './support/commit-pause.js';
import { durabilityOf } from './support/durability.js';
import { Installation } from './support/installation.js';
import { auditPunches, describeAudit } from './support/punch-table.js';
import type { ServerProcess } from './support/server-process.js';
import { Terminal, keysOf, upload, type UploadOutcome } from './support/terminal.js';

/**
 * R18 (QUALITY.md): nothing is acknowledged before it is durable, asserted directly rather than left to a kill's
 * timing. On a durable PostgreSQL (read back: `fsync` and `synchronous_commit` on), uploads are sent while their
 * transactions cannot finish — paused between the insert and the commit (a deferred trigger waiting for the test's
 * lock), or committed and flushed but held before the answer (a synchronous standby that never comes) — and must get
 * no answer at all meanwhile: a build that answered before its commit answers here at once. Released, each is
 * answered once and its records are stored once.
 */
const TERMINALS = 4;
const BATCH_SIZE = 100;
/** How long the held uploads are watched for an answer that must not come. */
const WATCH_MS = 3_000;

let installation: Installation;
let server: ServerProcess;
let admin: ConsoleClient;

beforeAll(async () => {
  installation = await Installation.create({ durable: true });
  server = await installation.startServer();
  admin = await new ConsoleClient(server.url).logIn();
});

afterAll(async () => {
  await installation?.dispose();
});

/** Sends one batch from each of TERMINALS new terminals while `hold` keeps them from finishing, then `release`s. */
async function uploadWhileHeld(name: string, hold: () => Promise<() => Promise<void>>, held: () => Promise<boolean>) {
  const lastAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
  const terminals = Array.from(
    { length: TERMINALS },
    (_, t) => new Terminal(`R18-${name}-${t + 1}`, 1, BATCH_SIZE, lastAt),
  );
  for (const terminal of terminals) await admin.registerDevice(terminal.deviceNo);

  const release = await hold();
  const answers: { outcome: UploadOutcome; at: number }[] = [];
  const sent = Promise.all(
    terminals.map(async (terminal) => {
      const outcome = await upload(server.url, installation.deviceKey, terminal.deviceNo, terminal.batches[0]!.records);
      answers.push({ outcome, at: Date.now() });
    }),
  );
  expect(await held(), 'no upload reached its commit').toBe(true);
  await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
  expect(answers, 'uploads answered before their commits finished').toEqual([]);

  const released = Date.now();
  await release();
  await sent;
  expect(answers.map((a) => a.outcome.kind)).toEqual(terminals.map(() => 'acknowledged'));
  for (const { outcome, at } of answers) {
    expect(at).toBeGreaterThanOrEqual(released);
    if (outcome.kind === 'acknowledged') expect(outcome.result.accepted).toBe(BATCH_SIZE);
  }
  const stored = await installation.storedPunches(terminals.map((t) => t.deviceNo));
  const problem = describeAudit(
    auditPunches(
      terminals.flatMap((t) => keysOf(t.batches[0]!)),
      stored,
    ),
    'records',
  );
  expect(problem).toBe('');
  expect(server.running, server.log).toBe(true);
}

describe('R18 an upload is answered only once its commit is durable', () => {
  it('runs on a durable PostgreSQL', async () => {
    expect(await durabilityOf(installation.databaseUrl)).toMatchObject({ fsync: 'on', synchronousCommit: 'on' });
  });

  it('answers no upload paused between its insert and its commit, and each once released', async () => {
    await uploadWhileHeld(
      'PAUSED',
      async () => (await pausePunchCommits(installation.databaseUrl)).release,
      () => commitsPaused(installation.databaseUrl),
    );
  });

  it('answers no upload whose flushed commit waits for its standby, and each once released', async () => {
    await uploadWhileHeld(
      'HELD',
      async () => {
        await holdCommits(installation.databaseUrl);
        return () => releaseCommits(installation.databaseUrl);
      },
      () => commitsHeld(installation.databaseUrl),
    );
  });
});
