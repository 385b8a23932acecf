import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary, MissedPoint, PunchRow, RoadRow, TrendPoint } from '@guard-tour/contract';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { RoundStatus } from '../../domain/schedule.js';
import { roadSchedule } from '../../domain/stored-schedule.js';
import { liveStatuses } from '../round/round.service.js';
import * as repo from './dashboard.repository.js';

const h = useHarness();
let w: World;
const sh = (text: string) => `${text}+08:00`;

async function upload(records: object[]) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: { device_no: 'DASH-DEV', records },
  });
  expect(response.json().code).toBe(200);
}

beforeAll(async () => {
  h.clock.set(sh('2026-11-20T07:00:00'));
  w = await buildWorld(h);
  const east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'DASH-E', name: '东门' });
  const west = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'DASH-W', name: '西门' });
  await insertDevice(h.ctx.db, { holdId: w.a.holdId, deviceNo: 'DASH-DEV', name: '首页机' });
  const guard = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'dash_guard', user_password: PASSWORD },
    w.a.token,
  );
  const road = (name: string, start: string, end: string, cards: number[]) =>
    h.post(
      '/PatrolRoad/SaveRoadInfo',
      {
        road_id: 0,
        road_name: name,
        hold_id: w.a.holdId,
        cycle_repeat_type: 1,
        start_time: start,
        end_time: end,
        user_id_list: [guard.data.user_id],
        card_id_list: cards,
      },
      w.a.token,
    );
  await road('上午线', '08:00', '12:00', [east, west]);
  await road('下午线', '14:00', '16:00', [east]);
  h.clock.set(sh('2026-11-20T12:30:00'));
  await upload([
    { patrol_sn: 'DASH-E', punch_time: '2026-11-20 09:00:00', user_name: 'dash_guard' },
    { patrol_sn: 'DASH-E', punch_time: '2026-11-20 09:30:00', user_name: 'dash_guard' },
    { patrol_sn: 'DASH-E', punch_time: '2026-11-20 10:00:00' },
  ]);
});

