import {
  AlertKind,
  type MissedReportRow,
  type MissedRound,
  type RoadRow,
  type RoundPoints,
} from '@guard-tour/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/sql.js';
import { insertCard } from '../../test/fixtures.js';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { raiseMissedRounds } from '../alert/alert.service.js';
import { sweepRounds } from '../round/round.service.js';

/**
 * A road walked by shift (SHIFTS.md): its rounds record the accounts on duty when made; a roster change before the
 * window opens moves them, after it does not; 漏检报表 by 巡检人 charges the round to them and not to anyone else;
 * the drill-down and the 漏检 alert name them.
 */
const h = useHarness();
let w: World;
const users: Record<string, number> = {};
let shiftId: number;
let roadId: number;
const sh = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
const admin = () => h.login({ user_name: w.a.admin, user_password: PASSWORD });

async function roster(cells: { user: string; date: string }[], token: string) {
  const saved = await h.post(
    '/Roster/Save',
    { hold_id: w.a.holdId, cells: cells.map((c) => ({ user_id: users[c.user], date: c.date, shift_id: shiftId })) },
    token,
  );
  expect(saved.code, saved.msg).toBe(200);
}

async function roundOf(date: string) {
  const [round] = await queryRows<{ round_id: number; responsible_users: number[]; walker_users: number[] }>(
    h.ctx.db,
    sql`select round_id::int as round_id, responsible_users, walker_users from patrol_round
        where road_id = ${roadId} and round_date = ${date}::date`,
  );
  return round!;
}

beforeAll(async () => {
  h.clock.set(sh('2026-12-01 06:00:00'));
  w = await buildWorld(h);
  for (const [name, trueName] of [
    ['zhao', '赵一'],
    ['qian', '钱二'],
    ['sun', '孙三'],
  ] as const) {
    const saved = await h.post<{ user_id: number }>(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: w.a.holdId, user_name: name, user_password: PASSWORD, true_name: trueName },
      w.a.token,
    );
    users[name] = saved.data.user_id;
  }
  const east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'SHIFT-EAST', name: '东门' });
  shiftId = (
    await h.post<{ shift_id: number }>(
      '/Shift/Save',
      { shift_id: 0, hold_id: w.a.holdId, shift_name: '白班', start_time: '08:00', end_time: '12:00' },
      w.a.token,
    )
  ).data.shift_id;
  await roster(
    [
      { user: 'zhao', date: '2026-12-01' },
      { user: 'qian', date: '2026-12-02' },
    ],
    w.a.token,
  );
  const road = await h.post<{ road_id: number }>(
    '/PatrolRoad/SaveRoadInfo',
    {
      road_id: 0,
      road_name: '白班巡逻',
      hold_id: w.a.holdId,
      walker_mode: 'shift',
      shift_id: shiftId,
      card_id_list: [east],
      cycle_repeat_type: 1,
      start_time: '09:00',
      end_time: '10:00',
    },
    w.a.token,
  );
  expect(road.code, road.msg).toBe(200);
  roadId = road.data.road_id;
});

describe('a road walked by shift', () => {
  it('needs no accounts but its shift, and its rows say so', async () => {
    const detail = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId }, w.a.token);
    expect(detail.data).toMatchObject({ walker_mode: 'shift', shift_id: shiftId, shift_name: '白班', user_id: '' });
    const noShift = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      { road_id: 0, road_name: '缺班次', hold_id: w.a.holdId, walker_mode: 'shift', card_id_list: [1] },
      w.a.token,
    );
    expect(noShift).toMatchObject({ code: 400, msg: '请选择班次' });
    const noAccounts = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      { road_id: 0, road_name: '缺账号', hold_id: w.a.holdId, card_id_list: [1] },
      w.a.token,
    );
    expect(noAccounts).toMatchObject({ code: 400, msg: '请选择账号！' });
    const foreign = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      {
        road_id: roadId,
        road_name: '借班次',
        hold_id: w.b.holdId,
        walker_mode: 'shift',
        shift_id: shiftId,
        card_id_list: [1],
      },
      w.b.token,
    );
    expect([403, 404]).toContain(foreign.code);
  });

  it('records those on duty when its round is made, and a roster change before the window opens moves them', async () => {
    await sweepRounds(h.ctx);
    expect((await roundOf('2026-12-01')).responsible_users).toEqual([users.zhao]);
    // 07:00, before 09:00: 孙三 joins the shift and the round follows.
    h.clock.set(sh('2026-12-01 07:00:00'));
    await roster([{ user: 'sun', date: '2026-12-01' }], await admin());
    expect((await roundOf('2026-12-01')).responsible_users).toEqual([users.zhao, users.sun]);
    // 09:30, the window is open: a change no longer moves the round.
    h.clock.set(sh('2026-12-01 09:30:00'));
    const token = await admin();
    const off = await h.post(
      '/Roster/Save',
      { hold_id: w.a.holdId, cells: [{ user_id: users.sun, date: '2026-12-01', shift_id: 0 }] },
      token,
    );
    expect(off.code).toBe(200);
    const round = await roundOf('2026-12-01');
    expect(round.responsible_users).toEqual([users.zhao, users.sun]);
    expect(round.walker_users).toEqual([users.zhao, users.sun]);
  });

  it('charges the missed round to those on duty in 漏检报表, the drill-down and the alert', async () => {
    h.clock.set(sh('2026-12-01 10:05:00'));
    await sweepRounds(h.ctx);
    await raiseMissedRounds(h.ctx, 'day');
    const token = await admin();
    const span = { hold_id: w.a.holdId, start_date: '2026-12-01', end_date: '2026-12-01', PageIndex: 1, PageSize: 20 };
    const byUser = await h.post<MissedReportRow[]>('/Report/Missed', { ...span, group_by: 'user' }, token);
    expect(byUser.data.map((r) => [r.group_name, r.rounds_expected, r.missed]).sort()).toEqual([
      ['孙三', 1, 1],
      ['赵一', 1, 1],
    ]);
    const rounds = await h.post<MissedRound[]>(
      '/Report/MissedRounds',
      { ...span, group_by: 'user', group_key: users.zhao },
      token,
    );
    expect(rounds.data[0]!.responsible).toEqual([
      { user_id: users.zhao, true_name: '赵一' },
      { user_id: users.sun, true_name: '孙三' },
    ]);
    const points = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: rounds.data[0]!.round_id }, token);
    expect((points.data.responsible ?? []).map((r) => r.true_name)).toEqual(['赵一', '孙三']);
    const [alert] = await queryRows<{ detail: string }>(
      h.ctx.db,
      sql`select detail from alert where kind = ${AlertKind.missed} and road_id = ${roadId}`,
    );
    expect(alert!.detail).toBe(
      '白班巡逻 2026-12-01 09:00-10:01 漏检 1 个巡检点：东门（SHIFT-EAST）（责任人：赵一、孙三）',
    );
  });

  it('a day with someone else on duty is charged to them only', async () => {
    h.clock.set(sh('2026-12-02 10:05:00'));
    await sweepRounds(h.ctx);
    expect((await roundOf('2026-12-02')).responsible_users).toEqual([users.qian]);
    const byUser = await h.post<MissedReportRow[]>(
      '/Report/Missed',
      {
        hold_id: w.a.holdId,
        start_date: '2026-12-02',
        end_date: '2026-12-02',
        group_by: 'user',
        PageIndex: 1,
        PageSize: 20,
      },
      await admin(),
    );
    expect(byUser.data.map((r) => r.group_name)).toEqual(['钱二']);
  });
});
