import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ConsoleClient } from './support/api.js';
import { CHINESE, envelopeOf, exchange } from './support/http.js';
import { Installation } from './support/installation.js';
import type { ServerProcess } from './support/server-process.js';

/**
 * A server of several processes (issue 36, WORKERS): the primary migrates and seeds, then its workers serve the one
 * port, each with its own pool; what must hold for the server as a whole is kept by the primary.
 */
let installation: Installation;
let server: ServerProcess;
const LOGIN_LIMIT = 6;

/** The processes whose parent is `pid` (the workers of a primary). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The field after the parenthesised name is the state, then the parent's pid.
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A failed login on a connection of its own: the primary hands each new connection to the next worker. */
const failedLogin = (nth: number) =>
  exchange({
    method: 'POST',
    url: `${server.url}${API}/UserInfo/Login_Web`,
    body: { user_name: `nobody${nth}`, user_password: 'wrong-pass-1' },
  }).then((answer) => envelopeOf(answer));

beforeAll(async () => {
  installation = await Installation.create();
  server = await installation.startServer(undefined, { WORKERS: '2', LOGIN_RATE_LIMIT: String(LOGIN_LIMIT) });
});

afterAll(async () => {
  await installation?.dispose();
});

describe('a server of two workers on PostgreSQL', () => {
  it('serves the one port from two processes, with one login and one count of attempts for both', async () => {
    expect(childrenOf(server.pid), 'the primary’s workers').toHaveLength(2);
    // The admin's login is the first attempt from this address of the minute.
    const admin = await new ConsoleClient(server.url).logIn();
    const codes: number[] = [];
    for (let nth = 1; nth <= LOGIN_LIMIT + 1; nth++) codes.push((await failedLogin(nth)).code);
    // Counted by each worker apart, the attempts spread over two would all have been let through.
    expect(codes, 'the attempts’ answers').toEqual([...Array<number>(LOGIN_LIMIT - 1).fill(401), 429, 429]);
    const who = await admin.call<{ userName: string }>('GET', '/UserInfo/checktoken');
    expect(who.code, who.msg).toBe(200);
  });

  it('gives each worker Node’s own young generation, whatever the one-process server is given', () => {
    const lastSemiSpace = (pid: number) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        .split('\0')
        .filter((arg) => arg.startsWith('--max-semi-space-size='))
        .at(-1);
    // Two workers with 64 MB each peaked over P6's 600 MB in exports after P3's load (the sum of the processes).
    for (const pid of childrenOf(server.pid))
      expect(lastSemiSpace(pid), `worker ${pid}`).toBe('--max-semi-space-size=16');
  });

  it('keeps each worker’s allocator at two arenas', () => {
    // With glibc's default, two 1M exports at once after P3's load peaked 80 MB higher (621 against 542 MB).
    for (const pid of childrenOf(server.pid)) {
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment, `worker ${pid}`).toContain('MALLOC_ARENA_MAX=2');
    }
  });

  it('shows the metrics of both workers added up, on whichever worker answers', async () => {
    const counted = async () => {
      const text = (await exchange({ method: 'GET', url: `${server.url}/proxyserver/metrics` })).body.toString();
      const line = text
        .split('\n')
        .find(
          (row) =>
            row.startsWith('http_request_duration_seconds_count{route="/proxyserver/api/UserInfo/Login_Web"') &&
            row.includes('code="429"'),
        );
      return Number(line?.split(' ').at(-1));
    };
    // Asked twice, on new connections: each worker in turn answers with the sum.
    expect([await counted(), await counted()]).toEqual([2, 2]);
  });

  it('starts a worker again when one dies, and stops them all on SIGTERM', async () => {
    const [first] = childrenOf(server.pid);
    process.kill(first!, 'SIGKILL');
    await until(
      () => childrenOf(server.pid).length === 2 && !childrenOf(server.pid).includes(first!),
      'a new worker in the dead one’s place',
    );
    for (let nth = 0; nth < 4; nth++) {
      const answer = await exchange({ method: 'GET', url: `${server.url}${API}/UserInfo/checktoken` });
      expect(envelopeOf(answer).code, `call ${nth + 1} after the restart`).toBe(401);
      expect(envelopeOf(answer).msg).toMatch(CHINESE);
    }
    const workers = childrenOf(server.pid);
    await server.stop();
    expect(server.log, 'the primary ended with code 0').toContain('exited with code 0');
    expect(
      workers.filter((pid) => readdirSync('/proc').includes(String(pid))),
      'workers left running',
    ).toEqual([]);
  });
});
