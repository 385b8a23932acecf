import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertRow,
  AlertSettings,
  CardRow,
  CheckInAnswer,
  LearnedPosition,
  PunchRow,
  RegisteredApp,
  SosAnswer,
  SosStateAnswer,
  UploadPunchesResult,
} from '@guard-tour/contract';
import { buildApp } from '../../app.js';
import type { AppContext } from '../../context.js';
import { northOf } from '../../domain/position.js';
import { TestClock, useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { raiseMissedCheckIns } from './check-in.service.js';

/**
 * A guard alone at night (SAFETY.md): an SOS that is one alert however often it is resent, 已响应 seen by the
 * guard, 未报平安 once per missed interval across two servers, a punch 300 m from its point flagged and alerted
 * once per round and device, and the bad inputs refused with nothing changed.
 */
const h = useHarness();
let w: World;
let guard = '';
let other = '';
let phone: RegisteredApp;
let otherPhone: RegisteredApp;
let cardId = 0;
const POINT = { lat: 31.2304, lng: 121.4737 };
let second: { app: FastifyInstance; ctx: AppContext; clock: TestClock };

const sh = (local: string) => new Date(`${local.replace(' ', 'T')}+08:00`);

async function appLogin(user_name: string): Promise<string> {
  const reply = await h.post<{ token: string }>('/UserInfo/Login_Web', {
    user_name,
    user_password: PASSWORD,
    client: 'app',
  });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.token;
}

const userIds: Record<string, number> = {};

async function newGuard(user_name: string, true_name: string): Promise<string> {
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a1.holdId, user_name, user_password: PASSWORD, true_name, role_id: 3 },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  userIds[user_name] = saved.data.user_id;
  return appLogin(user_name);
}

const alertsOf = async (kind: number, token = w.a.token) =>
  (await h.post<AlertRow[]>('/Alert/List', { kind, PageIndex: 1, PageSize: 100 }, token)).data;

const punch = (token: string, device: string, records: object[]) =>
  h.post<UploadPunchesResult>('/Terminal/AppPunches', { device_no: device, records }, token);

beforeAll(async () => {
  h.clock.set(sh('2026-11-20 10:00:00'));
  w = await buildWorld(h);
  guard = await newGuard('night_guard', '夜班李');
  other = await newGuard('other_guard', '白班王');
  phone = (await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: 'sos-phone-000000000001' }, guard)).data;
  otherPhone = (await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: 'sos-phone-000000000002' }, other)).data;
  const card = await h.post<{ patrol_id: number }>(
    '/PatrolCard/SaveInfo',
    {
      patrol_id: 0,
      hold_id: w.a1.holdId,
      patrol_sn: 'GATE-1',
      patrol_name: '北门',
      location: '',
      remark: '',
      ...POINT,
    },
    w.a.token,
  );
  expect(card.code, card.msg).toBe(200);
  cardId = card.data.patrol_id;
  // An open road through the point (the simple variant: every day, the whole day, anyone may walk it).
  const road = await h.post(
    '/RoadInfo/SaveRoadInfoNew',
    { road_id: 0, road_name: '夜巡线', hold_id: w.a1.holdId, patrol_card_ids: [cardId], remark: '' },
    w.a.token,
  );
  expect(road.code, road.msg).toBe(200);
  const clock = new TestClock(h.clock.now());
  const ctx: AppContext = { ...h.ctx, now: clock.now };
  const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
  await app.ready();
  second = { app, ctx, clock };
});

afterAll(async () => {
  await second?.app.close();
});

