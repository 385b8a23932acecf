import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/api.js';
import { AlertStream, eventually } from '../src/test/alert-stream-client.js';
import { Installation } from './support/installation.js';
import type { ServerProcess } from './support/server-process.js';

/**
 * QUALITY.md R14 for 紧急求助 (SAFETY.md): two real servers on one PostgreSQL. A guard's SOS sent through server B
 * reaches every console stream in scope on both servers within 2 s, a sibling enterprise's never; sent again (a lost
 * answer) through server A it stays one alert; 已响应 pressed on server A reaches the streams on B, and the guard
 * reads it through B.
 */
let installation: Installation;
let serverA: ServerProcess;
let serverB: ServerProcess;
const PASSWORD = 'Enterprise-2026';

const shanghai = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: installation.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function enterprise(
  root: ConsoleClient,
  name: string,
  admin: string,
): Promise<{ holdId: number; client: ConsoleClient }> {
  const hold = await root.data<{ hold_id: number }>('POST', '/HoldInfo/SaveHoldInfo', {
    hold_id: 0,
    hold_name: name,
    hold_type: 2,
    parent_hold_id: 1,
    user_name: admin,
    user_password: PASSWORD,
    true_name: `${name}值班长`,
  });
  return { holdId: hold.hold_id, client: await new ConsoleClient(root.base).logIn(admin, PASSWORD) };
}

beforeAll(async () => {
  installation = await Installation.create();
  [serverA, serverB] = await Promise.all([installation.startServer(), installation.startServer()]);
}, 180_000);

afterAll(async () => {
  await installation?.dispose();
});

describe('R14: 紧急求助 over two servers', () => {
  it('reaches every console in scope on both servers within 2 s, none outside; one alert; 已响应 across', async () => {
    const root = await new ConsoleClient(serverA.url).logIn();
    const east = await enterprise(root, '东区物业', 'sos_east_admin');
    const west = await enterprise(root, '西区物业', 'sos_west_admin');
    await east.client.data('POST', '/HoldInfo/SaveAccount', {
      user_id: 0,
      hold_id: east.holdId,
      user_name: 'sos_night_guard',
      user_password: PASSWORD,
      true_name: '夜班王',
      role_id: 3,
    });
    const guard = new ConsoleClient(serverB.url);
    const login = await guard.call<{ token: string }>('POST', '/UserInfo/Login_Web', {
      user_name: 'sos_night_guard',
      user_password: PASSWORD,
      client: 'app',
    });
    guard.token = login.data.token;
    const phone = await guard.data<{ device_no: string }>('POST', '/Terminal/RegisterApp', {
      app_id: 'r14-sos-phone-0000001',
    });

    const streams = {
      eastOnA: await AlertStream.open(serverA.url, east.client.token),
      eastOnB: await AlertStream.open(serverB.url, east.client.token),
      rootOnB: await AlertStream.open(serverB.url, root.token),
      westOnA: await AlertStream.open(serverA.url, west.client.token),
      westOnB: await AlertStream.open(serverB.url, west.client.token),
    };

    const body = { device_no: phone.device_no, time: shanghai(), sos_id: 'r14-sos-press-1', lat: 31.23, lng: 121.47 };
    const sent = Date.now();
    const answer = await guard.data<{ alert_id: number; state: number }>('POST', '/Terminal/Sos', body);
    for (const name of ['eastOnA', 'eastOnB', 'rootOnB'] as const) {
      const at = await eventually(2_000, `${name} receives the SOS`, () => streams[name].arrival(answer.alert_id));
      expect(at - sent, `${name}: from the press to the stream`).toBeLessThan(2_000);
    }
    // Resent through the other server after a lost answer: the same one alert.
    const again = await new ConsoleClient(serverA.url, guard.token).data<{ alert_id: number }>(
      'POST',
      '/Terminal/Sos',
      body,
    );
    expect(again.alert_id).toBe(answer.alert_id);
    expect(await query<{ n: string }>('select count(*) as n from alert where kind = 8')).toEqual([{ n: '1' }]);

    // 已响应 on server A: the guard reads it through B.
    await east.client.data('POST', '/Alert/Respond', { alert_id: answer.alert_id });
    const state = await eventually(2_000, 'the guard reads 已响应', async () => {
      const reply = await guard.data<{ state: number; responded_by: string }>(
        'GET',
        `/Terminal/SosState?alert_id=${answer.alert_id}`,
      );
      return reply.state === 1 ? reply : undefined;
    });
    expect(state.responded_by).toBe('东区物业值班长');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(streams.westOnA.received).toEqual([]);
    expect(streams.westOnB.received).toEqual([]);
    for (const stream of Object.values(streams)) stream.close();
  }, 120_000);
});
