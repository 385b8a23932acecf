import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, UploadPunchesResult } from '@guard-tour/contract';
import { device, patrolRound, punch } from '../../db/schema.js';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
let east: number;
let deviceId: number;

beforeAll(async () => {
  h.clock.set('2026-11-20T02:00:00Z'); // 10:00 in Shanghai
  w = await buildWorld(h);
  east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'UP-EAST', name: '东门' });
  deviceId = await insertDevice(h.ctx.db, { holdId: w.a1.holdId, deviceNo: '860000000000001', name: '一号巡检机' });
  await h.post(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a1.holdId, user_name: 'up_guard', user_password: PASSWORD, true_name: '钱巡' },
    w.a.token,
  );
  await h.post(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.b.holdId, user_name: 'b_guard', user_password: PASSWORD, true_name: '乙巡' },
    w.b.token,
  );
  const road = await h.post(
    '/RoadInfo/SaveRoadInfoNew',
    { road_id: 0, road_name: '东门线', hold_id: w.a.holdId, patrol_card_ids: [east] },
    w.a.token,
  );
  expect(road.code).toBe(200);
});

async function upload(body: object, key: string | null = DEVICE_KEY): Promise<Envelope<UploadPunchesResult>> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: key === null ? {} : { authorization: `Device ${key}` },
    payload: body,
  });
  return response.json();
}

const stored = () => h.ctx.db.select().from(punch).where(eq(punch.device_no, '860000000000001'));

describe('terminal upload', () => {
  it('needs the device key', async () => {
    expect((await upload({ device_no: '860000000000001', records: [] }, null)).code).toBe(401);
    expect((await upload({ device_no: '860000000000001', records: [] }, 'wrong')).code).toBe(401);
  });

  it('refuses an unregistered device and stores nothing', async () => {
    const reply = await upload({
      device_no: '999',
      records: [{ patrol_sn: 'UP-EAST', punch_time: '2026-11-20 09:00:00' }],
    });
    expect(reply).toMatchObject({ code: 404, msg: '设备未登记：999' });
  });

  it('refuses more than 1,000 records a call', async () => {
    const records = Array.from({ length: 1001 }, (_, i) => ({
      patrol_sn: 'UP-EAST',
      punch_time: `2026-11-19 08:${String(i % 60).padStart(2, '0')}:00`,
    }));
    expect(await upload({ device_no: '860000000000001', records })).toMatchObject({
      code: 400,
      msg: '每次最多上传 1000 条记录',
    });
  });

  it('stores good records with today’s names, reports bad ones, and links the road it checks', async () => {
    const reply = await upload({
      device_no: '860000000000001',
      records: [
        { patrol_sn: 'up-east', punch_time: '2026-11-20 09:00:00', user_name: 'UP_GUARD' },
        { patrol_sn: 'NEW-TAG', punch_time: '2026-11-20T09:05:00+08:00' },
        { patrol_sn: 'UP-EAST', punch_time: '2026-11-20 09:10:00', user_name: 'b_guard' },
        { patrol_sn: 'bad tag!', punch_time: '2026-11-20 09:00:00' },
        { patrol_sn: 'UP-EAST', punch_time: 'yesterday' },
        { punch_time: '2026-11-20 09:00:00' },
      ],
    });
    expect(reply.code).toBe(200);
    expect(reply.data).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: [
        { index: 3, reason: '卡号格式不正确' },
        { index: 4, reason: '打卡时间格式不正确，应为 YYYY-MM-DD HH:mm:ss' },
        { index: 5, reason: '缺少卡号 patrol_sn' },
      ],
    });
    const rows = await stored();
    const first = rows.find((r) => r.punch_time.toISOString() === '2026-11-20T01:00:00.000Z');
    expect(first).toMatchObject({
      patrol_sn: 'UP-EAST',
      patrol_name: '东门',
      location: '东门位置',
      object_name: '一号巡检机',
      user_name: 'up_guard',
      true_name: '钱巡',
      hold_name: '甲一部',
      road_name: '东门线',
    });
    expect(rows.find((r) => r.patrol_sn === 'NEW-TAG')).toMatchObject({ patrol_name: '', patrol_id: null });
    // An account outside the device's organisation is ignored: the punch is kept without one.
    expect(rows.find((r) => r.punch_time.toISOString() === '2026-11-20T01:10:00.000Z')).toMatchObject({
      user_id: null,
      user_name: '',
    });
    const [round] = await h.ctx.db.select().from(patrolRound);
    expect(round?.checked_cards).toEqual([east]);
    const [terminal] = await h.ctx.db.select().from(device).where(eq(device.object_id, deviceId));
    expect(terminal?.last_upload_time).toEqual(h.clock.now());
  });

  it('takes a resent buffer as duplicates, storing nothing twice', async () => {
    const records = [
      { patrol_sn: 'UP-EAST', punch_time: '2026-11-20 09:00:00' },
      { patrol_sn: 'UP-EAST', punch_time: '2026-11-20 09:00:00' },
      { patrol_sn: 'UP-EAST', punch_time: '2026-11-20 09:30:00' },
    ];
    const before = (await stored()).length;
    expect((await upload({ device_no: '860000000000001', records })).data).toEqual({
      accepted: 1,
      duplicates: 2,
      rejected: [],
    });
    expect((await upload({ device_no: '860000000000001', records })).data).toEqual({
      accepted: 0,
      duplicates: 3,
      rejected: [],
    });
    expect((await stored()).length).toBe(before + 1);
  });

  it('refuses punch times a day ahead of the server', async () => {
    const reply = await upload({
      device_no: '860000000000001',
      records: [{ patrol_sn: 'UP-EAST', punch_time: '2026-11-25 09:00:00' }],
    });
    expect(reply.data.rejected).toEqual([{ index: 0, reason: '打卡时间超出合理范围，请检查终端时钟' }]);
  });
});
