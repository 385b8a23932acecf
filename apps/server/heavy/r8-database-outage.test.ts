import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/api.js';
import { Installation } from './support/installation.js';
import { ConsoleLoad, describeCall, isChineseRefusal, isNormal, type CallRecord } from './support/load.js';
import { auditPunches, describeAudit, storedPunches } from './support/punch-table.js';

/**
 * R8 (QUALITY.md): a database outage is survived. Clients keep calling while PostgreSQL is stopped
 * (`pg_ctl -m fast stop`): the calls answer code 500 with a Chinese msg and the server process stays up; once
 * PostgreSQL is back, calls answer normally within 5 s, with the same server process.
 */
const CLIENTS = 4;
const WARM_MS = 1_500;
const OUTAGE_MS = 3_000;
/** QUALITY.md's bound: back to normal within 5 s of the database's return. */
const RECOVERY_LIMIT_MS = 5_000;
/** After the return, keep calling until this long has passed without a failure (or the bound plus a margin). */
const STEADY_MS = 1_500;

const DEVICE = 'R8-TERMINAL-1';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let installation: Installation;

beforeAll(async () => {
  installation = await Installation.create();
});

afterAll(async () => {
  await installation?.dispose();
});

describe('R8 PostgreSQL stopped under load', () => {
  it('answers 500 with a Chinese msg during the outage and normally within 5 s of its end, without a restart', async () => {
    const server = await installation.startServer();
    const pid = server.pid;
    const client = await new ConsoleClient(server.url).logIn();
    await client.registerDevice(DEVICE);
    const load = new ConsoleLoad(client, installation.deviceKey, DEVICE, CLIENTS, Date.now() - 60_000);
    const origin = Date.now();

    await pause(WARM_MS);
    const haltAt = Date.now();
    await installation.cluster.halt();
    const downAt = Date.now();
    await pause(OUTAGE_MS);
    const resumeAt = Date.now();
    await installation.cluster.resume();
    const backAt = Date.now();
    // Keep calling until the answers have been normal for a while, or well past the bound.
    for (;;) {
      await pause(100);
      const lastFailure = load.calls.filter((c) => c.startedAt >= backAt && !isNormal(c)).at(-1);
      const steadySince = lastFailure ? lastFailure.endedAt : backAt;
      if (Date.now() - steadySince >= STEADY_MS || Date.now() - backAt > RECOVERY_LIMIT_MS + 2_000) break;
    }
    const calls = await load.stop();
    const show = (list: CallRecord[]) =>
      list
        .slice(0, 5)
        .map((c) => describeCall(c, origin))
        .join('; ');

    expect(server.running, `the server process exited during the outage; output:\n${server.log}`).toBe(true);
    expect(server.pid, 'the server was restarted').toBe(pid);

    const before = calls.filter((c) => c.endedAt <= haltAt);
    expect(before.length, 'calls before the outage').toBeGreaterThan(10);
    const failedBefore = before.filter((c) => !isNormal(c));
    expect(failedBefore, `calls failed before the outage: ${show(failedBefore)}`).toEqual([]);

    const during = calls.filter((c) => c.startedAt >= downAt && c.endedAt <= resumeAt);
    expect(during.filter((c) => c.kind === 'list').length, 'list calls during the outage').toBeGreaterThan(5);
    expect(during.filter((c) => c.kind === 'upload').length, 'uploads during the outage').toBeGreaterThan(5);
    const unclear = during.filter((c) => !isChineseRefusal(c, 500));
    expect(unclear, `during the outage, calls that did not answer 500 with a Chinese msg: ${show(unclear)}`).toEqual(
      [],
    );

    const after = calls.filter((c) => c.startedAt >= backAt);
    const failedAfter = after.filter((c) => !isNormal(c));
    const recoveryMs = Math.max(0, ...failedAfter.map((c) => c.endedAt - backAt));
    expect(
      recoveryMs,
      `calls still failing ${recoveryMs} ms after PostgreSQL was back: ${show(failedAfter.slice(-5))}`,
    ).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    const normalAfter = after.filter(isNormal);
    expect(normalAfter.filter((c) => c.kind === 'list').length, 'normal list calls after the return').toBeGreaterThan(
      3,
    );
    expect(normalAfter.filter((c) => c.kind === 'upload').length, 'normal uploads after the return').toBeGreaterThan(3);

    // What was acknowledged, before or after, is stored; nothing an outage refused was counted as stored.
    const acknowledged = calls.flatMap((c) => c.acknowledged ?? []);
    const stored = await storedPunches(installation.databaseUrl, [DEVICE]);
    const problem = describeAudit({ ...auditPunches(acknowledged, stored), unknown: [] }, 'acknowledged records');
    expect(problem, problem).toBe('');

    const firstNormal = normalAfter.reduce((min, c) => Math.min(min, c.endedAt), Infinity) - backAt;
    console.log(
      `R8: ${calls.length} calls by ${CLIENTS} clients; PostgreSQL stop took ${downAt - haltAt} ms, start ${backAt - resumeAt} ms; ` +
        `${during.length} calls during the outage all answered 500 with a Chinese msg ("${during[0]?.msg}"); ` +
        `first normal answer ${firstNormal} ms after the return, last failure ended ${recoveryMs} ms after it ` +
        `(${failedAfter.length} failed calls after the return); same server pid ${pid}`,
    );
  });
});
