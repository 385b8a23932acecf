import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AlertKind,
  slotMessages,
  type AlertRow,
  type AppRound,
  type MissedReportRow,
  type MissedRound,
  type RegisteredApp,
  type RoadRow,
  type RoundPoints,
  type TaskRow,
  type UploadPunchesResult,
} from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { insertCard } from '../../test/fixtures.js';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { raiseMissedRounds } from '../alert/alert.service.js';
import { sweepRounds } from './round.service.js';

/**
 * Several rounds a day (issue 31, SHIFTS.md) through the API, every result computed by hand: road 甲 walked
 * 08:00–09:00 and 14:00–15:00 with a 10-minute grace, road 乙 10:00–11:00 and overnight 22:00–01:00 without grace,
 * over two days (Thursday 19 and Friday 20 November 2026, Shanghai), by one guard's phone punching as the clock
 * runs. Each slot is its own round with its own results, 漏检 alert, report rows and app entry.
 */
const h = useHarness();
let w: World;
let guard = '';
let guardId = 0;
let phone: RegisteredApp;
let admin = '';
const cards = { east: 0, west: 0, north: 0 };
const D1 = '2026-11-19';
const D2 = '2026-11-20';
const sh = (day: string, time: string) => `${day}T${time}:00+08:00`;
const roads = { a: 0, b: 0 };

const slots = (...pairs: [string, string][]) => pairs.map(([start_time, end_time]) => ({ start_time, end_time }));
const roadBody = (name: string, overrides: object = {}) => ({
  road_id: 0,
  road_name: name,
  hold_id: w.a.holdId,
  cycle_repeat_type: 1,
  user_id_list: [guardId],
  card_id_list: [cards.east, cards.west],
  ...overrides,
});

async function saveRoad(body: object): Promise<number> {
  const reply = await h.post<{ road_id: number }>('/PatrolRoad/SaveRoadInfo', body, admin);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.road_id;
}

/** The guard's phone punches a card at a local time, uploaded a minute later. */
async function punch(day: string, time: string, sn: string): Promise<void> {
  h.clock.set(new Date(new Date(sh(day, time)).getTime() + 60_000));
  const reply = await h.post<UploadPunchesResult>(
    '/Terminal/AppPunches',
    { device_no: phone.device_no, records: [{ patrol_sn: sn, punch_time: `${day} ${time}:00` }] },
    guard,
  );
  expect(reply.code, reply.msg).toBe(200);
  expect(reply.data.accepted).toBe(1);
}

/** The statuses at a local time, after the server's timers have frozen due rounds and raised their alerts. */
async function statusOf(day: string, time: string): Promise<Record<string, number>> {
  h.clock.set(sh(day, time));
  await sweepRounds(h.ctx);
  await raiseMissedRounds(h.ctx, 'due');
  const reply = await h.post<RoadRow[]>('/PatrolRoad/List', { hold_id: w.a.holdId, PageSize: 50 }, admin);
  expect(reply.code, reply.msg).toBe(200);
  return Object.fromEntries(
    reply.data.filter((r) => ['甲', '乙'].includes(r.road_name)).map((r) => [r.road_name, r.status]),
  );
}

beforeAll(async () => {
  h.clock.set(sh(D1, '07:00'));
  w = await buildWorld(h);
  admin = await h.login({ user_name: w.a.admin, user_password: PASSWORD }, true);
  cards.east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'SLT-E', name: '东门' });
  cards.west = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'SLT-W', name: '西门' });
  cards.north = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'SLT-N', name: '北门' });
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'slot_guard', user_password: PASSWORD, true_name: '周巡' },
    admin,
  );
  expect(saved.code, saved.msg).toBe(200);
  guardId = saved.data.user_id;
  guard = await h.login({ user_name: 'slot_guard', user_password: PASSWORD }, true);
  const registered = await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: 'phone-slots-00000001' }, guard);
  expect(registered.code, registered.msg).toBe(200);
  phone = registered.data;
});

