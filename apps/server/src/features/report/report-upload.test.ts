import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary, MissedReportRow, MissedRound, RoundPoints } from '@guard-tour/contract';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/**
 * 漏检报表 end to end: a road saved with a grace through the API, punches through the terminals' upload (early,
 * on time, a repeat, and a late one uploaded after the round was frozen), read back through the report's calls.
 */
const h = useHarness();
let w: World;
let roadId = 0;
let guardId = 0;
const sh = (text: string) => `${text}+08:00`;

async function upload(records: object[]) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: { device_no: 'RU-DEV', records },
  });
  expect(response.json()).toMatchObject({ code: 200 });
}

beforeAll(async () => {
  h.clock.set(sh('2026-11-20T07:00:00'));
  w = await buildWorld(h);
  const cards = [
    await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RU-1', name: '东门' }),
    await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RU-2', name: '西门' }),
    await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RU-3', name: '北门' }),
  ];
  await insertDevice(h.ctx.db, { holdId: w.a.holdId, deviceNo: 'RU-DEV', name: '上传机' });
  const guard = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'ru_guard', user_password: PASSWORD, true_name: '赵六' },
    w.a.token,
  );
  guardId = guard.data.user_id;
  const saved = await h.post<{ road_id: number }>(
    '/PatrolRoad/SaveRoadInfo',
    {
      road_id: 0,
      road_name: '围墙线',
      hold_id: w.a.holdId,
      cycle_repeat_type: 1,
      start_time: '08:00',
      end_time: '09:00',
      grace_minutes: 10,
      user_id_list: [guardId],
      card_id_list: cards,
    },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  roadId = saved.data.road_id;
  // Docked at 09:30, after the window's end (09:01) plus the grace (09:11): 早到, 正常 (and a later repeat).
  h.clock.set(sh('2026-11-20T09:30:00'));
  await upload([
    { patrol_sn: 'RU-1', punch_time: '2026-11-20 07:55:00', user_name: 'ru_guard' },
    { patrol_sn: 'RU-2', punch_time: '2026-11-20 08:30:00', user_name: 'ru_guard' },
    { patrol_sn: 'RU-2', punch_time: '2026-11-20 08:45:00', user_name: 'ru_guard' },
  ]);
});

const DAY = { start_date: '2026-11-20', end_date: '2026-11-20' };

async function reportRow(group_by: string): Promise<MissedReportRow[]> {
  const reply = await h.post<MissedReportRow[]>('/Report/Missed', { ...DAY, group_by }, w.a.token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
}

async function theRound(): Promise<MissedRound> {
  const reply = await h.post<MissedRound[]>(
    '/Report/MissedRounds',
    { ...DAY, group_by: 'road', group_key: roadId },
    w.a.token,
  );
  expect(reply.total).toBe(1);
  return reply.data[0]!;
}

describe('the report over real uploads', () => {
  it('freezes the round at the window’s end plus grace with 早到, 正常 and 漏检', async () => {
    const round = await theRound();
    expect(round).toMatchObject({
      road_name: '围墙线',
      window_start: '2026-11-20 08:00:00',
      window_end: '2026-11-20 09:00:00',
      walkers: '赵六',
      result: 3,
      missed: [{ patrol_sn: 'RU-3', patrol_name: '北门' }],
    });
    const points = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: round.round_id }, w.a.token);
    expect(points.data).toMatchObject({ grace_minutes: 10, result: 3 });
    expect(points.data.points.map((p) => [p.patrol_sn, p.result, p.punch_time])).toEqual([
      ['RU-1', 2, '2026-11-20 07:55:00'],
      ['RU-2', 1, '2026-11-20 08:30:00'],
      ['RU-3', 4, null],
    ]);
    const row = { rounds_expected: 1, points_expected: 3, on_time: 1, early: 1, late: 0 };
    expect(await reportRow('road')).toEqual([
      { group_key: roadId, group_name: '围墙线', ...row, rounds_done: 0, missed: 1, rate: 66.7 },
    ]);
    expect(await reportRow('user')).toEqual([
      { group_key: guardId, group_name: '赵六', ...row, rounds_done: 0, missed: 1, rate: 66.7 },
    ]);
    const [summary] = (await h.get<DashboardSummary[]>('/Dashboard/Summary', {}, w.a.token)).data;
    expect(summary!.missed_checks).toBe(1);
  });

  it('gives a punch uploaded after the freeze the result its time earns, and finishes the round', async () => {
    h.clock.set(sh('2026-11-20T11:00:00'));
    await upload([{ patrol_sn: 'RU-3', punch_time: '2026-11-20 09:05:00', user_name: 'ru_guard' }]);
    const round = await theRound();
    expect(round).toMatchObject({ result: 2, missed: [] });
    const points = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: round.round_id }, w.a.token);
    expect(points.data.points.map((p) => [p.result, p.punch_time])).toEqual([
      [2, '2026-11-20 07:55:00'],
      [1, '2026-11-20 08:30:00'],
      [3, '2026-11-20 09:05:00'],
    ]);
    expect(await reportRow('date')).toEqual([
      {
        group_key: '2026-11-20',
        group_name: '2026-11-20',
        rounds_expected: 1,
        rounds_done: 1,
        points_expected: 3,
        on_time: 1,
        early: 1,
        late: 1,
        missed: 0,
        rate: 100,
      },
    ]);
  });
});
