import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleMessages, type RegisteredApp, type UploadPunchesResult } from '@guard-tour/contract';
import { punch, session } from '../../db/schema.js';
import { APP_SESSION_DENIED } from '../../http/auth.js';
import { insertCard } from '../../test/fixtures.js';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/**
 * ROLES.md, "Sessions of the guard app, and phones bound to them": the guard app logs in as an app session that
 * may use only the app's calls; RegisterApp binds the session to its phone; AppPunches and AppRounds take that
 * phone only; deleting the phone, or moving it out of the account's organisation, shuts every session bound to it
 * out at once (the stolen phone).
 */
const h = useHarness();
let w: World;
let guardId = 0;
let sequence = 0;

/** Logs the guard in as the guard app does. */
async function appLogin(): Promise<string> {
  const reply = await h.post<{ token: string }>('/UserInfo/Login_Web', {
    user_name: 'bound_guard',
    user_password: PASSWORD,
    client: 'app',
  });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.token;
}

/** A phone's app id never used before in this file. */
function newAppId(): string {
  sequence += 1;
  return `stolen-phone-${String(sequence).padStart(6, '0')}`;
}

/** Registers the phone of `appId` (a new one when not given) with the token, binding the token's session to it. */
async function register(token: string, appId = newAppId()): Promise<RegisteredApp & { appId: string }> {
  const reply = await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: appId }, token);
  expect(reply.code, reply.msg).toBe(200);
  return { ...reply.data, appId };
}

const punchAt = (token: string, deviceNo: string, time: string) =>
  h.post<UploadPunchesResult>(
    '/Terminal/AppPunches',
    { device_no: deviceNo, records: [{ patrol_sn: 'BOUND-EAST', punch_time: time }] },
    token,
  );

const storedFrom = async (deviceNo: string) =>
  (await h.ctx.db.select().from(punch).where(eq(punch.device_no, deviceNo))).length;

/** Every call the old token of a revoked phone tries: each must be 401. */
async function expectShutOut(token: string, phone: { appId: string; device_no: string }) {
  const deviceNo = phone.device_no;
  expect(await h.post('/Terminal/RegisterApp', { app_id: phone.appId }, token)).toMatchObject({ code: 401 });
  expect(await h.post('/Terminal/RegisterApp', { app_id: newAppId() }, token)).toMatchObject({ code: 401 });
  expect(await punchAt(token, deviceNo, '2026-11-20 09:59:00')).toMatchObject({ code: 401 });
  expect(await h.get('/Terminal/AppRounds', {}, token)).toMatchObject({ code: 401 });
  expect(await h.get('/Terminal/AppRounds', { device_no: deviceNo }, token)).toMatchObject({ code: 401 });
  expect(await h.get('/Terminal/AppAddress', {}, token)).toMatchObject({ code: 401 });
  expect(await h.get('/UserInfo/checktoken', {}, token)).toMatchObject({ code: 401 });
  expect(await h.get('/SysFun/GetUserFunTree', {}, token)).toMatchObject({ code: 401 });
  expect(await h.get('/UserInfo/Logout', {}, token)).toMatchObject({ code: 401 });
}

beforeAll(async () => {
  h.clock.set('2026-11-20T02:00:00Z');
  w = await buildWorld(h);
  await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'BOUND-EAST', name: '东门' });
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a1.holdId, user_name: 'bound_guard', user_password: PASSWORD, true_name: '孙巡' },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  guardId = saved.data.user_id;
});

describe('an app session', () => {
  it('may use the guard app’s calls, and no console call', async () => {
    const token = await appLogin();
    expect((await h.get('/Terminal/AppRounds', {}, token)).code).toBe(200);
    expect((await h.get('/UserInfo/checktoken', {}, token)).code).toBe(200);
    for (const [path, body] of [
      ['/DeviceInfo/SearchDeviceList', { PageIndex: 1, PageSize: 10 }],
      ['/DeviceInfo/RemoveDevice', { object_ids: [1] }],
      ['/PatrolClockIn/GetPatrolClockInList', { time_range: 1, PageIndex: 1, PageSize: 10 }],
    ] as const) {
      expect(await h.post(path, body, token), path).toMatchObject({ code: 403, msg: APP_SESSION_DENIED });
    }
    expect(await h.get('/DeviceInfo/Detail', { object_id: 1 }, token)).toMatchObject({ code: 403 });
  });

  it('is bound to the phone it registers', async () => {
    const token = await appLogin();
    const phone = await register(token);
    const [row] = await h.ctx.db
      .select({ device_id: session.device_id, client: session.client })
      .from(session)
      .where(sql`${session.user_id} = ${guardId} and ${session.device_id} is not null`)
      .orderBy(sql`${session.session_id} desc`)
      .limit(1);
    expect(row).toEqual({ device_id: phone.object_id, client: 'app' });
  });
});

