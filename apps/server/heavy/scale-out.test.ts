import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ConsoleClient } from './support/api.js';
import { CHINESE, exchange } from './support/http.js';
import { Installation } from './support/installation.js';
import { failuresByAddress } from './support/login-log.js';
import { Nginx } from './support/nginx.js';
import { auditPunches, describeAudit, storedPunches } from './support/punch-table.js';
import type { ServerProcess } from './support/server-process.js';
import { Terminal, keysOf, upload, type UploadOutcome } from './support/terminal.js';

/**
 * Scale-out (issue 7): two server processes on one PostgreSQL and one shared DATA_DIR, behind nginx. Everything
 * a server keeps is in the database or the data folder, so any server answers for any other.
 */
let installation: Installation;
let serverA: ServerProcess;
let serverB: ServerProcess;
let nginx: Nginx;

const PASSWORD = 'Right-pass-2026';
const WRONG = 'wrong-pass-1';

beforeAll(async () => {
  installation = await Installation.create();
  // Both at once: migrations and the first admin happen once, under the start-up advisory lock.
  [serverA, serverB] = await Promise.all([installation.startServer(), installation.startServer()]);
  nginx = await Nginx.start([serverA, serverB].map((s) => new URL(s.url).host));
});

afterAll(async () => {
  await nginx?.stop();
  await installation?.dispose();
});