describe('a road walked in several slots a day', () => {
  it('saves its slots (in start order) and shows them on its rows', async () => {
    roads.a = await saveRoad(
      roadBody('甲', { time_slots: slots(['14:00', '15:00'], ['08:00', '09:00']), grace_minutes: 10 }),
    );
    roads.b = await saveRoad(
      roadBody('乙', {
        card_id_list: [cards.north],
        start_time: '03:00',
        end_time: '04:00',
        time_slots: slots(['10:00', '11:00'], ['22:00', '01:00']),
      }),
    );
    const detail = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId: roads.a }, admin);
    expect(detail.code, detail.msg).toBe(200);
    expect(detail.data).toMatchObject({
      start_time: '08:00',
      end_time: '15:00',
      time_slots: slots(['08:00', '09:00'], ['14:00', '15:00']),
      grace_minutes: 10,
    });
    const list = await h.post<RoadRow[]>('/PatrolRoad/List', { hold_id: w.a.holdId, PageSize: 50 }, admin);
    expect(list.data.find((r) => r.road_name === '乙')).toMatchObject({
      start_time: '10:00',
      end_time: '01:00',
      time_slots: slots(['10:00', '11:00'], ['22:00', '01:00']),
    });
  });

  it('keeps the old meaning without slots: one slot for a single window, none for the whole day', async () => {
    const single = await saveRoad(roadBody('单窗', { start_time: '09:00', end_time: '10:00' }));
    const allDay = await saveRoad(roadBody('全天', {}));
    const rows = await h.post<RoadRow[]>('/PatrolRoad/List', { hold_id: w.a.holdId, PageSize: 50 }, admin);
    expect(rows.data.find((r) => r.road_id === single)).toMatchObject({
      start_time: '09:00',
      end_time: '10:00',
      time_slots: slots(['09:00', '10:00']),
    });
    expect(rows.data.find((r) => r.road_id === allDay)).toMatchObject({ start_time: '', end_time: '', time_slots: [] });
    const simple = await h.get<RoadRow>('/RoadInfo/GetRoadDetail', { road_id: allDay }, admin);
    expect(simple.data.time_slots).toEqual([]);
    await h.post('/RoadInfo/RemoveRoadInfo', { road_ids: [single, allDay] }, admin);
  });

  it('lists today’s rounds in the guard app slot by slot, in window order', async () => {
    h.clock.set(sh(D1, '07:30'));
    const reply = await h.get<AppRound[]>('/Terminal/AppRounds', { device_no: phone.device_no }, guard);
    expect(reply.code, reply.msg).toBe(200);
    expect(
      reply.data
        .filter((r) => ['甲', '乙'].includes(r.road_name))
        .map((r) => [r.road_name, r.slot_no, r.window_start.slice(11, 16), r.window_end.slice(0, 16)]),
    ).toEqual([
      ['甲', 1, '08:00', `${D1} 09:01`],
      ['乙', 1, '10:00', `${D1} 11:01`],
      ['甲', 2, '14:00', `${D1} 15:01`],
      ['乙', 2, '22:00', `${D2} 01:01`],
    ]);
  });

  it('is running in a slot, not started between slots, abnormal after a missed one, over midnight too', async () => {
    await punch(D1, '07:55', 'SLT-E'); // 甲 slot 1, in the grace before: 早到
    expect(await statusOf(D1, '08:30')).toEqual({ 甲: 1, 乙: 0 });
    await punch(D1, '08:30', 'SLT-W'); // 甲 slot 1: 正常
    expect(await statusOf(D1, '09:30')).toEqual({ 甲: 0, 乙: 0 });
    await punch(D1, '10:30', 'SLT-N'); // 乙 slot 1: 正常
    expect(await statusOf(D1, '10:45')).toEqual({ 甲: 0, 乙: 1 });
    await punch(D1, '15:05', 'SLT-E'); // 甲 slot 2, in the grace after: 迟到 (西门 missed)
    expect(await statusOf(D1, '15:08')).toEqual({ 甲: 1, 乙: 0 });
    expect(await statusOf(D1, '15:30')).toEqual({ 甲: 3, 乙: 0 });
    expect(await statusOf(D2, '00:20')).toEqual({ 甲: 0, 乙: 1 }); // 乙's night slot of the 19th
    await punch(D2, '00:30', 'SLT-N'); // 乙 slot 2 of the 19th: 正常
    await punch(D2, '09:05', 'SLT-E'); // 甲 slot 1 of the 20th, grace after: 迟到 (西门 missed)
    await punch(D2, '09:55', 'SLT-N'); // 乙 has no grace: checks nothing
    expect(await statusOf(D2, '11:30')).toEqual({ 甲: 3, 乙: 3 });
    await punch(D2, '14:10', 'SLT-E');
    await punch(D2, '14:20', 'SLT-W'); // 甲 slot 2 of the 20th: both 正常
    await punch(D2, '23:00', 'SLT-N'); // 乙 slot 2 of the 20th: 正常
  });

  it('freezes every slot’s round with its own results, and raises one 漏检 alert per missed slot', async () => {
    h.clock.set(sh('2026-11-21', '02:00'));
    await sweepRounds(h.ctx);
    await raiseMissedRounds(h.ctx);
    const rounds = await h.post<MissedRound[]>(
      '/Report/MissedRounds',
      { hold_id: w.a.holdId, start_date: D1, end_date: D2, group_by: 'hold', group_key: w.a.holdId, PageSize: 100 },
      admin,
    );
    expect(rounds.code, rounds.msg).toBe(200);
    const ours = rounds.data.filter((r) => ['甲', '乙'].includes(r.road_name));
    const seen = await Promise.all(
      ours.map(async (round) => {
        const points = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: round.round_id }, admin);
        expect(points.data.slot_no).toBe(round.slot_no);
        return [
          round.round_date,
          round.road_name,
          round.slot_no,
          `${round.window_start.slice(11, 16)}-${round.window_end.slice(11, 16)}`,
          round.result,
          points.data.points.map((p) => `${p.patrol_sn}:${p.result}:${p.punch_time?.slice(5, 16) ?? ''}`).join(' '),
          round.missed.map((m) => m.patrol_sn).join(','),
        ];
      }),
    );
    // Newest first: by day, then window.
    expect(seen).toEqual([
      [D2, '乙', 2, '22:00-01:00', 2, 'SLT-N:1:11-20 23:00', ''],
      [D2, '甲', 2, '14:00-15:00', 2, 'SLT-E:1:11-20 14:10 SLT-W:1:11-20 14:20', ''],
      [D2, '乙', 1, '10:00-11:00', 3, 'SLT-N:4:', 'SLT-N'],
      [D2, '甲', 1, '08:00-09:00', 3, 'SLT-E:3:11-20 09:05 SLT-W:4:', 'SLT-W'],
      [D1, '乙', 2, '22:00-01:00', 2, 'SLT-N:1:11-20 00:30', ''],
      [D1, '甲', 2, '14:00-15:00', 3, 'SLT-E:3:11-19 15:05 SLT-W:4:', 'SLT-W'],
      [D1, '乙', 1, '10:00-11:00', 2, 'SLT-N:1:11-19 10:30', ''],
      [D1, '甲', 1, '08:00-09:00', 2, 'SLT-E:2:11-19 07:55 SLT-W:1:11-19 08:30', ''],
    ]);
    const alerts = await h.post<AlertRow[]>(
      '/Alert/List',
      { kind: AlertKind.missed, PageIndex: 1, PageSize: 50, hold_id: w.a.holdId },
      admin,
    );
    expect(alerts.code, alerts.msg).toBe(200);
    const missedRoundIds = ours.filter((r) => r.result === 3).map((r) => r.round_id);
    const byId = (a: number | null, b: number | null) => Number(a) - Number(b);
    expect(alerts.data.map((a) => a.round_id).sort(byId)).toEqual([...missedRoundIds].sort(byId));
    expect(alerts.data.map((a) => a.detail).join('\n')).toContain('14:00');
  });

  it('counts each slot as a round of 漏检报表', async () => {
    const report = await h.post<MissedReportRow[]>(
      '/Report/Missed',
      { hold_id: w.a.holdId, start_date: D1, end_date: D2, group_by: 'road', PageIndex: 1, PageSize: 50 },
      admin,
    );
    expect(report.code, report.msg).toBe(200);
    const row = (name: string) => report.data.find((r) => r.group_name === name);
    expect(row('甲')).toMatchObject({
      rounds_expected: 4,
      rounds_done: 2,
      points_expected: 8,
      on_time: 3,
      early: 1,
      late: 2,
      missed: 2,
      rate: 75,
    });
    expect(row('乙')).toMatchObject({
      rounds_expected: 4,
      rounds_done: 3,
      points_expected: 4,
      on_time: 3,
      early: 0,
      late: 0,
      missed: 1,
      rate: 75,
    });
  });
});