describe('SOS', () => {
  let alertId = 0;
  const sos = (body: object, token = guard) =>
    h.post<SosAnswer>(
      '/Terminal/Sos',
      { device_no: phone.device_no, time: '2026-11-20 10:00:00', sos_id: 'press-0000000001', ...body },
      token,
    );

  it('a press raises one 紧急求助 at once, with the guard, his position and his phone’s last punch', async () => {
    // The newest of the phone's punches is named, whatever the upload order.
    await punch(guard, phone.device_no, [
      { patrol_sn: 'GATE-1', punch_time: '2026-11-20 09:50:00' },
      { patrol_sn: 'GATE-1', punch_time: '2026-11-18 21:00:00' },
    ]);
    const first = await sos({ lat: 31.23, lng: 121.47, accuracy: 12 });
    expect(first).toMatchObject({ code: 200, data: { state: 0 } });
    alertId = first.data.alert_id;
    const [row] = await alertsOf(8);
    expect(row).toMatchObject({
      alert_id: alertId,
      kind_name: '紧急求助',
      state: 0,
      true_name: '夜班李',
      lat: 31.23,
      lng: 121.47,
      accuracy: 12,
      press_count: 1,
      device_no: phone.device_no,
    });
    expect(row?.detail).toContain('最后打卡：北门 2026-11-20 09:50:00');
    expect((await h.get<{ count: number }>('/Alert/UnhandledCount', {}, w.a.token)).data.count).toBeGreaterThan(0);
  });

  it('resent after a lost answer (the same sos_id, even on two servers at once) is the same one alert', async () => {
    const body = { device_no: phone.device_no, time: '2026-11-20 10:00:00', sos_id: 'press-0000000001' };
    const [a, b, c] = await Promise.all([
      sos({}),
      second.app.inject({
        method: 'POST',
        url: '/proxyserver/api/Terminal/Sos',
        payload: body,
        headers: { authorization: `Bearer ${guard}` },
      }),
      sos({}),
    ]);
    expect(a.data.alert_id).toBe(alertId);
    expect((b.json() as { data: SosAnswer }).data.alert_id).toBe(alertId);
    expect(c.data.alert_id).toBe(alertId);
    const rows = await alertsOf(8);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.press_count).toBe(1);
  });

  it('a second press while it is open adds to it: a count and the latest position, not a new alert', async () => {
    const again = await sos({ sos_id: 'press-0000000002', lat: 31.24, lng: 121.48, accuracy: 8 });
    expect(again.data.alert_id).toBe(alertId);
    const rows = await alertsOf(8);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ press_count: 2, lat: 31.24, lng: 121.48 });
  });

  it('an SOS for another account’s phone is refused and changes nothing', async () => {
    const refused = await sos({ device_no: otherPhone.device_no, sos_id: 'press-0000000003' });
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe('只能使用本机上传');
    expect(await alertsOf(8)).toHaveLength(1);
  });

  it('bad coordinates are refused in Chinese and raise nothing', async () => {
    for (const [body, msg] of [
      [{ lat: 91, lng: 120 }, '纬度应为-90到90之间的数字'],
      [{ lat: 30, lng: -181 }, '经度应为-180到180之间的数字'],
      [{ lat: 30 }, '经度和纬度须同时填写'],
      [{ sos_id: 'x' }, '求助编号格式不正确（8-64位字母、数字、-、_）'],
    ] as const) {
      const reply = await sos({ sos_id: 'press-0000000009', ...body });
      expect(reply, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    expect((await alertsOf(8))[0]?.press_count).toBe(2);
  });

  it('the guard sees 已响应（name） once the console responds, then 已处理', async () => {
    expect((await h.get<SosStateAnswer>('/Terminal/SosState', { alert_id: alertId }, guard)).data).toEqual({
      state: 0,
      responded_by: '',
      responded_time: '',
    });
    // Outside the scope (enterprise B) → 403; a kind other than 紧急求助 → 400.
    expect((await h.post('/Alert/Respond', { alert_id: alertId }, w.b.token)).code).toBe(403);
    h.clock.set(sh('2026-11-20 10:01:00'));
    expect((await h.post('/Alert/Respond', { alert_id: alertId }, w.a.token)).code).toBe(200);
    const state = await h.get<SosStateAnswer>('/Terminal/SosState', { alert_id: alertId }, guard);
    expect(state.data).toMatchObject({ state: 1, responded_time: '2026-11-20 10:01:00' });
    expect(state.data.responded_by).not.toBe('');
    expect((await alertsOf(8))[0]).toMatchObject({ state: 2 });
    // Another account cannot read the guard's SOS.
    expect((await h.get('/Terminal/SosState', { alert_id: alertId }, other)).code).toBe(404);
    expect((await h.post('/Alert/Handle', { alert_ids: [alertId], note: '已到现场' }, w.a.token)).code).toBe(200);
    expect((await h.get<SosStateAnswer>('/Terminal/SosState', { alert_id: alertId }, guard)).data.state).toBe(2);
    expect((await alertsOf(8))[0]).toMatchObject({ state: 1, note: '已到现场' });
  });

  it('after it is handled, a new press is a new alert', async () => {
    const next = await sos({ sos_id: 'press-0000000010', time: '2026-11-20 10:05:00' });
    expect(next.data.alert_id).not.toBe(alertId);
    expect(await alertsOf(8)).toHaveLength(2);
  });
});

