import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertRow,
  AlertSettings,
  Envelope,
  MissedReportRow,
  PunchRow,
  UploadPunchesResult,
} from '@guard-tour/contract';
import { alert, device, patrolRound, road, sysLog, task } from '../../db/schema.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { DEVICE_KEY, HOUR, MINUTE, useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { raiseMissedRounds, raiseSilentDevices } from './alert.service.js';

/**
 * Alerts (ACCOUNTABILITY.md, Alerts): raised once per subject, listed and counted within scope, handled by a
 * person or closed by the system, raised by uploads in their transaction, flags on the punches that raised them.
 */
const h = useHarness();
let w: World;
const sh = (text: string) => new Date(`${text}+08:00`);
const f = { c1: 0, c2: 0, c3: 0, road: 0, round: 0, dev: 0, devB: 0 };

async function upload(body: object): Promise<Envelope<UploadPunchesResult>> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: body,
  });
  return response.json();
}

const alertsOf = (token: string, body: object = {}) =>
  h.post<AlertRow[]>('/Alert/List', { PageIndex: 1, PageSize: 50, ...body }, token);
const countOf = async (token: string) =>
  (await h.get<{ count: number }>('/Alert/UnhandledCount', {}, token)).data.count;

beforeAll(async () => {
  h.clock.set(sh('2026-11-20T10:00:00'));
  w = await buildWorld(h);
  const db = h.ctx.db;
  f.c1 = await insertCard(db, { holdId: w.a.holdId, sn: 'ALM-1', name: '一号点' });
  f.c2 = await insertCard(db, { holdId: w.a.holdId, sn: 'ALM-2', name: '二号点' });
  f.c3 = await insertCard(db, { holdId: w.a.holdId, sn: 'ALM-3', name: '三号点' });
  f.dev = await insertDevice(db, { holdId: w.a1.holdId, deviceNo: 'ALM-DEV', name: '甲一号机' });
  f.devB = await insertDevice(db, { holdId: w.b.holdId, deviceNo: 'ALM-DEV-B', name: '乙号机' });
  const [r] = await db.insert(road).values({ hold_id: w.a.holdId, road_name: '告警线' }).returning();
  f.road = r!.road_id;
  // This morning's round, frozen abnormal: 二号点 and 三号点 missed.
  const [round] = await db
    .insert(patrolRound)
    .values({
      road_id: f.road,
      hold_id: w.a.holdId,
      round_date: '2026-11-20',
      window_start: sh('2026-11-20T08:00:00'),
      window_end: sh('2026-11-20T09:00:00'),
      expected_cards: [f.c1, f.c2, f.c3],
      checked_cards: [f.c1],
      on_time: 1,
      result: 3,
    })
    .returning();
  f.round = round!.round_id;
});