const get = async <T>(path: string, query: Record<string, string | number> = {}, token = w.a.token) => {
  const reply = await h.get<T>(path, query, token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
};

describe('the dashboard', () => {
  it('counts today by hand: one round ended with a missed point, the other not started', async () => {
    h.clock.set(sh('2026-11-20T13:00:00'));
    w.a.token = await h.login({ user_name: w.a.admin, user_password: PASSWORD });
    const [summary] = await get<DashboardSummary[]>('/Dashboard/Summary');
    expect(summary).toEqual({
      all_roads: 2,
      running_roads: 0,
      patrol_people_num: 2,
      missed_checks: 1,
      completion_rate: 50,
      today: '2026-11-20',
    });
    expect(await get<MissedPoint[]>('/Dashboard/MissedToday')).toEqual([
      {
        round_id: expect.any(Number),
        road_name: '上午线',
        patrol_name: '西门',
        patrol_sn: 'DASH-W',
        window: '08:00-12:00',
      },
    ]);
  });

  it('counts a running round’s points once its window opens', async () => {
    h.clock.set(sh('2026-11-20T15:00:00'));
    const [summary] = await get<DashboardSummary[]>('/Dashboard/Summary');
    expect(summary).toMatchObject({ running_roads: 1, missed_checks: 1, completion_rate: 33.3 });
  });

  it('draws the last days from the stored rounds and punches, oldest first', async () => {
    expect(await get<TrendPoint[]>('/Dashboard/Trend', { days: 2 })).toEqual([
      // ACCOUNTABILITY.md, Dashboard: a day without rounds is left empty, never drawn as 100%.
      { date: '2026-11-19', punches: 0, completion_rate: null },
      { date: '2026-11-20', punches: 3, completion_rate: 33.3 },
    ]);
  });

  it('lists today’s punches newest first, 20 a page by default, with the names at punch time', async () => {
    const reply = await h.get<PunchRow[]>('/Dashboard/TodayPatrolLogs', { PageIndex: 1 }, w.a.token);
    expect(reply.total).toBe(3);
    expect(reply.data.map((r) => r.create_htime)).toEqual(['10:00:00', '09:30:00', '09:00:00']);
    expect(reply.data[2]).toMatchObject({
      create_time: '2026-11-20 09:00:00',
      create_date: '2026-11-20',
      weekly: '周五',
      patrol_name: '东门',
      patrol_sn: 'DASH-E',
      device_no: 'DASH-DEV',
      object_name: '首页机',
      user_name: 'dash_guard',
      road_name: '上午线',
      hold_name: '甲企业',
    });
    const second = await h.get<PunchRow[]>('/Dashboard/TodayPatrolLogs', { PageIndex: 2, PageSize: 2 }, w.a.token);
    expect(second.data.map((r) => r.create_htime)).toEqual(['09:00:00']);
    expect(second.total).toBe(3);
  });

  it('counts a road’s own live points only for a round not stored yet, and reads the road 异常 by them', async () => {
    const roads = await repo.roadSchedules(h.ctx.db, [w.a.holdId]);
    expect(roads.every((r) => r.created_at instanceof Date && r.closed_at === null)).toBe(true);
    const ids = roads.map((r) => r.road_id);
    expect([...(await repo.liveCardCounts(h.ctx.db, ids)).values()].sort()).toEqual([1, 2]);
    const items = roads.map((r) => ({ id: r.road_id, schedule: roadSchedule(r) }));
    const asked: number[][] = [];
    const countCards = (roadIds: number[]) => {
      asked.push(roadIds);
      return repo.liveCardCounts(h.ctx.db, roadIds);
    };
    try {
      // Today's rounds are stored: nothing to count.
      h.clock.set(sh('2026-11-20T15:00:00'));
      await liveStatuses(h.ctx, h.ctx.db, 'road', items, countCards);
      expect(asked).toEqual([]);
      // The next day, its rounds not stored (no sweep ran): the morning round that ended expects its road's two points,
      // none checked, so the road is 异常 (expecting none, it would count as done).
      h.clock.set(sh('2026-11-21T12:30:00'));
      const statuses = await liveStatuses(h.ctx, h.ctx.db, 'road', items, countCards);
      const morning = roads.find((r) => r.start_minute === 8 * 60)!.road_id;
      expect(statuses.get(morning)).toBe(RoundStatus.abnormal);
      expect(asked.flat()).toContain(morning);
      // Neither the points nor a way to count them: refused rather than read as a round expecting none (done).
      await expect(liveStatuses(h.ctx, h.ctx.db, 'road', items)).rejects.toThrow(/no count of points/);
    } finally {
      h.clock.set(sh('2026-11-20T15:00:00'));
    }
  });

  it('shows a sibling enterprise nothing of it, and refuses a foreign organisation', async () => {
    const [summary] = await get<DashboardSummary[]>('/Dashboard/Summary', {}, w.b.token);
    expect(summary).toEqual({
      all_roads: 0,
      running_roads: 0,
      patrol_people_num: 0,
      missed_checks: 0,
      // Nothing expected yet: "—" on screen (ACCOUNTABILITY.md, Dashboard).
      completion_rate: null,
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await h.get('/Dashboard/Summary', { hold_id: w.a.holdId }, w.b.token)).code).toBe(403);
    expect((await h.get('/Dashboard/TodayPatrolLogs', {}, w.b.token)).total).toBe(0);
  });

  it('counts a road inside its grace after the window as running, as the road list shows it', async () => {
    const card = await insertCard(h.ctx.db, { holdId: w.b.holdId, sn: 'DASH-G', name: '宽限点' });
    const guard = await h.post<{ user_id: number }>(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: w.b.holdId, user_name: 'dash_late', user_password: PASSWORD },
      w.b.token,
    );
    const saved = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      {
        road_id: 0,
        road_name: '宽限线',
        hold_id: w.b.holdId,
        cycle_repeat_type: 1,
        start_time: '16:00',
        end_time: '17:00',
        grace_minutes: 30,
        user_id_list: [guard.data.user_id],
        card_id_list: [card],
      },
      w.b.token,
    );
    expect(saved.code, saved.msg).toBe(200);
    try {
      // Ten minutes after the window, inside its 30 minutes' grace, the point not checked yet: still 进行中.
      h.clock.set(sh('2026-11-20T17:10:00'));
      const roads = await h.post<RoadRow[]>('/PatrolRoad/List', { PageIndex: 1, PageSize: 20 }, w.b.token);
      expect(roads.data.find((r) => r.road_name === '宽限线')?.status).toBe(RoundStatus.running);
      const [summary] = await get<DashboardSummary[]>('/Dashboard/Summary', {}, w.b.token);
      expect(summary).toMatchObject({ all_roads: 1, running_roads: 1 });
      // The next day before a sweep stored its round: the road's own grace decides, as the dashboard read it.
      h.clock.set(sh('2026-11-21T17:10:00'));
      const items = (await repo.roadSchedules(h.ctx.db, [w.b.holdId])).map((r) => ({
        id: r.road_id,
        schedule: roadSchedule(r),
      }));
      const statuses = await liveStatuses(h.ctx, h.ctx.db, 'road', items, (ids) => repo.liveCardCounts(h.ctx.db, ids));
      expect(statuses.get(items[0]!.id)).toBe(RoundStatus.running);
    } finally {
      h.clock.set(sh('2026-11-20T15:00:00'));
    }
  });
});