describe('报平安', () => {
  it('the setting is refused outside its ranges, with nothing changed', async () => {
    const before = await h.get<AlertSettings>('/Alert/Settings', { hold_id: w.a.holdId }, w.a.token);
    for (const [body, msg] of [
      [{ checkin_minutes: 14 }, '报平安间隔应为15-240分钟'],
      [{ checkin_minutes: 241 }, '报平安间隔应为15-240分钟'],
      [{ checkin_grace: 31 }, '报平安宽限应为0-30分钟'],
    ] as const) {
      const reply = await h.post(
        '/Alert/UpdateSettings',
        { hold_id: w.a.holdId, offline_hours: 24, ...body },
        w.a.token,
      );
      expect(reply).toMatchObject({ code: 400, msg });
    }
    expect((await h.get('/Alert/Settings', { hold_id: w.a.holdId }, w.a.token)).data).toEqual(before.data);
  });

  it('misses raise 未报平安 once per interval on two servers; a late check-in closes it', async () => {
    const saved = await h.post(
      '/Alert/UpdateSettings',
      { hold_id: w.a.holdId, offline_hours: 24, checkin_enabled: true, checkin_minutes: 30, checkin_grace: 5 },
      w.a.token,
    );
    expect(saved.code, saved.msg).toBe(200);
    expect((await h.get('/Terminal/CheckInPlan', {}, other)).data).toEqual({
      enabled: true,
      minutes: 30,
      grace: 5,
      duty_start: '',
    });
    // The day guard's first punch at 12:00, a check-in at 12:20 (next due 12:50), then silence; a punch at 13:40.
    h.clock.set(sh('2026-11-20 12:20:00'));
    await punch(other, otherPhone.device_no, [{ patrol_sn: 'GATE-1', punch_time: '2026-11-20 12:00:00' }]);
    const checked = await h.post<CheckInAnswer>(
      '/Terminal/CheckIn',
      { device_no: otherPhone.device_no, time: '2026-11-20 12:20:00', lat: 31.2, lng: 121.4, accuracy: 20 },
      other,
    );
    expect(checked.data.next_due).toBe('2026-11-20 12:50:00');
    h.clock.set(sh('2026-11-20 13:40:00'));
    await punch(other, otherPhone.device_no, [{ patrol_sn: 'GATE-1', punch_time: '2026-11-20 13:40:00' }]);
    // Both servers look at once, and again: the due 12:50 and 13:20 are missed, each alerted once.
    h.clock.set(sh('2026-11-20 13:41:00'));
    second.clock.set(sh('2026-11-20 13:41:00'));
    await Promise.all([raiseMissedCheckIns(h.ctx), raiseMissedCheckIns(second.ctx), raiseMissedCheckIns(h.ctx)]);
    await raiseMissedCheckIns(second.ctx);
    const missed = await alertsOf(9);
    expect(missed.map((row) => row.detail.slice(0, 20))).toEqual([
      expect.stringContaining('13:20'),
      expect.stringContaining('12:50'),
    ]);
    expect(missed.every((row) => row.state === 0 && row.true_name === '白班王')).toBe(true);
    expect(missed[0]).toMatchObject({ lat: 31.2, lng: 121.4 });
    // The late check-in closes them by the system.
    await h.post('/Terminal/CheckIn', { device_no: otherPhone.device_no, time: '2026-11-20 13:42:00' }, other);
    const closed = await alertsOf(9);
    expect(closed.every((row) => row.state === 1 && row.handled_by === '系统' && row.note === '已补报平安')).toBe(true);
    await raiseMissedCheckIns(h.ctx);
    expect(await alertsOf(9)).toHaveLength(2);
  });

  it('a check-in for another account’s phone is refused', async () => {
    const reply = await h.post('/Terminal/CheckIn', { device_no: phone.device_no, time: '2026-11-20 13:42:00' }, other);
    expect(reply.code).toBe(403);
  });
});