describe('漏检 alerts', () => {
  it('are raised once for a round frozen with missed points, naming them', async () => {
    const first = await raiseMissedRounds(h.ctx);
    const again = await raiseMissedRounds(h.ctx);
    expect(first).toHaveLength(1);
    expect(again).toHaveLength(0);
    const { data } = await alertsOf(w.a.token);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      kind: 1,
      kind_name: '漏检',
      state: 0,
      hold_id: w.a.holdId,
      hold_name: '甲企业',
      road_id: f.road,
      road_name: '告警线',
      round_id: f.round,
      raised_time: '2026-11-20 10:00:00',
      handled_by: '',
      handled_time: '',
    });
    expect(data[0]!.detail).toBe('告警线 2026-11-20 08:00-09:00 漏检 2 个巡检点：二号点（ALM-2）、三号点（ALM-3）');
  });

  it('are seen and counted inside the scope only', async () => {
    expect(await countOf(w.a.token)).toBe(1);
    expect(await countOf(w.root)).toBe(1);
    expect(await countOf(w.b.token)).toBe(0);
    expect((await alertsOf(w.b.token)).data).toEqual([]);
    expect((await alertsOf(w.b.token, { hold_id: w.a.holdId })).code).toBe(403);
    // The department under A does not see its parent's alert.
    expect(await countOf(w.a1.token)).toBe(0);
  });

  it('filter by kind, state and span', async () => {
    expect((await alertsOf(w.a.token, { kind: 3 })).data).toEqual([]);
    expect((await alertsOf(w.a.token, { kind: 1, state: 0 })).total).toBe(1);
    expect((await alertsOf(w.a.token, { start_date: '2026-11-21' })).total).toBe(0);
    expect((await alertsOf(w.a.token, { start_date: '2026-11-20', end_date: '2026-11-20' })).total).toBe(1);
    expect(await alertsOf(w.a.token, { start_date: '2026-11-21', end_date: '2026-11-20' })).toMatchObject({
      code: 400,
      msg: '结束日期不能早于开始日期',
    });
    expect(await alertsOf(w.a.token, { kind: 11 })).toMatchObject({ code: 400, msg: '告警类型不正确' });
  });

  it('are closed by the system when a late upload completes the round', async () => {
    const [open] = (await alertsOf(w.a.token)).data;
    h.clock.advance(30 * MINUTE);
    const reply = await upload({
      device_no: 'ALM-DEV',
      records: [
        { patrol_sn: 'ALM-2', punch_time: '2026-11-20 08:20:00' },
        { patrol_sn: 'ALM-3', punch_time: '2026-11-20 08:40:00' },
      ],
    });
    expect(reply.data.accepted).toBe(2);
    const [closed] = (await alertsOf(w.a.token)).data;
    expect(closed).toMatchObject({
      alert_id: open!.alert_id,
      state: 1,
      handled_by: '系统',
      note: '补传后已完成',
      handled_time: '2026-11-20 10:30:00',
    });
    expect(await countOf(w.a.token)).toBe(0);
  });
});

describe('处理', () => {
  let alertId = 0;
  beforeAll(async () => {
    const [row] = await h.ctx.db
      .insert(alert)
      .values({
        kind: 2,
        subject: 'test:handle',
        hold_id: w.a1.holdId,
        object_id: f.dev,
        device_no: 'ALM-DEV',
        detail: '终端离线',
        raised_time: h.clock.now(),
      })
      .returning();
    alertId = row!.alert_id;
  });

  it('refuses alerts outside the scope, and ids that name nothing, changing nothing', async () => {
    expect(await h.post('/Alert/Handle', { alert_ids: [alertId], note: '越权' }, w.b.token)).toMatchObject({
      code: 403,
    });
    expect(await h.post('/Alert/Handle', { alert_ids: [alertId, 999_999], note: 'x' }, w.a.token)).toMatchObject({
      code: 404,
      msg: '告警不存在或已删除',
    });
    expect(await h.post('/Alert/Handle', { alert_ids: [alertId], note: '长'.repeat(201) }, w.a.token)).toMatchObject({
      code: 400,
      msg: '处理说明不能超过 200 个字',
    });
    expect(await h.post('/Alert/Handle', { alert_ids: [], note: '' }, w.a.token)).toMatchObject({ code: 400 });
    const [row] = await h.ctx.db.select().from(alert).where(eq(alert.alert_id, alertId));
    expect(row).toMatchObject({ state: 0, note: '' });
  });

  it('marks an alert handled with who, when and the note, once, in the operation log', async () => {
    expect(await countOf(w.a1.token)).toBe(1);
    const reply = await h.post('/Alert/Handle', { alert_ids: [alertId], note: '已电话联系保安' }, w.a1.token);
    expect(reply.code).toBe(200);
    h.clock.advance(MINUTE);
    await h.post('/Alert/Handle', { alert_ids: [alertId], note: '第二次' }, w.a.token);
    const [row] = (await alertsOf(w.a1.token, { kind: 2 })).data;
    expect(row).toMatchObject({
      state: 1,
      handled_by: '甲一部管理员',
      note: '已电话联系保安',
      handled_time: '2026-11-20 10:30:00',
    });
    expect(await countOf(w.a1.token)).toBe(0);
    const logs = await h.ctx.db
      .select()
      .from(sysLog)
      .where(eq(sysLog.log_content, `处理告警：#${alertId}（已电话联系保安）`));
    expect(logs).toHaveLength(1);
  });
});

