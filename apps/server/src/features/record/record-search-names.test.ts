import { beforeAll, describe, expect, it } from 'vitest';
import type { PunchRow } from '@guard-tour/contract';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/**
 * Device and account keywords first find the devices and accounts punches carry (`punch_device`, `punch_person`,
 * kept by triggers): every punch must still be found by the names it carries, after a device or an account is
 * renamed.
 */
const h = useHarness();
let w: World;
let deviceId = 0;
let userId = 0;

async function upload(at: string) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: { device_no: 'NAME-DEV', records: [{ patrol_sn: 'NAME-CARD', punch_time: at, user_name: 'name_guard' }] },
  });
  expect(response.json()).toMatchObject({ code: 200, data: { accepted: 1 } });
}

async function found(searchType: string, key: string) {
  const reply = await h.post<PunchRow[]>(
    '/PatrolClockIn/GetPatrolClockInList',
    { time_range: 3, search_type: searchType, key, PageIndex: 1, PageSize: 50 },
    w.a.token,
  );
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.map((row) => row.create_htime).sort();
}

beforeAll(async () => {
  h.clock.set('2026-11-20T02:00:00Z');
  w = await buildWorld(h);
  const device = await h.post<{ object_id: number }>(
    '/DeviceInfo/SaveDeviceInfo',
    { object_id: 0, hold_id: w.a.holdId, device_no: 'NAME-DEV', object_name: '旧名机' },
    w.a.token,
  );
  expect(device.code, device.msg).toBe(200);
  deviceId = device.data.object_id;
  const account = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'name_guard', user_password: PASSWORD, true_name: '赵旧' },
    w.a.token,
  );
  expect(account.code, account.msg).toBe(200);
  userId = account.data.user_id;
  await upload('2026-11-20 08:00:00');
  expect(
    await h.post(
      '/DeviceInfo/SaveDeviceInfo',
      { object_id: deviceId, hold_id: w.a.holdId, device_no: 'NAME-DEV', object_name: '新名机' },
      w.a.token,
    ),
  ).toMatchObject({ code: 200 });
  expect(
    await h.post(
      '/HoldInfo/SaveAccount',
      { user_id: userId, hold_id: w.a.holdId, user_name: 'name_guard', true_name: '赵新' },
      w.a.token,
    ),
  ).toMatchObject({ code: 200 });
  await upload('2026-11-20 09:00:00');
});

describe('device and account keywords after renames', () => {
  it('find each punch by the device name and account name it carries, and both by number and login', async () => {
    expect(await found('device_no', '旧名')).toEqual(['08:00:00']);
    expect(await found('device_no', '新名')).toEqual(['09:00:00']);
    expect(await found('device_no', 'name-dev')).toEqual(['08:00:00', '09:00:00']);
    expect(await found('account', '赵旧')).toEqual(['08:00:00']);
    expect(await found('account', '赵新')).toEqual(['09:00:00']);
    expect(await found('account', 'NAME_GUARD')).toEqual(['08:00:00', '09:00:00']);
    expect(await found('device_no', '无此机')).toEqual([]);
  });
});