describe('where a punch was made', () => {
  it('a point keeps its position and radius; out of range is refused with nothing changed', async () => {
    const base = { patrol_id: cardId, hold_id: w.a1.holdId, patrol_sn: 'GATE-1', patrol_name: '北门', location: '' };
    for (const [body, msg] of [
      [{ lat: 95, lng: 121 }, '纬度应为-90到90之间的数字'],
      [{ radius: 9 }, '半径应为10-5000米'],
      [{ radius: 5001 }, '半径应为10-5000米'],
      [{ lat: 31, lng: null }, '经度和纬度须同时填写'],
    ] as const) {
      expect(await h.post('/PatrolCard/SaveInfo', { ...base, ...body }, w.a.token)).toMatchObject({ code: 400, msg });
    }
    const row = (await h.get<CardRow>('/PatrolCard/GetDetail', { patrol_id: cardId }, w.a.token)).data;
    expect(row).toMatchObject({ ...POINT, radius: 50 });
  });

  it('a punch 300 m away is 位置异常 and alerted once per round and device; one without a position is not', async () => {
    h.clock.set(sh('2026-11-20 14:00:00'));
    const far = northOf(POINT, 300);
    const near = northOf(POINT, 20);
    const sent = await punch(guard, phone.device_no, [
      { patrol_sn: 'GATE-1', punch_time: '2026-11-20 13:50:00', ...far, accuracy: 10 },
      { patrol_sn: 'GATE-1', punch_time: '2026-11-20 13:55:00', ...far, accuracy: 15 },
      { patrol_sn: 'GATE-1', punch_time: '2026-11-20 13:56:00', ...near, accuracy: 10 },
      { patrol_sn: 'GATE-1', punch_time: '2026-11-20 13:57:00' },
    ]);
    expect(sent.data).toMatchObject({ accepted: 4, rejected: [] });
    const rows = (
      await h.post<PunchRow[]>(
        '/PatrolData/Records',
        { hold_id: w.a.holdId, start_time: '2026-11-20', end_time: '2026-11-20', PageIndex: 1, PageSize: 50 },
        w.a.token,
      )
    ).data;
    const at = (time: string) => rows.find((row) => row.create_time === `2026-11-20 ${time}`);
    expect(at('13:50:00')).toMatchObject({ flag: '位置异常', distance_m: 300 });
    expect(at('13:56:00')).toMatchObject({ flag: '', distance_m: 20 });
    expect(at('13:57:00')).toMatchObject({ flag: '', lat: null, lng: null, distance_m: null });
    const alerts = await alertsOf(10);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ device_no: phone.device_no, patrol_sn: 'GATE-1', road_name: '夜巡线' });
    expect(alerts[0]?.round_id).not.toBeNull();
    expect(alerts[0]?.detail).toContain('300 米');
    // Later in the same round, the same phone far again: still one alert; another phone far away: its own.
    await punch(guard, phone.device_no, [{ patrol_sn: 'GATE-1', punch_time: '2026-11-20 13:58:00', ...far }]);
    await punch(other, otherPhone.device_no, [{ patrol_sn: 'GATE-1', punch_time: '2026-11-20 13:59:00', ...far }]);
    const after = await alertsOf(10);
    expect(after.map((row) => row.device_no).sort()).toEqual([otherPhone.device_no, phone.device_no].sort());
    // Another enterprise sees none of it.
    expect(await alertsOf(10, w.b.token)).toHaveLength(0);
  });

  it('从打卡学习 takes the median of accurate punches; fewer than 5 → 409 定位样本不足', async () => {
    const few = await h.post('/PatrolCard/LearnPosition', { patrol_id: cardId }, w.a.token);
    expect(few).toMatchObject({ code: 409, msg: '定位样本不足' });
    const spot = northOf(POINT, 10);
    await punch(
      guard,
      phone.device_no,
      [1, 2, 3, 4].map((m) => ({ patrol_sn: 'GATE-1', punch_time: `2026-11-20 14:0${m}:00`, ...spot, accuracy: 5 })),
    );
    const learnt = await h.post<LearnedPosition>('/PatrolCard/LearnPosition', { patrol_id: cardId }, w.a.token);
    expect(learnt.code, learnt.msg).toBe(200);
    // 13:50 and 13:55 (300 m), 13:56 (20 m) are accurate too (13:58 and 13:59 carry no accuracy): the median of
    // 7 lies at the 10 m spot.
    expect(learnt.data.samples).toBe(7);
    expect(learnt.data.lat).toBeCloseTo(spot.lat, 6);
    expect((await h.post('/PatrolCard/LearnPosition', { patrol_id: cardId }, w.b.token)).code).toBe(404);
  });

  it('a punch with a latitude out of range or without its longitude is refused alone', async () => {
    const sent = await punch(guard, phone.device_no, [
      { patrol_sn: 'GATE-1', punch_time: '2026-11-20 14:10:00', lat: 100, lng: 1 },
      { patrol_sn: 'GATE-1', punch_time: '2026-11-20 14:11:00', lat: 30 },
    ]);
    expect(sent.data.accepted).toBe(0);
    expect(sent.data.rejected.map((r) => r.reason)).toEqual(['纬度应为-90到90之间的数字', '经度和纬度须同时填写']);
  });
});

