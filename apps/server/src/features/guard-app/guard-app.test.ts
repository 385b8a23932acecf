import { beforeAll, describe, expect, it } from 'vitest';
import type { AppRound, EventRow, PunchRow, RegisteredApp, UploadPunchesResult } from '@guard-tour/contract';
import { insertCard } from '../../test/fixtures.js';
import { useHarness } from '../../test/harness.js';
import { tempDataDir } from '../../test/uploads.js';
import { TINY_PNG } from '../../test/victims.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/**
 * The guard app's calls (GUARD-APP.md): a phone registered once, today's rounds of its account, punches through
 * the terminals' upload with the caller as the account, photos checked by their bytes and shown within scope,
 * 事件记录.
 */
const h = useHarness({ dataDir: tempDataDir(), publicUrl: 'https://patrol.example.com' });
let w: World;
let guard = '';
let phone: RegisteredApp;
const cards = { east: 0, west: 0 };
let roadId = 0;
const APP_ID = 'phone-0123456789abcdef';

async function uploadPhoto(token: string, bytes: Buffer, name = 'shot.png') {
  const boundary = '----guardapp';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPhoto',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return response.json() as { code: number; msg: string; data: { photo_id: number } | null };
}

const punches = (token: string, body: object) =>
  h.post<UploadPunchesResult>('/Terminal/AppPunches', { device_no: phone.device_no, ...body }, token);

beforeAll(async () => {
  h.clock.set('2026-11-20T02:00:00Z'); // 10:00 in Shanghai
  w = await buildWorld(h);
  cards.east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'APP-EAST', name: '东门' });
  cards.west = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'APP-WEST', name: '西门' });
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a1.holdId, user_name: 'app_guard', user_password: PASSWORD, true_name: '钱巡' },
    w.a.token,
  );
  expect(saved.code).toBe(200);
  guard = await h.login({ user_name: 'app_guard', user_password: PASSWORD });
  // A road of A walked by the guard, 08:00–18:00 every day.
  const road = await h.post(
    '/PatrolRoad/SaveRoadInfo',
    {
      road_id: 0,
      road_name: '早班线',
      hold_id: w.a.holdId,
      user_id_list: [saved.data.user_id],
      card_id_list: [cards.east, cards.west],
      cycle_repeat_type: 1,
      start_time: '08:00',
      end_time: '18:00',
    },
    w.a.token,
  );
  expect(road.code, road.msg).toBe(200);
  roadId = (road.data as { road_id: number }).road_id;
});

describe('registering a phone', () => {
  it('makes it a 手机 terminal of the account’s organisation, once per app id', async () => {
    const first = await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: APP_ID }, guard);
    expect(first).toMatchObject({ code: 200, data: { device_no: `APP-${APP_ID.toUpperCase()}` } });
    phone = first.data;
    const again = await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: APP_ID }, guard);
    expect(again.data).toEqual(phone);
    const listed = await h.post<{ device_no: string; object_type: number; object_name: string }[]>(
      '/DeviceInfo/SearchDeviceList',
      { HoldID: w.a1.holdId, PageIndex: 1, PageSize: 50 },
      w.a.token,
    );
    expect(listed.data.find((d) => d.device_no === phone.device_no)).toMatchObject({
      object_type: 2,
      object_name: '钱巡的手机',
    });
  });

  it('refuses a bad app id, and one registered in another enterprise', async () => {
    expect(await h.post('/Terminal/RegisterApp', { app_id: 'short' }, guard)).toMatchObject({
      code: 400,
      msg: '手机标识格式不正确（16-28位字母、数字、-、_）',
    });
    expect(await h.post('/Terminal/RegisterApp', { app_id: APP_ID }, w.b.token)).toMatchObject({
      code: 409,
      msg: '该手机已登记在其他组织，请联系管理员',
    });
  });
});

