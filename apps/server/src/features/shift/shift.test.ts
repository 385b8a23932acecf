import type { RegisteredApp, RosterMonth, ShiftRow } from '@guard-tour/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { AppContext } from '../../context.js';
import { MINUTE, TestClock, useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { raiseNoShows } from './shift.service.js';

/**
 * Shifts and the roster (SHIFTS.md): 班次管理, 排班表 edits with their refusals, 上岗/下岗 from the guard app with the
 * cell's attendance, and 未到岗 raised once across two servers.
 */
const h = useHarness();
let w: World;
const users: Record<string, number> = {};
const tokens: Record<string, string> = {};
let early: number;
let night: number;
const sh = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

async function account(name: string, holdId: number, trueName: string) {
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: holdId, user_name: name, user_password: PASSWORD, true_name: trueName },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  users[name] = saved.data.user_id;
}

beforeAll(async () => {
  h.clock.set(sh('2026-11-30 12:00:00'));
  w = await buildWorld(h);
  await account('zhang', w.a.holdId, '张三');
  await account('li', w.a1.holdId, '李四');
  const saved = await h.post<{ shift_id: number }>(
    '/Shift/Save',
    {
      shift_id: 0,
      hold_id: w.a.holdId,
      shift_name: '早班',
      start_time: '08:00',
      end_time: '16:00',
      grace_minutes: 10,
      color: '#52c41a',
    },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  early = saved.data.shift_id;
  const overnight = await h.post<{ shift_id: number }>(
    '/Shift/Save',
    { shift_id: 0, hold_id: w.a.holdId, shift_name: '夜班', start_time: '22:00', end_time: '06:00' },
    w.a.token,
  );
  night = overnight.data.shift_id;
});

describe('班次管理', () => {
  it('lists the shifts of the organisation, an overnight one included', async () => {
    const list = await h.post<ShiftRow[]>('/Shift/List', { hold_id: w.a1.holdId }, w.a.token);
    expect(list.data.map((s) => [s.shift_name, s.start_time, s.end_time, s.grace_minutes])).toEqual([
      ['早班', '08:00', '16:00', 10],
      ['夜班', '22:00', '06:00', 0],
    ]);
  });

  it('refuses a window under 10 minutes, a taken name and another enterprise’s shift', async () => {
    const short = await h.post(
      '/Shift/Save',
      { shift_id: 0, hold_id: w.a.holdId, shift_name: '短班', start_time: '08:00', end_time: '08:05' },
      w.a.token,
    );
    expect(short).toMatchObject({ code: 400, msg: '班次至少10分钟' });
    const twice = await h.post(
      '/Shift/Save',
      { shift_id: 0, hold_id: w.a.holdId, shift_name: '早班', start_time: '09:00', end_time: '17:00' },
      w.a.token,
    );
    expect(twice).toMatchObject({ code: 409, msg: '该组织下已有同名班次' });
    expect((await h.post<ShiftRow[]>('/Shift/List', {}, w.b.token)).data).toEqual([]);
    expect(await h.post('/Shift/Remove', { shift_ids: [early] }, w.b.token)).toMatchObject({ code: 404 });
  });
});

describe('排班表', () => {
  it('saves cells and shows them in the month grid', async () => {
    const saved = await h.post(
      '/Roster/Save',
      {
        hold_id: w.a.holdId,
        cells: [
          { user_id: users.zhang, date: '2026-12-01', shift_id: early },
          { user_id: users.li, date: '2026-12-01', shift_id: early },
          { user_id: users.zhang, date: '2026-12-02', shift_id: night },
        ],
      },
      w.a.token,
    );
    expect(saved).toMatchObject({ code: 200, data: { saved: 3 } });
    const month = await h.post<RosterMonth>('/Roster/Month', { hold_id: w.a.holdId, month: '2026-12' }, w.a.token);
    expect(month.data.days).toHaveLength(31);
    const zhang = month.data.rows.find((r) => r.user_id === users.zhang)!;
    expect(zhang.true_name).toBe('张三');
    expect(zhang.cells.slice(0, 3).map((c) => c.shift_id)).toEqual([early, night, 0]);
  });

  it('refuses the whole save when one cell is outside scope (403) or an account gets two shifts a day', async () => {
    const outside = await h.post(
      '/Roster/Save',
      {
        hold_id: w.a1.holdId,
        cells: [
          { user_id: users.li, date: '2026-12-03', shift_id: early },
          { user_id: users.zhang, date: '2026-12-03', shift_id: early },
        ],
      },
      w.a.token,
    );
    expect(outside.code).toBe(403);
    const twice = await h.post(
      '/Roster/Save',
      {
        hold_id: w.a.holdId,
        cells: [
          { user_id: users.li, date: '2026-12-03', shift_id: early },
          { user_id: users.li, date: '2026-12-03', shift_id: night },
        ],
      },
      w.a.token,
    );
    expect(twice).toMatchObject({ code: 400, msg: '李四 在 2026-12-03 已排了其他班次（每人每天最多一个班次）' });
    expect(
      await h.post(
        '/Roster/Save',
        { hold_id: w.a.holdId, cells: [{ user_id: users.li, date: '2026-12-03', shift_id: early }] },
        w.b.token,
      ),
    ).toMatchObject({ code: 403 });
    const month = await h.post<RosterMonth>('/Roster/Month', { hold_id: w.a.holdId, month: '2026-12' }, w.a.token);
    const li = month.data.rows.find((r) => r.user_id === users.li)!;
    expect(li.cells[2]!.shift_id).toBe(0);
  });

  it('copies a week onto the next, and a shift in use cannot be removed', async () => {
    const copied = await h.post(
      '/Roster/Copy',
      { hold_id: w.a.holdId, from_start: '2026-11-30', from_end: '2026-12-06', to_start: '2026-12-07' },
      w.a.token,
    );
    expect(copied).toMatchObject({ code: 200, data: { saved: 3 } });
    const month = await h.post<RosterMonth>('/Roster/Month', { hold_id: w.a.holdId, month: '2026-12' }, w.a.token);
    const zhang = month.data.rows.find((r) => r.user_id === users.zhang)!;
    expect(zhang.cells.slice(7, 10).map((c) => c.shift_id)).toEqual([early, night, 0]);
    expect(await h.post('/Shift/Remove', { shift_ids: [early] }, w.a.token)).toMatchObject({ code: 409 });
  });
});

describe('上岗 / 下岗 and 未到岗', () => {
  let phone: RegisteredApp;
  /** 张三 taps 上岗 or 下岗 at a local time, from a fresh app session on his phone (the clock jumps days). */
  async function tap(kind: 'OnDuty' | 'OffDuty', time: string, extra: object = {}) {
    h.clock.set(sh(time));
    tokens.zhang = (
      await h.post<{ token: string }>('/UserInfo/Login_Web', {
        user_name: 'zhang',
        user_password: PASSWORD,
        client: 'app',
      })
    ).data.token;
    phone = (await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: 'SHIFT-PHONE-000001' }, tokens.zhang)).data;
    return h.post(`/Terminal/${kind}`, { device_no: phone.device_no, time, ...extra }, tokens.zhang);
  }
  let second: { app: FastifyInstance; ctx: AppContext; clock: TestClock };

  beforeAll(async () => {
    tokens.zhang = (
      await h.post<{ token: string }>('/UserInfo/Login_Web', {
        user_name: 'zhang',
        user_password: PASSWORD,
        client: 'app',
      })
    ).data.token;
    phone = (await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: 'SHIFT-PHONE-000001' }, tokens.zhang)).data;
    const clock = new TestClock(h.clock.now());
    const ctx: AppContext = { ...h.ctx, now: clock.now };
    const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
    await app.ready();
    second = { app, ctx, clock };
  });
  afterAll(async () => {
    await second?.app.close();
  });

  it('answers 409 今天没有排班 to an account not on duty', async () => {
    const refused = await tap('OnDuty', '2026-11-30 12:00:00');
    expect(refused).toMatchObject({ code: 409, msg: '今天没有排班' });
  });

  /** A fresh console session of A's admin at the clock's time. */
  const admin = () => h.login({ user_name: w.a.admin, user_password: PASSWORD });

  it('records 上岗 late after start plus grace, and the other guard absent once the shift ended', async () => {
    const on = await tap('OnDuty', '2026-12-01 08:25:00', { lat: 30.1, lng: 120.2 });
    expect(on).toMatchObject({ code: 200, data: { shift_id: early, shift_name: '早班', attendance: 2 } });
    const off = await tap('OffDuty', '2026-12-01 16:05:00');
    expect(off).toMatchObject({ code: 200, data: { attendance: 2 } });
    const month = await h.post<RosterMonth>('/Roster/Month', { hold_id: w.a.holdId, month: '2026-12' }, await admin());
    const cell = (name: string) => month.data.rows.find((r) => r.user_id === users[name])!.cells[0]!;
    expect(cell('zhang')).toMatchObject({
      on_duty_time: '2026-12-01 08:25:00',
      off_duty_time: '2026-12-01 16:05:00',
      attendance: 2,
    });
    expect(cell('li')).toMatchObject({ on_duty_time: '', attendance: 3 });
  });

  it('a 下岗 after midnight belongs to the overnight shift of the day before', async () => {
    const on = await tap('OnDuty', '2026-12-02 21:58:00');
    expect(on).toMatchObject({ code: 200, data: { shift_id: night, attendance: 1 } });
    const off = await tap('OffDuty', '2026-12-03 06:01:00');
    expect(off).toMatchObject({ code: 200, data: { shift_id: night, attendance: 1 } });
  });

  it('raises 未到岗 once when nobody came by start plus grace, whichever of two servers looks first', async () => {
    // 2026-12-08: 张三 and 李四 on 早班 (copied), nobody comes.
    const at = sh('2026-12-08 08:09:00');
    h.clock.set(at);
    second.clock.set(at);
    expect(await raiseNoShows(h.ctx)).toEqual([]);
    const due = sh('2026-12-08 08:10:30');
    h.clock.set(due);
    second.clock.set(due);
    const [one, two] = await Promise.all([raiseNoShows(h.ctx), raiseNoShows(second.ctx)]);
    expect([...one, ...two]).toHaveLength(1);
    h.clock.advance(MINUTE);
    expect(await raiseNoShows(h.ctx)).toEqual([]);
    const alerts = await h.post<{ kind: number; kind_name: string; detail: string }[]>(
      '/Alert/List',
      { hold_id: w.a.holdId, kind: 5, PageIndex: 1, PageSize: 10 },
      await admin(),
    );
    expect(alerts.data).toEqual([
      expect.objectContaining({
        kind: 5,
        kind_name: '未到岗',
        detail: '早班 2026-12-08 08:00-16:00 无人上岗（应到：张三、李四）',
      }),
    ]);
  });

  it('raises nothing for a shift someone came to on time', async () => {
    const on = await tap('OnDuty', '2026-12-09 21:55:00');
    expect(on).toMatchObject({ code: 200, data: { shift_id: night, attendance: 1 } });
    h.clock.set(sh('2026-12-09 22:01:00'));
    expect(await raiseNoShows(h.ctx)).toEqual([]);
  });
});