describe('uploads that raise alerts and flag their punches', () => {
  const punches = (token: string, body: object = {}) =>
    h.post<PunchRow[]>(
      '/PatrolClockIn/GetPatrolClockInList',
      { time_range: 1, PageIndex: 1, PageSize: 50, ...body },
      token,
    );

  it('疑似代打: three points within a minute by one device', async () => {
    h.clock.set(sh('2026-11-20T11:00:00'));
    const reply = await upload({
      device_no: 'ALM-DEV',
      records: [
        { patrol_sn: 'ALM-1', punch_time: '2026-11-20 10:50:00' },
        { patrol_sn: 'ALM-2', punch_time: '2026-11-20 10:50:20' },
        { patrol_sn: 'ALM-3', punch_time: '2026-11-20 10:50:40' },
      ],
    });
    expect(reply.data.accepted).toBe(3);
    const { data } = await alertsOf(w.a.token, { kind: 4 });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ kind_name: '疑似代打', device_no: 'ALM-DEV', hold_id: w.a1.holdId });
    expect(data[0]!.detail).toContain('ALM-1、ALM-2、ALM-3');
    const flagged = await punches(w.a.token, { flagged_only: true });
    expect(flagged.data.map((p) => [p.patrol_sn, p.flag])).toEqual([
      ['ALM-3', '疑似代打'],
      ['ALM-2', '疑似代打'],
      ['ALM-1', '疑似代打'],
    ]);
    expect(flagged.total).toBe(3);
    const records = await h.post<PunchRow[]>(
      '/PatrolData/Records',
      { time_limits: 1, flagged_only: 1, PageIndex: 1, PageSize: 50 },
      w.a.token,
    );
    expect(records.data.every((p) => p.flag === '疑似代打')).toBe(true);
    // The same punches sent again raise nothing more.
    await upload({ device_no: 'ALM-DEV', records: [{ patrol_sn: 'ALM-1', punch_time: '2026-11-20 10:50:00' }] });
    expect((await alertsOf(w.a.token, { kind: 4 })).total).toBe(1);
    // Unflagged punches stay unflagged, and all of them are listed without the filter.
    const all = await punches(w.a.token);
    expect(all.data.filter((p) => p.flag === '')).toHaveLength(2);
  });

  it('时钟异常: a batch 20 minutes ahead of the server, once a day per device', async () => {
    const reply = await upload({
      device_no: 'ALM-DEV-B',
      records: [{ patrol_sn: 'ALM-1', punch_time: '2026-11-20 11:20:00' }],
    });
    expect(reply.data.accepted).toBe(1);
    await upload({ device_no: 'ALM-DEV-B', records: [{ patrol_sn: 'ALM-2', punch_time: '2026-11-20 11:25:00' }] });
    const { data } = await alertsOf(w.b.token, { kind: 3 });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ detail: '终端时钟比服务器快 20 分钟', device_no: 'ALM-DEV-B' });
    const flagged = await punches(w.b.token, { flagged_only: true });
    expect(flagged.data.map((p) => p.flag)).toEqual(['时钟异常', '时钟异常']);
    // Enterprise A sees none of B's.
    expect((await alertsOf(w.a.token, { kind: 3 })).total).toBe(0);
  });

  it('时钟异常: a terminal clock that moved 45 minutes since its last upload', async () => {
    await upload({
      device_no: 'ALM-DEV',
      device_time: '2026-11-20 11:00:30',
      records: [{ patrol_sn: 'ALM-1', punch_time: '2026-11-20 10:59:00' }],
    });
    h.clock.set(sh('2026-11-20T12:00:00'));
    await upload({
      device_no: 'ALM-DEV',
      device_time: '2026-11-20 12:45:00',
      records: [{ patrol_sn: 'ALM-3', punch_time: '2026-11-20 11:58:00' }],
    });
    const { data } = await alertsOf(w.a.token, { kind: 3 });
    expect(data).toHaveLength(1);
    expect(data[0]!.detail).toBe('终端时钟较上次上传偏移 45 分钟');
  });
});