describe('walking a round with the phone', () => {
  it('lists today’s rounds with their points in order, none checked yet', async () => {
    const reply = await h.get<AppRound[]>('/Terminal/AppRounds', {}, guard);
    expect(reply.code, reply.msg).toBe(200);
    const round = reply.data.find((r) => r.road_name === '早班线');
    expect(round?.points.map((p) => [p.patrol_sn, p.checked_time])).toEqual([
      ['APP-EAST', null],
      ['APP-WEST', null],
    ]);
  });

  it('adds the rounds of a task bound to the phone asking, under the task’s name, and to no one else', async () => {
    const task = await h.post<{ task_id: number }>(
      '/RoadTask/SaveRoadTask',
      {
        task_id: 0,
        hold_id: w.a.holdId,
        task_name: '手机午巡',
        road_id: roadId,
        object_id: phone.object_id,
        cycle_repeat_mode: 2,
        start_time: '12:00',
        end_time: '13:00',
      },
      w.a.token,
    );
    expect(task.code, task.msg).toBe(200);
    // Rounds are made by the sweep, at most a minute after a task is saved.
    h.clock.set('2026-11-20T02:02:00Z');
    const names = async (query: Record<string, string>) =>
      (await h.get<AppRound[]>('/Terminal/AppRounds', query, guard)).data.map((r) => r.road_name);
    expect(await names({ device_no: phone.device_no })).toEqual(['早班线', '手机午巡']);
    // Without naming the phone: the roads only. Naming a number that is not this session's phone is refused.
    expect(await names({})).toEqual(['早班线']);
    expect(await h.get('/Terminal/AppRounds', { device_no: 'APP-NOT-A-PHONE' }, guard)).toMatchObject({
      code: 403,
      msg: '只能使用本机上传',
    });
    expect(await h.get('/Terminal/AppRounds', { device_no: phone.device_no }, w.b.token)).toMatchObject({
      code: 403,
      data: null,
    });
    expect(await h.post('/RoadTask/RemoveRoadTask', { task_ids: [task.data.task_id] }, w.a.token)).toMatchObject({
      code: 200,
    });
    h.clock.set('2026-11-20T02:00:00Z');
  });

  it('stores punches with the caller as the account, a note and photos, once however often sent', async () => {
    const photo = await uploadPhoto(guard, TINY_PNG);
    expect(photo.code, photo.msg).toBe(200);
    const batch = {
      records: [
        { patrol_sn: 'APP-EAST', punch_time: '2026-11-20 09:30:00', user_name: 'someone_else' },
        {
          patrol_sn: 'APP-WEST',
          punch_time: '2026-11-20 09:40:00',
          note: '西门灯坏了',
          photo_ids: [photo.data!.photo_id],
        },
      ],
    };
    expect((await punches(guard, batch)).data).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    expect((await punches(guard, batch)).data).toEqual({ accepted: 0, duplicates: 2, rejected: [] });
    const rows = await h.post<PunchRow[]>(
      '/PatrolClockIn/GetPatrolClockInList',
      { time_range: 1, PageIndex: 1, PageSize: 10, search_type: 'device_no', key: phone.device_no },
      w.a.token,
    );
    expect(rows.data.map((r) => [r.patrol_sn, r.user_name, r.note, r.photo_ids])).toEqual([
      ['APP-WEST', 'app_guard', '西门灯坏了', [photo.data!.photo_id]],
      ['APP-EAST', 'app_guard', '', []],
    ]);
    const rounds = await h.get<AppRound[]>('/Terminal/AppRounds', {}, guard);
    expect(rounds.data.find((r) => r.road_name === '早班线')!.points.map((p) => p.checked_time)).toEqual([
      '2026-11-20 09:30:00',
      '2026-11-20 09:40:00',
    ]);
    const events = await h.post<EventRow[]>(
      '/Event/List',
      { start_date: '2026-11-20', end_date: '2026-11-20', PageIndex: 1, PageSize: 10 },
      w.a.token,
    );
    expect(events.data).toEqual([
      expect.objectContaining({
        patrol_sn: 'APP-WEST',
        note: '西门灯坏了',
        true_name: '钱巡',
        photo_ids: [photo.data!.photo_id],
      }),
    ]);
    expect((await h.post('/Event/List', { start_date: '2026-11-20', end_date: '2026-11-20' }, w.b.token)).total).toBe(
      0,
    );
  });

  it('shows a photo to the accounts whose scope covers its punch only', async () => {
    const [event] = (
      await h.post<EventRow[]>('/Event/List', { start_date: '2026-11-20', end_date: '2026-11-20' }, w.a.token)
    ).data;
    const photoId = event!.photo_ids[0]!;
    const get = (token: string) =>
      h.app.inject({
        method: 'GET',
        url: `/proxyserver/api/Terminal/Photo?photo_id=${photoId}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const mine = await get(w.a.token);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await get(w.b.token)).json()).toMatchObject({ code: 404, msg: '照片不存在或已删除' });
  });

  it('refuses photos that are not images or too large, another phone, and a photo that does not exist', async () => {
    expect(await uploadPhoto(guard, Buffer.from('<?php echo 1; ?> not an image at all'))).toMatchObject({
      code: 400,
      msg: '只能上传 JPEG、PNG 或 WebP 图片',
    });
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await uploadPhoto(guard, big)).toMatchObject({ code: 400, msg: '照片不能超过2M' });
    const reply = await punches(guard, {
      records: [{ patrol_sn: 'APP-EAST', punch_time: '2026-11-20 09:50:00', photo_ids: [987_654_321] }],
    });
    expect(reply.data).toEqual({ accepted: 0, duplicates: 0, rejected: [{ index: 0, reason: '照片不存在或已删除' }] });
    expect(await h.post('/Terminal/AppPunches', { device_no: 'RPT-NOT-A-PHONE', records: [] }, guard)).toMatchObject({
      code: 403,
      msg: '只能使用本机上传',
    });
    expect(await punches(w.b.token, { records: [] })).toMatchObject({ code: 403 });
    const tooMany = await punches(guard, { records: Array.from({ length: 1001 }, () => ({})) });
    expect(tooMany).toMatchObject({ code: 400, msg: '每次最多上传 1000 条记录' });
  });

  it('tells labels where the app lives', async () => {
    expect((await h.get<{ url: string }>('/Terminal/AppAddress', {}, w.a.token)).data).toEqual({
      url: 'https://patrol.example.com/m/',
    });
  });
});