describe('editing slots changes future rounds only', () => {
  it('keeps a round already walked and remakes the later ones from the edit', async () => {
    h.clock.set(sh('2026-11-23', '07:00'));
    const road = await saveRoad(roadBody('丙', { time_slots: slots(['08:00', '09:00'], ['12:00', '13:00']) }));
    h.clock.set(sh('2026-11-23', '10:00'));
    await saveRoad(
      roadBody('丙', { road_id: road, time_slots: slots(['08:30', '09:30'], ['15:00', '16:00'], ['18:00', '18:30']) }),
    );
    const stored = await queryRows<{ round_date: string; slot_no: number; w: string }>(
      h.ctx.db,
      sql`select to_char(round_date, 'YYYY-MM-DD') as round_date, slot_no,
        to_char(window_start at time zone 'Asia/Shanghai', 'HH24:MI') as w
      from patrol_round where road_id = ${road} order by round_date, slot_no`,
    );
    expect(stored.map((r) => [r.round_date, r.slot_no, r.w])).toEqual([
      ['2026-11-23', 1, '08:00'],
      ['2026-11-23', 2, '15:00'],
      ['2026-11-23', 3, '18:00'],
    ]);

    // A later edit moves the first slot to 11:30: today's slot 1 was walked already (08:00) and stays the day's
    // slot 1, as a single window's round under way stays the day's round (issue 37); the later slots follow the
    // edit (18:00 is gone); tomorrow has the edited slots.
    h.clock.set(sh('2026-11-23', '11:00'));
    await saveRoad(roadBody('丙', { road_id: road, time_slots: slots(['11:30', '12:00'], ['15:00', '16:00']) }));
    h.clock.set(sh('2026-11-24', '00:10'));
    await sweepRounds(h.ctx);
    const after = await queryRows<{ round_date: string; slot_no: number; w: string }>(
      h.ctx.db,
      sql`select to_char(round_date, 'YYYY-MM-DD') as round_date, slot_no,
        to_char(window_start at time zone 'Asia/Shanghai', 'HH24:MI') as w
      from patrol_round where road_id = ${road} order by round_date, slot_no`,
    );
    expect(after.map((r) => [r.round_date, r.slot_no, r.w])).toEqual([
      ['2026-11-23', 1, '08:00'],
      ['2026-11-23', 2, '15:00'],
      ['2026-11-24', 1, '11:30'],
      ['2026-11-24', 2, '15:00'],
    ]);
  });
});