describe('scale-out: two servers on one PostgreSQL and one data folder behind nginx', () => {
  it('ran the migrations and the first seed once for both servers started together', async () => {
    const journal = JSON.parse(readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const client = new pg.Client({ connectionString: installation.databaseUrl });
    await client.connect();
    try {
      // drizzle records each migration it applies: one row per committed migration, none twice.
      const applied = await client.query<{ hash: string; created_at: string }>(
        'select hash, created_at from drizzle.__drizzle_migrations order by id',
      );
      expect(applied.rows.map((row) => Number(row.created_at))).toEqual(journal.entries.map((entry) => entry.when));
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
      const admins = await client.query<{ n: number }>(
        "select count(*)::int as n from account where user_name = 'admin'",
      );
      expect(admins.rows[0]?.n, 'first admin accounts').toBe(1);
    } finally {
      await client.end();
    }
  });

  it('holds the login lock-out across both servers, counted in the database per address', async () => {
    const admin = await new ConsoleClient(serverA.url).logIn();
    await admin.createAccount('lockguard', PASSWORD);
    // The servers trust a loopback proxy's X-Forwarded-For, so a direct call can name the caller's address.
    const attacker = '203.0.113.7';
    const onA = new ConsoleClient(serverA.url, '', { 'x-forwarded-for': attacker });
    const onB = new ConsoleClient(serverB.url, '', { 'x-forwarded-for': attacker });
    const spread = [onA, onB, onA, onB, onA];
    for (const [i, client] of spread.entries()) {
      const reply = await client.login('lockguard', WRONG);
      expect(reply.code, `failure ${i + 1} on server ${client === onA ? 'A' : 'B'}: ${reply.msg}`).toBe(401);
    }
    expect(await failuresByAddress(installation.databaseUrl, 'lockguard'), 'failures in the login log').toEqual({
      [attacker]: 5,
    });
    for (const [name, client] of [
      ['A', onA],
      ['B', onB],
    ] as const) {
      const reply = await client.login('lockguard', PASSWORD);
      expect(reply.code, `server ${name} let the right password in after 5 failures over both: ${reply.msg}`).toBe(429);
      expect(reply.msg).toMatch(CHINESE);
    }
    // The pair (account, address) is locked, not the account.
    const elsewhere = await new ConsoleClient(serverB.url, '', { 'x-forwarded-for': '198.51.100.9' }).login(
      'lockguard',
      PASSWORD,
    );
    expect(elsewhere.code, `another address was locked out too: ${elsewhere.msg}`).toBe(200);
  });

  it('counts failures through nginx under the address nginx saw, over both servers', async () => {
    const admin = await new ConsoleClient(serverA.url).logIn();
    await admin.createAccount('proxyguard', PASSWORD);
    // The client calls from 127.0.0.3 and forges X-Forwarded-For; nginx replaces it with the address it saw.
    const client = '127.0.0.3';
    const viaNginx = (password: string) =>
      exchange({
        method: 'POST',
        url: `${nginx.url}${API}/UserInfo/Login_Web`,
        body: { user_name: 'proxyguard', user_password: password },
        headers: { 'x-forwarded-for': '203.0.113.99' },
        localAddress: client,
      });
    const upstreams = new Set<string>();
    for (let i = 1; i <= 5; i++) {
      const answer = await viaNginx(WRONG);
      upstreams.add(String(answer.headers['x-upstream']));
      const reply = JSON.parse(answer.body.toString('utf8')) as { code: number; msg: string };
      expect(reply.code, `failure ${i} through nginx: HTTP ${answer.status} ${reply.msg}`).toBe(401);
    }
    expect(upstreams.size, `nginx sent every attempt to ${[...upstreams].join(', ')}`).toBe(2);
    expect(
      await failuresByAddress(installation.databaseUrl, 'proxyguard'),
      'the servers must count the client address nginx forwarded, neither nginx’s own nor the forged one',
    ).toEqual({ [client]: 5 });
    const locked = JSON.parse((await viaNginx(PASSWORD)).body.toString('utf8')) as { code: number; msg: string };
    expect(locked.code, `the right password got in through nginx after 5 failures: ${locked.msg}`).toBe(429);
    const direct = await new ConsoleClient(serverB.url).login('proxyguard', PASSWORD);
    expect(direct.code, `a caller at another address was locked out: ${direct.msg}`).toBe(200);
  });

  it('accepts a token issued by one server on the other, and a logout on one ends it on both', async () => {
    const onA = await new ConsoleClient(serverA.url).logIn();
    for (const base of [serverB.url, nginx.url]) {
      const who = await new ConsoleClient(base, onA.token).call<{ userName: string }>('GET', '/UserInfo/checktoken');
      expect(who.code, `${base} refused a token issued by server A: ${who.msg}`).toBe(200);
      expect(who.data.userName).toBe('admin');
    }
    const logout = await new ConsoleClient(serverB.url, onA.token).call('GET', '/UserInfo/Logout');
    expect(logout.code, logout.msg).toBe(200);
    const after = await onA.call('GET', '/UserInfo/checktoken');
    expect(after.code, 'server A still accepts a token logged out through server B').toBe(401);
  });

  it('downloads through one server an export made through the other', async () => {
    const onA = await new ConsoleClient(serverA.url).logIn();
    await onA.registerDevice('SCALE-EXPORT-1');
    const now = Math.floor(Date.now() / 1000) * 1000;
    const records = [3, 2, 1].map((s) => ({
      patrol_sn: `EXPORT${s}`,
      punch_time: new Date(now - s * 1000).toISOString(),
    }));
    const stored = await upload(serverA.url, installation.deviceKey, 'SCALE-EXPORT-1', records);
    expect(stored.kind === 'acknowledged' && stored.result.accepted, JSON.stringify(stored)).toBe(3);
    const fileName = await onA.data<string>('POST', '/PatrolClockIn/ExportPatrolClockInList', {});
    expect(fileName, 'the export found none of the punches just uploaded').toBeTruthy();

    const download = (base: string) =>
      exchange({
        method: 'GET',
        url: `${base}${API}/file/download_excelfile?fileName=${encodeURIComponent(fileName)}`,
      });
    const fromA = await download(serverA.url);
    const fromB = await download(serverB.url);
    expect(fromB.status, `server B cannot serve server A's export: ${fromB.body.toString('utf8').slice(0, 200)}`).toBe(
      200,
    );
    expect(fromB.headers['content-type']).toContain('spreadsheetml');
    expect(fromB.body.subarray(0, 2).toString('latin1'), 'the download is not an xlsx (zip) file').toBe('PK');
    expect(fromB.body.equals(fromA.body), 'server B sent other bytes than server A').toBe(true);
    for (let i = 0; i < 2; i++) {
      const viaNginx = await download(nginx.url);
      expect(viaNginx.status, `through nginx (${String(viaNginx.headers['x-upstream'])})`).toBe(200);
      expect(viaNginx.body.equals(fromA.body)).toBe(true);
    }
  });

  it('loses and doubles nothing when terminals upload through both servers and nginx at once', async () => {
    const TERMINALS = 6;
    const BATCHES = 20;
    const BATCH_SIZE = 250;
    const admin = await new ConsoleClient(serverB.url).logIn();
    const lastAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const terminals = Array.from(
      { length: TERMINALS },
      (_, t) => new Terminal(`SCALE-TERMINAL-${t + 1}`, BATCHES, BATCH_SIZE, lastAt),
    );
    for (const terminal of terminals) await admin.registerDevice(terminal.deviceNo);
    const targets = [serverA.url, serverB.url, nginx.url];
    const started = Date.now();

    // Each batch goes to one target and, at the same moment, again to the next: a resend racing the first call
    // on another server, as when a terminal's answer is lost behind a load balancer.
    const outcomes: { label: string; outcome: UploadOutcome }[] = [];
    await Promise.all(
      terminals.map(async (terminal) => {
        for (const [i, batch] of terminal.batches.entries()) {
          const pair = [targets[i % 3]!, targets[(i + 1) % 3]!];
          const answers = await Promise.all(
            pair.map((base) => upload(base, installation.deviceKey, terminal.deviceNo, batch.records)),
          );
          answers.forEach((outcome, j) =>
            outcomes.push({ label: `${terminal.deviceNo} #${batch.number} via ${pair[j]}`, outcome }),
          );
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    const unanswered = outcomes.filter((o) => o.outcome.kind !== 'acknowledged');
    expect(
      unanswered.map((o) => `${o.label}: ${JSON.stringify(o.outcome)}`).slice(0, 5),
      'uploads not acknowledged',
    ).toEqual([]);
    const results = outcomes.flatMap((o) => (o.outcome.kind === 'acknowledged' ? [o.outcome.result] : []));
    const accepted = results.reduce((sum, r) => sum + r.accepted, 0);
    const duplicates = results.reduce((sum, r) => sum + r.duplicates, 0);
    const everyRecord = terminals.flatMap((t) => t.batches.flatMap(keysOf));
    expect(accepted, `accepted over both servers (${duplicates} duplicates)`).toBe(everyRecord.length);
    expect(duplicates, 'duplicates: every record was sent twice').toBe(everyRecord.length);

    const problem = describeAudit(
      auditPunches(
        everyRecord,
        await storedPunches(
          installation.databaseUrl,
          terminals.map((t) => t.deviceNo),
        ),
      ),
      'records',
    );
    expect(problem, problem).toBe('');
    console.log(
      `Scale-out: ${everyRecord.length} records from ${TERMINALS} terminals sent twice each at once over servers A, B ` +
        `and nginx in ${seconds.toFixed(1)} s (${Math.round((2 * everyRecord.length) / seconds)} records/s offered): ` +
        `${accepted} accepted, ${duplicates} duplicates, 0 lost, 0 doubled`,
    );
  });
});