describe('only the phone of the session', () => {
  let token = '';
  let phone: RegisteredApp & { appId: string };
  let otherPhone: RegisteredApp;

  beforeAll(async () => {
    token = await appLogin();
    phone = await register(token);
    // Another phone of the same guard, registered by another session (a second phone in the pocket).
    otherPhone = await register(await appLogin());
  });

  it('takes punches from the bound phone', async () => {
    expect((await punchAt(token, phone.device_no, '2026-11-20 09:00:00')).data).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [],
    });
  });

  it('refuses another device number, of the same organisation too, storing nothing', async () => {
    for (const deviceNo of [otherPhone.device_no, 'APP-NOT-REGISTERED-AT-ALL', 'RPT-NOT-A-PHONE']) {
      expect(await punchAt(token, deviceNo, '2026-11-20 09:01:00'), deviceNo).toEqual({
        code: 403,
        msg: roleMessages.otherDevice,
        data: null,
      });
    }
    expect(await storedFrom(otherPhone.device_no)).toBe(0);
    expect(await h.get('/Terminal/AppRounds', { device_no: otherPhone.device_no }, token)).toMatchObject({
      code: 403,
      msg: roleMessages.otherDevice,
    });
  });

  it('asks a session that never registered a phone to register it first (console sessions too)', async () => {
    const fresh = await appLogin();
    expect(await punchAt(fresh, phone.device_no, '2026-11-20 09:02:00')).toEqual({
      code: 403,
      msg: '请先登记本手机',
      data: null,
    });
    expect(await h.get('/Terminal/AppRounds', { device_no: phone.device_no }, fresh)).toMatchObject({
      code: 403,
      msg: '请先登记本手机',
    });
    // Its own roads need no phone.
    expect((await h.get('/Terminal/AppRounds', {}, fresh)).code).toBe(200);
    expect(await punchAt(w.a.token, phone.device_no, '2026-11-20 09:02:00')).toMatchObject({ code: 403 });
    expect(await storedFrom(phone.device_no)).toBe(1);
  });

  it('lets another account of the organisation register the same shared phone, and binds it too', async () => {
    const admin = await h.login({ user_name: w.a.admin, user_password: PASSWORD });
    expect(await register(admin, phone.appId)).toEqual(phone);
    expect((await punchAt(admin, phone.device_no, '2026-11-20 09:03:00')).data).toMatchObject({ accepted: 1 });
    // Outside the phone's organisation it stays a conflict, and binds nothing.
    expect(await h.post('/Terminal/RegisterApp', { app_id: phone.appId }, w.b.token)).toMatchObject({ code: 409 });
    expect(await punchAt(w.b.token, phone.device_no, '2026-11-20 09:04:00')).toMatchObject({ code: 403 });
  });
});

describe('the stolen phone', () => {
  it('deleted in 设备管理: the old token gets 401 on every call and does not bring the phone back', async () => {
    const token = await appLogin();
    const phone = await register(token);
    expect((await punchAt(token, phone.device_no, '2026-11-20 09:10:00')).data).toMatchObject({ accepted: 1 });
    const consoleToken = await h.login({ user_name: 'bound_guard', user_password: PASSWORD });

    expect(await h.post('/DeviceInfo/RemoveDevice', { object_ids: [phone.object_id] }, w.a.token)).toMatchObject({
      code: 200,
    });

    await expectShutOut(token, phone);
    expect(await storedFrom(phone.device_no)).toBe(1);
    const listed = await h.post<{ device_no: string }[]>(
      '/DeviceInfo/SearchDeviceList',
      { HoldID: w.a.holdId, PageIndex: 1, PageSize: 100 },
      w.a.token,
    );
    expect(listed.data.map((d) => d.device_no)).not.toContain(phone.device_no);
    // Sessions of the account not bound to that phone go on; a new login registers the phone anew.
    expect((await h.get('/UserInfo/checktoken', {}, consoleToken)).code).toBe(200);
    const anew = await register(await appLogin(), phone.appId);
    expect(anew.device_no).toBe(phone.device_no);
    expect(anew.object_id).not.toBe(phone.object_id);
  });

  it('moved out of the account’s organisation: every session bound to it is shut out at once', async () => {
    const first = await appLogin();
    const phone = await register(first);
    const second = await appLogin();
    expect(await register(second, phone.appId)).toEqual(phone);

    // Within the guard's organisation (A1 → A1) nothing changes; to A, above the guard's A1, is out of scope.
    expect(
      await h.post('/DeviceInfo/AllocateDevice', { objectIds: [phone.object_id], holdId: w.a1.holdId }, w.a.token),
    ).toMatchObject({ code: 200 });
    expect((await h.get('/UserInfo/checktoken', {}, first)).code).toBe(200);
    expect(
      await h.post('/DeviceInfo/AllocateDevice', { objectIds: [phone.object_id], holdId: w.a.holdId }, w.a.token),
    ).toMatchObject({ code: 200 });

    await expectShutOut(first, phone);
    await expectShutOut(second, phone);
  });
});