describe('an edit during the day gives today the rounds of its slots', () => {
  it('a new slot gets its round though a kept round holds its number, and no slot gets two', async () => {
    const day = '2026-11-25';
    h.clock.set(sh(day, '05:00'));
    const road = await saveRoad(roadBody('丁', { time_slots: slots(['06:00', '07:00'], ['10:00', '11:00']) }));
    await punch(day, '10:10', 'SLT-E');
    const today = async () =>
      (
        await queryRows<{ slot_no: number; w: string; checked: number }>(
          h.ctx.db,
          sql`select slot_no, to_char(window_start at time zone 'Asia/Shanghai', 'HH24:MI') || '-' ||
            to_char((window_end - interval '1 minute') at time zone 'Asia/Shanghai', 'HH24:MI') as w,
            cardinality(checked_cards) as checked
          from patrol_round where road_id = ${road} and round_date = ${day}::date order by slot_no`,
        )
      ).map((r) => [r.slot_no, r.w, r.checked]);
    // At 10:30 (06:00 missed and frozen, 10:00 under way) the 06:00 slot is dropped and 14:00 added: the edit's
    // slot 1 is the 10:00 round under way (kept as slot 2), its slot 2 (14:00) gets a round though the kept 06:00
    // holds number 1 and the kept 10:00 number 2: it is numbered 3.
    h.clock.set(sh(day, '10:30'));
    await saveRoad(roadBody('丁', { road_id: road, time_slots: slots(['10:00', '11:00'], ['14:00', '15:00']) }));
    expect(await today()).toEqual([
      [1, '06:00-07:00', 0],
      [2, '10:00-11:00', 1],
      [3, '14:00-15:00', 0],
    ]);
    // The new slot's round is walked like any other.
    await punch(day, '14:10', 'SLT-W');
    expect((await today())[2]).toEqual([3, '14:00-15:00', 1]);
    // At 14:30 a slot is inserted before the one under way and one added after: 14:00 is not doubled (the kept
    // round stands for it), 12:00 has passed (no round), 17:00 is new.
    h.clock.set(sh(day, '14:30'));
    await saveRoad(
      roadBody('丁', {
        road_id: road,
        time_slots: slots(['10:00', '11:00'], ['12:00', '12:30'], ['14:00', '15:00'], ['17:00', '18:00']),
      }),
    );
    expect(await today()).toEqual([
      [1, '06:00-07:00', 0],
      [2, '10:00-11:00', 1],
      [3, '14:00-15:00', 1],
      [4, '17:00-18:00', 0],
    ]);
    // Tomorrow has the edited slots as numbered.
    h.clock.set(sh('2026-11-26', '00:10'));
    await sweepRounds(h.ctx);
    const tomorrow = await queryRows<{ slot_no: number; w: string }>(
      h.ctx.db,
      sql`select slot_no, to_char(window_start at time zone 'Asia/Shanghai', 'HH24:MI') as w
      from patrol_round where road_id = ${road} and round_date = '2026-11-26' order by slot_no`,
    );
    expect(tomorrow.map((r) => [r.slot_no, r.w])).toEqual([
      [1, '10:00'],
      [2, '12:00'],
      [3, '14:00'],
      [4, '17:00'],
    ]);
  });
});