describe('终端离线', () => {
  it('is raised once per silent spell for a bound device, after its enterprise’s hours', async () => {
    const db = h.ctx.db;
    const silent = await insertDevice(db, { holdId: w.a.holdId, deviceNo: 'ALM-SILENT', name: '沉默机' });
    await insertDevice(db, { holdId: w.a.holdId, deviceNo: 'ALM-UNBOUND', name: '闲置机' });
    await db.insert(task).values({ hold_id: w.a.holdId, task_name: '夜巡', road_id: f.road, object_id: silent });
    await db
      .update(device)
      .set({ last_upload_time: sh('2026-11-20T12:00:00') })
      .where(eq(device.object_id, silent));
    expect(await h.post('/Alert/UpdateSettings', { hold_id: w.a.holdId, offline_hours: 48 }, w.a.token)).toMatchObject({
      code: 200,
    });
    h.clock.set(sh('2026-11-21T13:00:00'));
    expect(await raiseSilentDevices(h.ctx)).toHaveLength(0);
    h.clock.set(sh('2026-11-22T12:30:00'));
    // Bound by its task; ALM-DEV by the road its last upload checked (silent since 12:00 too); ALM-UNBOUND is not.
    expect(await raiseSilentDevices(h.ctx)).toHaveLength(2);
    expect(await raiseSilentDevices(h.ctx)).toHaveLength(0);
    // Two days on, the morning's sessions have ended: everyone signs in again.
    for (const tenant of [w.a, w.b, w.a1]) {
      tenant.token = await h.login({ user_name: tenant.admin, user_password: PASSWORD });
    }
    const { data } = await alertsOf(w.a.token, { kind: 2, state: 0 });
    expect(data.map((a) => a.device_no).sort()).toEqual(['ALM-DEV', 'ALM-SILENT']);
    expect(data.find((a) => a.device_no === 'ALM-SILENT')!.detail).toBe(
      '终端 沉默机（ALM-SILENT）已超过 48 小时未上传打卡数据',
    );
  });

  it('settings: an enterprise’s own, 1–720 hours, not for departments or outside the scope', async () => {
    const mine = await h.get<AlertSettings>('/Alert/Settings', { hold_id: w.a.holdId }, w.a.token);
    expect(mine.data).toEqual({
      hold_id: w.a.holdId,
      hold_name: '甲企业',
      offline_hours: 48,
      checkin_enabled: false,
      checkin_minutes: 60,
      checkin_grace: 5,
    });
    expect((await h.get<AlertSettings>('/Alert/Settings', { hold_id: w.b.holdId }, w.b.token)).data.offline_hours).toBe(
      24,
    );
    expect(await h.get('/Alert/Settings', { hold_id: w.b.holdId }, w.a.token)).toMatchObject({ code: 403 });
    expect(await h.get('/Alert/Settings', { hold_id: w.a1.holdId }, w.a.token)).toMatchObject({
      code: 400,
      msg: '只能为企业设置离线时长',
    });
    expect(await h.post('/Alert/UpdateSettings', { hold_id: w.a.holdId, offline_hours: 0 }, w.a.token)).toMatchObject({
      code: 400,
      msg: '离线时长应为1-720小时',
    });
    expect(await h.post('/Alert/UpdateSettings', { hold_id: w.a.holdId, offline_hours: 5 }, w.a1.token)).toMatchObject({
      code: 403,
    });
    expect(h.clock.now().getTime() - sh('2026-11-22T12:30:00').getTime()).toBeLessThan(HOUR);
  });
});

