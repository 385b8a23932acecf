import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';

import { sql } from 'drizzle-orm';
import { API_PREFIX } from './app.js';
import { queryRows } from './db/sql.js';
import { DEVICE_KEY, useHarness } from './test/harness.js';
import { ROUTE_TABLE, type Victim } from './test/isolation-probes.js';
import { tempDataDir, uploadOne } from './test/uploads.js';
import { PASSWORD, buildWorld, type Tenant, type World } from './test/world.js';

/**
 * QUALITY.md R1: no account ever reads or changes another organisation's data. Generated from the
 * server's own route table: every route × (a sibling enterprise, a department reaching for its parent).
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
const victims = new Map<number, Victim>();

async function victimOf(tenant: Tenant, parentId: number, name: string): Promise<Victim> {
  const user = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    {
      user_id: 0,
      hold_id: tenant.holdId,
      user_name: `${tenant.admin}_guard`,
      user_password: PASSWORD,
      true_name: `${name}巡检员`,
    },
    w.root,
  );
  const tag = tenant.admin.toUpperCase().replace(/_/g, '-');
  const device = await h.post<{ object_id: number }>(
    '/DeviceInfo/SaveDeviceInfo',
    { object_id: 0, hold_id: tenant.holdId, device_no: `${tag}-DEV`, object_name: `${name}终端` },
    w.root,
  );
  const card = await h.post<{ patrol_id: number }>(
    '/PatrolCard/SaveInfo',
    { patrol_id: 0, hold_id: tenant.holdId, patrol_sn: `${tag}-CARD`, patrol_name: `${name}巡检点` },
    w.root,
  );
  const sheet = await readFile(new URL('./features/device/fixtures/devices-libreoffice.xlsx', import.meta.url));
  const road = await h.post<{ road_id: number }>(
    '/RoadInfo/SaveRoadInfoNew',
    { road_id: 0, hold_id: tenant.holdId, road_name: `${name}线路`, patrol_card_ids: [card.data.patrol_id] },
    w.root,
  );
  const task = await h.post<{ task_id: number }>(
    '/RoadTask/SaveRoadTask',
    {
      task_id: 0,
      hold_id: tenant.holdId,
      task_name: `${name}任务`,
      road_id: road.data.road_id,
      object_id: device.data.object_id,
      cycle_repeat_mode: 2,
    },
    w.root,
  );
  expect([road.code, task.code], `${name}: road ${road.msg}, task ${task.msg}`).toEqual([200, 200]);
  // A punch of its device at its point, so that every record list and export has the victim's names to leak.
  const punched = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: {
      device_no: `${tag}-DEV`,
      records: [{ patrol_sn: `${tag}-CARD`, punch_time: '2026-11-20 09:00:00', user_name: `${tenant.admin}_guard` }],
    },
  });
  expect(punched.json(), `${name}: punch upload`).toMatchObject({ code: 200, data: { accepted: 1 } });
  return {
    holdId: tenant.holdId,
    parentId,
    holdName: name,
    adminName: tenant.admin,
    userId: user.data.user_id,
    userName: `${tenant.admin}_guard`,
    deviceId: device.data.object_id,
    deviceNo: `${tag}-DEV`,
    cardId: card.data.patrol_id,
    cardSn: `${tag}-CARD`,
    uploadPath: await uploadOne(h, tenant.token, 'devices.xlsx', sheet),
    roadId: road.data.road_id,
    taskId: task.data.task_id,
  };
}

/** Everything stored about a victim's subtree, to prove the attacks changed nothing. */
async function snapshot(holdId: number): Promise<string> {
  const subtree = sql`select hold_id from hold where path like '%/' || ${holdId}::text || '/%'`;
  const rows = await queryRows(
    h.ctx.db,
    sql`select h.hold_id, h.hold_name, h.hold_type, h.path, h.vip_end_time, h.deleted_at,
          a.user_id, a.user_name, a.password_hash, a.hold_id as account_hold, a.deleted_at as account_deleted
        from hold h left join account a on a.hold_id = h.hold_id
        where h.path like '%/' || ${holdId}::text || '/%' order by h.hold_id, a.user_id`,
  );
  const devices = await queryRows(h.ctx.db, sql`select * from device where hold_id in (${subtree}) order by object_id`);
  const cards = await queryRows(
    h.ctx.db,
    sql`select * from patrol_card where hold_id in (${subtree}) order by patrol_id`,
  );
  const roads = await queryRows(
    h.ctx.db,
    sql`select r.*, array(select patrol_id from road_card c where c.road_id = r.road_id order by position) as cards,
          array(select user_id from road_account a where a.road_id = r.road_id order by user_id) as accounts
        from road r where hold_id in (${subtree}) order by road_id`,
  );
  const tasks = await queryRows(h.ctx.db, sql`select * from task where hold_id in (${subtree}) order by task_id`);
  return JSON.stringify([rows, devices, cards, roads, tasks]);
}