describe('yesterday’s round after an edit, past midnight: its own window and grace decide', () => {
  /** A road's status on 巡检路线 at a local time. */
  const statusOfRoad = async (road: number, day: string, time: string) => {
    h.clock.set(sh(day, time));
    const reply = await h.post<RoadRow[]>('/PatrolRoad/List', { hold_id: w.a.holdId, PageSize: 50 }, admin);
    expect(reply.code, reply.msg).toBe(200);
    return reply.data.find((r) => r.road_id === road)?.status;
  };

  it('a slot moved past midnight while its round was under way: the kept round stands for it', async () => {
    h.clock.set(sh('2026-11-27', '21:00'));
    const road = await saveRoad(roadBody('戊', { time_slots: slots(['22:00', '23:00']) }));
    h.clock.set(sh('2026-11-27', '22:30'));
    await saveRoad(roadBody('戊', { road_id: road, time_slots: slots(['22:00', '01:00']) }));
    // The kept round (22:00-23:00) ended before midnight: not running at 00:30 though the edited window is open, and
    // tonight's round has not started.
    expect(await statusOfRoad(road, '2026-11-28', '00:30')).toBe(0);
  });

  it('a grace shortened while the round was under way: the round keeps its own, into today', async () => {
    h.clock.set(sh('2026-11-29', '21:00'));
    const road = await saveRoad(roadBody('己', { time_slots: slots(['23:00', '23:50']), grace_minutes: 30 }));
    h.clock.set(sh('2026-11-29', '23:10'));
    await saveRoad(roadBody('己', { road_id: road, time_slots: slots(['23:00', '23:50']), grace_minutes: 0 }));
    // Its points unchecked, inside its own 30 minutes after 23:50: still running at 00:10; at 00:30 it has ended
    // with its points missed: 异常, as a night's round that reached today is all day.
    expect(await statusOfRoad(road, '2026-11-30', '00:10')).toBe(1);
    expect(await statusOfRoad(road, '2026-11-30', '00:30')).toBe(3);
  });
});