describe('报平安 on the roster (SHIFTS.md)', () => {
  it('follows the shift where the roster applies: from its start, whatever the day’s punches', async () => {
    const shift = await h.post<{ shift_id: number }>(
      '/Shift/Save',
      { shift_id: 0, hold_id: w.a.holdId, shift_name: '晚班', start_time: '20:00', end_time: '23:00' },
      w.a.token,
    );
    expect(shift.code, shift.msg).toBe(200);
    const roster = await h.post(
      '/Roster/Save',
      {
        hold_id: w.a.holdId,
        cells: [{ user_id: userIds.night_guard, date: '2026-11-20', shift_id: shift.data.shift_id }],
      },
      w.a.token,
    );
    expect(roster.code, roster.msg).toBe(200);
    expect((await h.get<{ duty_start: string }>('/Terminal/CheckInPlan', {}, guard)).data.duty_start).toBe(
      '2026-11-20 20:00:00',
    );
    // The night guard punched all afternoon without checking in: the roster's duty, not his punches, counts today.
    h.clock.set(sh('2026-11-20 20:34:00'));
    await raiseMissedCheckIns(h.ctx);
    expect((await alertsOf(9)).filter((row) => row.true_name === '夜班李')).toEqual([]);
    h.clock.set(sh('2026-11-20 21:06:00'));
    await raiseMissedCheckIns(h.ctx);
    const mine = (await alertsOf(9)).filter((row) => row.true_name === '夜班李');
    expect(mine.map((row) => row.detail.match(/应于 (\d\d:\d\d)/)?.[1])).toEqual(['21:00', '20:30']);
  });
});
