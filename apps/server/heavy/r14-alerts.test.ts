import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/api.js';
import { deliveryIsGenuine } from '../src/domain/webhook-signature.js';
import { AlertStream, eventually } from '../src/test/alert-stream-client.js';
import { Installation } from './support/installation.js';
import type { ServerProcess } from './support/server-process.js';
import { upload } from './support/terminal.js';

/**
 * QUALITY.md R14, an alert is raised once and delivered: two real servers on one PostgreSQL, and a restart between.
 * Alerts raised by uploads on either server reach the console streams in scope on both within 2 s (LISTEN/NOTIFY),
 * a sibling enterprise's stream never; each alert exists once however often its cause is sent again; a webhook
 * receiver that fails twice then answers 200 sees one idempotency key, a valid signature (`t=…,v1=…`), and nothing
 * in the 30 s after. A sibling enterprise's streams stay open on both servers, before and after the restart (R20).
 * Counted in PostgreSQL directly, outside the servers.
 */
const ALLOW = { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' };
const SECRET = 'r14-secret';
let installation: Installation;
let serverA: ServerProcess;
let serverB: ServerProcess;
let receiver: Server;
let hookUrl = '';
const hits: { key: string; signature: string; body: string; at: number }[] = [];
/** The receiver fails the first two tries of each alert, then answers 200. */
const FAILURES_PER_ALERT = 2;

/** `YYYY-MM-DD HH:mm:ss` in Shanghai, `ms` from now. */
const shanghai = (ms: number) => new Date(Date.now() + ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: installation.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** An enterprise under the operator with its admin, and a terminal of it; answers the admin's client. */
async function enterprise(admin: ConsoleClient, name: string, deviceNo: string): Promise<ConsoleClient> {
  const hold = await admin.data<{ hold_id: number }>('POST', '/HoldInfo/SaveHoldInfo', {
    hold_id: 0,
    hold_name: name,
    hold_type: 2,
    parent_hold_id: 1,
    user_name: `${deviceNo.toLowerCase()}_admin`,
    user_password: 'Enterprise-2026',
    true_name: `${name}管理员`,
  });
  await admin.data('POST', '/DeviceInfo/SaveDeviceInfo', {
    object_id: 0,
    hold_id: hold.hold_id,
    device_no: deviceNo,
    object_name: `${name}终端`,
  });
  return new ConsoleClient(admin.base).logIn(`${deviceNo.toLowerCase()}_admin`, 'Enterprise-2026');
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hits.push({
        key: String(request.headers['idempotency-key']),
        signature: String(request.headers['x-guardtour-signature']),
        body,
        at: Date.now(),
      });
      const tries = hits.filter((hit) => hit.key === String(request.headers['idempotency-key'])).length;
      response.statusCode = tries <= FAILURES_PER_ALERT ? 500 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/r14`;
  installation = await Installation.create();
  [serverA, serverB] = await Promise.all([
    installation.startServer(undefined, ALLOW),
    installation.startServer(undefined, ALLOW),
  ]);
}, 180_000);

afterAll(async () => {
  await installation?.dispose();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('R14: an alert is raised once and delivered, over two servers and a restart', () => {
  it('reaches streams in scope on both servers within 2 s, never a sibling’s; exists once; one webhook key', async () => {
    const root = await new ConsoleClient(serverA.url).logIn();
    const east = await enterprise(root, '东区物业', 'R14-EAST');
    const west = await enterprise(root, '西区物业', 'R14-WEST');
    const hook = await east.data<{ hook_id: number }>('POST', '/Webhook/Save', {
      hook_id: 0,
      hold_id: 0,
      name: '东区值班群',
      url: hookUrl,
      format: 'json',
      secret: SECRET,
      kinds: [3, 4],
      enabled: true,
    });
    expect(hook.hook_id).toBeGreaterThan(0);

    const eastOnA = await AlertStream.open(serverA.url, east.token);
    const eastOnB = await AlertStream.open(serverB.url, new ConsoleClient(serverB.url, east.token).token);
    // The sibling enterprise listens on both servers for the whole run, before and after the restart (R20).
    const westOnA = await AlertStream.open(serverA.url, west.token);
    const westOnB = await AlertStream.open(serverB.url, west.token);
    const rootOnB = await AlertStream.open(serverB.url, root.token);

    // 时钟异常, raised by an upload through server A in its transaction.
    const ahead = [{ patrol_sn: 'R14-CARD-1', punch_time: shanghai(20 * 60_000) }];
    const sent = Date.now();
    const first = await upload(serverA.url, installation.deviceKey, 'R14-EAST', ahead);
    expect(first.kind, JSON.stringify(first)).toBe('acknowledged');
    const [clock] = await query<{ alert_id: string; raised_time: Date }>(
      "select alert_id, raised_time from alert where kind = 3 and device_no = 'R14-EAST'",
    );
    expect(clock, 'the upload raised 时钟异常').toBeDefined();
    const id = Number(clock!.alert_id);
    for (const [name, stream] of [
      ['east on A', eastOnA],
      ['east on B', eastOnB],
      ['operator on B', rootOnB],
    ] as const) {
      const at = await eventually(2_000, `${name} receives alert ${id}`, () => stream.arrival(id));
      expect(at - sent, `${name}: from the upload to the stream`).toBeLessThan(2_000);
    }

    // A restart of server B between: streams on it end, the console opens them again.
    await serverB.stop();
    serverB = await installation.startServer(undefined, ALLOW);
    const eastOnNewB = await AlertStream.open(serverB.url, east.token);
    const westOnNewB = await AlertStream.open(serverB.url, west.token);
    // The same cause sent again through the new server, and a proxy punch burst: one more alert, not two.
    const again = await upload(serverB.url, installation.deviceKey, 'R14-EAST', ahead);
    expect(again.kind).toBe('acknowledged');
    const burst = [1, 2, 3].map((n) => ({ patrol_sn: `R14-CARD-${n}`, punch_time: shanghai(-60_000 + n * 10_000) }));
    const bunched = await upload(serverB.url, installation.deviceKey, 'R14-EAST', burst);
    expect(bunched.kind).toBe('acknowledged');
    await upload(serverA.url, installation.deviceKey, 'R14-EAST', burst);
    const proxy = await eventually(5_000, 'the 疑似代打 alert', async () => {
      const [row] = await query<{ alert_id: string }>('select alert_id from alert where kind = 4');
      return row ? Number(row.alert_id) : undefined;
    });
    await eventually(2_000, 'east on the restarted B receives 疑似代打', () => eastOnNewB.arrival(proxy));
    await eventually(2_000, 'east on A receives 疑似代打', () => eastOnA.arrival(proxy));

    const counts = await query<{ kind: number; n: string }>('select kind, count(*) as n from alert group by kind');
    expect(Object.fromEntries(counts.map((c) => [c.kind, Number(c.n)]))).toEqual({ 3: 1, 4: 1 });
    const twice = await query('select kind, subject from alert group by kind, subject having count(*) > 1');
    expect(twice).toEqual([]);
    // The sibling enterprise's streams got nothing at all, on either server; the operator's got both.
    for (const sibling of [westOnA, westOnB, westOnNewB]) expect(sibling.received).toEqual([]);
    await eventually(2_000, 'the operator’s stream on B (before the restart) had the first', () => rootOnB.arrival(id));

    // The webhook: two failures, then 200; back-off 5 s and 15 s between the tries.
    await eventually(60_000, 'a 2xx for both alerts', () =>
      hits.filter((h) => h.key === String(id)).length >= 3 ? true : undefined,
    ).catch(async (error: Error) => {
      const outbox = await query('select * from webhook_delivery');
      const tried = await query('select * from webhook_try');
      throw new Error(
        `${error.message}; hits ${JSON.stringify(hits)}; outbox ${JSON.stringify(outbox)}; tries ${JSON.stringify(tried)}; A ${serverA.log}; B ${serverB.log}`,
      );
    });
    await eventually(30_000, 'the 疑似代打 delivery', () =>
      hits.filter((h) => h.key === String(proxy)).length >= 3 ? true : undefined,
    );
    // Watched for 30 s after the last 2xx: nothing more may come (R20).
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    for (const sibling of [westOnA, westOnB, westOnNewB]) expect(sibling.received).toEqual([]);
    const forClock = hits.filter((h) => h.key === String(id));
    expect(forClock, 'the receiver saw the 时钟异常 alert fail twice, answered once, nothing after').toHaveLength(3);
    expect(hits.filter((h) => h.key === String(proxy))).toHaveLength(3);
    expect(new Set(hits.map((h) => h.key))).toEqual(new Set([String(id), String(proxy)]));
    for (const hit of hits) {
      expect(deliveryIsGenuine(hit.signature, hit.body, SECRET, Math.floor(Date.now() / 1000))).toBe(true);
    }
    expect(forClock[0]!.at - sent, 'the first try leaves within 10 s of the alert').toBeLessThan(10_000);
    const tries = await query<{ try_no: number; status: number }>(
      'select try_no, status from webhook_try where alert_id = $1 order by try_no',
      [id],
    );
    expect(tries.map((t) => [t.try_no, t.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    for (const stream of [eastOnA, eastOnB, westOnA, westOnB, rootOnB, eastOnNewB, westOnNewB]) stream.close();
    expect(serverA.running, serverA.log).toBe(true);
  }, 240_000);
});