describe('bad slots are refused with the pinned messages, nothing saved', () => {
  const cases: [string, [string, string][] | unknown, string][] = [
    [
      'overlapping',
      [
        ['08:00', '09:00'],
        ['08:30', '10:00'],
      ],
      slotMessages.overlap,
    ],
    ['too short', [['08:00', '08:05']], slotMessages.tooShort],
    [
      'too many',
      Array.from({ length: 49 }, (_, i) => {
        const start = i * 25;
        const clock = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return [clock(start), clock(start + 10)];
      }),
      slotMessages.tooMany,
    ],
    [
      'crossing but not last',
      [
        ['20:00', '02:00'],
        ['22:30', '23:00'],
      ],
      slotMessages.crossNotLast,
    ],
    ['malformed', [['8 点', '09:00']], slotMessages.badClock],
  ];

  it.each(cases)('%s', async (_name, pairs, message) => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          h.ctx.db,
          sql`select (select count(*) from road) + (select count(*) from task) as n`,
        )
      )[0]!.n;
    const before = Number(await count());
    const time_slots = (pairs as [string, string][]).map(([start_time, end_time]) => ({ start_time, end_time }));
    const road = await h.post('/PatrolRoad/SaveRoadInfo', roadBody('坏时段', { time_slots }), admin);
    expect(road).toMatchObject({ code: 400, msg: message });
    const task = await h.post(
      '/RoadTask/SaveRoadTask',
      {
        task_id: 0,
        hold_id: w.a.holdId,
        task_name: '坏时段任务',
        road_id: roads.a,
        object_id: phone.object_id,
        cycle_repeat_mode: 2,
        time_slots,
      },
      admin,
    );
    expect(task).toMatchObject({ code: 400, msg: message });
    expect(Number(await count())).toBe(before);
  });

  it('refuses a list that is not one', async () => {
    const reply = await h.post('/PatrolRoad/SaveRoadInfo', roadBody('坏时段', { time_slots: 'every hour' }), admin);
    expect(reply).toMatchObject({ code: 400, msg: slotMessages.badList });
  });

  it('saves a task’s slots and shows them on its rows', async () => {
    const reply = await h.post<{ task_id: number }>(
      '/RoadTask/SaveRoadTask',
      {
        task_id: 0,
        hold_id: w.a.holdId,
        task_name: '夜巡任务',
        road_id: roads.a,
        object_id: phone.object_id,
        cycle_repeat_mode: 2,
        start_time: 'ignored',
        time_slots: slots(['22:00', '23:00'], ['00:00', '01:00']),
      },
      admin,
    );
    expect(reply.code, reply.msg).toBe(200);
    const detail = await h.get<TaskRow>('/RoadTask/GetRoadTaskDetail', { task_id: reply.data.task_id }, admin);
    expect(detail.data).toMatchObject({
      start_time: '00:00',
      end_time: '23:00',
      time_slots: slots(['00:00', '01:00'], ['22:00', '23:00']),
    });
  });
});