describe('the 漏检 check’s lookback', () => {
  it('after each freeze reads the rounds that came due lately; the day’s check finds one frozen late', async () => {
    const [r] = await h.ctx.db.insert(road).values({ hold_id: w.b.holdId, road_name: '回看线' }).returning();
    const now = h.clock.now().getTime();
    const frozen = (endedMinutesAgo: number, date: string) => ({
      road_id: r!.road_id,
      hold_id: w.b.holdId,
      round_date: date,
      window_start: new Date(now - (endedMinutesAgo + 60) * 60_000),
      window_end: new Date(now - endedMinutesAgo * 60_000),
      expected_cards: [f.c1],
      result: 3,
    });
    // Ended 20 minutes ago (within the longest grace, 120 minutes, and ten more), and 3 hours ago.
    const rounds = await h.ctx.db
      .insert(patrolRound)
      .values([frozen(20, '2030-01-01'), frozen(180, '2030-01-02')])
      .returning({ id: patrolRound.round_id });

    const due = await raiseMissedRounds(h.ctx, 'due');
    const day = await raiseMissedRounds(h.ctx, 'day');

    const raisedFor = async (ids: number[]) =>
      (await alertsOf(w.b.token, { kind: 1 })).data.filter((a) => ids.includes(a.alert_id)).map((a) => a.round_id);
    expect(await raisedFor(due)).toEqual([rounds[0]!.id]);
    expect(await raisedFor(day)).toEqual([rounds[1]!.id]);
    expect(await raiseMissedRounds(h.ctx, 'day')).toEqual([]);

    // Both rounds completed by uploads that ran beside the checks, neither closing the alert it did not see yet:
    // after a freeze the alert raised lately is closed, the day's check closes the other.
    await h.ctx.db
      .update(patrolRound)
      .set({ result: 2 })
      .where(
        inArray(
          patrolRound.round_id,
          rounds.map((x) => x.id),
        ),
      );
    await h.ctx.db
      .update(alert)
      .set({ raised_time: new Date(now - 3 * HOUR) })
      .where(inArray(alert.alert_id, day));
    const stateOf = async () =>
      (await alertsOf(w.b.token, { kind: 1 })).data
        .filter((a) => a.road_id === r!.road_id)
        .map((a) => [a.round_id, a.state, a.handled_by]);
    await raiseMissedRounds(h.ctx, 'due');
    expect(await stateOf()).toEqual(
      expect.arrayContaining([
        [rounds[0]!.id, 1, '系统'],
        [rounds[1]!.id, 0, ''],
      ]),
    );
    await raiseMissedRounds(h.ctx, 'day');
    expect((await stateOf()).map(([, state]) => state)).toEqual([1, 1]);
  });
});

describe('a round frozen by a report’s read', () => {
  it('has its 漏检 alert at once, not at the freeze timer’s next turn', async () => {
    // Past any read of the last minute (readers freeze at most once a minute).
    h.clock.set(new Date(h.clock.now().getTime() + 2 * MINUTE));
    const now = h.clock.now().getTime();
    const [r] = await h.ctx.db.insert(road).values({ hold_id: w.b.holdId, road_name: '报表冻结线' }).returning();
    const [due] = await h.ctx.db
      .insert(patrolRound)
      .values({
        road_id: r!.road_id,
        hold_id: w.b.holdId,
        round_date: '2030-02-01',
        window_start: new Date(now - 70 * MINUTE),
        window_end: new Date(now - 10 * MINUTE),
        expected_cards: [f.c1],
      })
      .returning();
    const read = await h.post<MissedReportRow[]>(
      '/Report/Missed',
      { group_by: 'road', start_date: '2030-02-01', end_date: '2030-02-01' },
      w.b.token,
    );
    expect(read.code, read.msg).toBe(200);
    // The report counts the round missed: this read froze it.
    expect(read.data.filter((row) => row.group_key === r!.road_id).map((row) => row.missed)).toEqual([1]);
    const alerts = (await alertsOf(w.b.token, { kind: 1 })).data.filter((a) => a.road_id === r!.road_id);
    expect(alerts.map((a) => [a.round_id, a.state])).toEqual([[due!.round_id, 0]]);
  });
});