beforeAll(async () => {
  w = await buildWorld(h);
  victims.set(w.a.holdId, await victimOf(w.a, 1, '甲企业'));
  victims.set(w.b.holdId, await victimOf(w.b, 1, '乙企业'));
  victims.set(w.a1.holdId, await victimOf(w.a1, w.a.holdId, '甲一部'));
});

function split(key: string): { method: string; path: string } {
  const [method = '', path = ''] = key.split(' ');
  return { method, path };
}

async function call(key: string, input: Record<string, unknown>, token: string) {
  const { method, path } = split(key);
  if (method === 'GET') return h.get(path, input as Record<string, string | number>, token);
  return h.post(path, input, token);
}

describe('the isolation matrix', () => {
  it('covers every route the server registers', () => {
    const registered = h.app.apiRoutes.map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`);
    const missing = registered.filter((key) => !(key in ROUTE_TABLE));
    expect(missing, 'routes without an isolation probe in test/isolation-probes.ts').toEqual([]);
    const stale = Object.keys(ROUTE_TABLE).filter((key) => !registered.includes(key));
    expect(stale, 'probes for routes that no longer exist').toEqual([]);
  });

  const scenarios = [
    { name: 'a sibling enterprise', attacker: () => w.a, victim: () => w.b },
    { name: 'a department reaching for its parent', attacker: () => w.a1, victim: () => w.a },
    { name: 'an enterprise reaching into another enterprise’s department', attacker: () => w.b, victim: () => w.a1 },
  ];

  for (const scenario of scenarios) {
    it(`refuses ${scenario.name} on every route, and changes nothing`, async () => {
      const attacker = scenario.attacker();
      const victim = victims.get(scenario.victim().holdId)!;
      const before = await snapshot(victim.holdId);
      const leaks: string[] = [];
      for (const [key, entry] of Object.entries(ROUTE_TABLE)) {
        if (entry.kind === 'public' || (entry.kind === 'self' && !entry.call)) continue;
        const probes = entry.kind === 'self' ? [{ input: () => ({}) }] : entry.probes;
        for (const probe of probes) {
          const reply = await call(key, probe.input(victim, victims.get(attacker.holdId)!), attacker.token);
          const text = JSON.stringify(reply.data ?? null);
          if (entry.kind === 'scoped' && ![403, 404].includes(reply.code))
            leaks.push(`${key} answered ${reply.code} ${reply.msg}`);
          for (const secret of [victim.holdName, victim.userName, victim.deviceNo, victim.cardSn]) {
            if (text.includes(secret)) leaks.push(`${key} revealed ${secret}`);
          }
        }
      }
      expect(leaks).toEqual([]);
      expect(await snapshot(victim.holdId)).toBe(before);
    });
  }

  it('still lets a parent read its department (the matrix is not vacuous)', async () => {
    const victim = victims.get(w.a1.holdId)!;
    for (const [key, entry] of Object.entries(ROUTE_TABLE)) {
      if (entry.kind !== 'scoped' || (split(key).method !== 'GET' && !key.includes('List'))) continue;
      const reply = await call(key, entry.probes[0]!.input(victim, victims.get(w.a.holdId)!), w.a.token);
      expect(reply.code, `${key}: ${reply.msg}`).toBe(200);
    }
  });
});
