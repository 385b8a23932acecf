import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AlertKind,
  type AlertRow,
  type Envelope,
  type MissedReportRow,
  type MissedRound,
  type RoadRow,
  type RoundPoints,
  type UploadPunchesResult,
} from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { DEVICE_KEY, useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { raiseMissedRounds } from '../alert/alert.service.js';
import { sweepRounds } from './round.service.js';

/**
 * Late uploads (ACCOUNTABILITY.md, Tolerance: a punch that arrives after its round was frozen still gives its point
 * the result its punch_time earns, and the round's result is decided again) over the shapes a round can take:
 * several slots a day with a grace between them, a window over midnight, a task, a duplicate, a card edited or
 * deleted after the freeze. After each upload every surface must tell one story: a frozen round is 异常 exactly
 * when it lists a missed point (漏检报表's drill-down, each point's result, the report's rows, the 漏检 alerts), and
 * the road's status follows its stored rounds, also after an edit of its slots (a road left 异常 with no missed
 * point anywhere, once a late upload had finished its one round of the day: the status read the schedule's slots).
 */
const h = useHarness();
let w: World;
let guardId = 0;
let deviceId = 0;
const DEVICE_NO = 'LU-DEV';
const D = '2026-11-19';
const E = '2026-11-20';
const sh = (day: string, time: string) => `${day}T${time}:00+08:00`;
const cards = { east: 0, west: 0, north: 0, south: 0, x: 0, y: 0 };
const roads = { a: 0, b: 0, c: 0, d: 0, e: 0 };

/** The clock moves by days here: a fresh token each time. */
const admin = () => h.login({ user_name: w.a.admin, user_password: PASSWORD });

async function saveRoad(name: string, body: object): Promise<number> {
  const reply = await h.post<{ road_id: number }>(
    '/PatrolRoad/SaveRoadInfo',
    { road_id: 0, road_name: name, hold_id: w.a.holdId, cycle_repeat_type: 1, user_id_list: [guardId], ...body },
    await admin(),
  );
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.road_id;
}

/** The terminal docks at `now` (local) and uploads punches made earlier (local times). */
async function upload(now: [string, string], records: [string, string][]): Promise<UploadPunchesResult> {
  h.clock.set(sh(...now));
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPunches',
    headers: { authorization: `Device ${DEVICE_KEY}` },
    payload: {
      device_no: DEVICE_NO,
      records: records.map(([sn, at]) => ({ patrol_sn: sn, punch_time: at, user_name: 'lu_guard' })),
    },
  });
  const reply = response.json() as Envelope<UploadPunchesResult>;
  expect(reply.code, reply.msg).toBe(200);
  expect(reply.data.rejected).toEqual([]);
  return reply.data;
}

/** The server's timers at a local time: rounds made and frozen, 漏检 alerts raised (and closed). */
async function timersAt(day: string, time: string): Promise<void> {
  h.clock.set(sh(day, time));
  await sweepRounds(h.ctx);
  await raiseMissedRounds(h.ctx, 'due');
}

async function roundsOf(token: string): Promise<MissedRound[]> {
  const reply = await h.post<MissedRound[]>(
    '/Report/MissedRounds',
    { hold_id: w.a.holdId, start_date: D, end_date: E, group_by: 'hold', group_key: w.a.holdId, PageSize: 100 },
    token,
  );
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
}

/** Each round as `road slot date: result missed-points`, oldest first. */
async function story(): Promise<string[]> {
  const rounds = await roundsOf(await admin());
  return rounds
    .map(
      (r) =>
        `${r.task_name || r.road_name} ${r.slot_no} ${r.round_date}: ${r.result} ${r.missed.map((m) => m.patrol_sn).join(',')}`,
    )
    .reverse();
}

/**
 * Every surface agrees with every frozen round: 异常 exactly when a point is missed, in the drill-down, in each
 * point's result, in the report's rows by road and the open 漏检 alerts.
 */
async function agrees(): Promise<void> {
  const token = await admin();
  const rounds = await roundsOf(token);
  expect(rounds.length).toBeGreaterThan(0);
  for (const round of rounds.filter((r) => r.result === 2 || r.result === 3)) {
    const label = `${round.road_name} ${round.task_name} ${round.round_date} slot ${round.slot_no}`;
    expect(round.result === 3, `${label}: 异常 with missed ${JSON.stringify(round.missed)}`).toBe(
      round.missed.length > 0,
    );
    const points = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: round.round_id }, token);
    expect(points.data.result, label).toBe(round.result);
    expect(
      points.data.points.filter((p) => p.result === 4).map((p) => p.patrol_id),
      label,
    ).toEqual(round.missed.map((m) => m.patrol_id));
  }
  const report = await h.post<MissedReportRow[]>(
    '/Report/Missed',
    { hold_id: w.a.holdId, start_date: D, end_date: E, group_by: 'road', PageIndex: 1, PageSize: 50 },
    token,
  );
  expect(report.code, report.msg).toBe(200);
  for (const row of report.data) {
    const own = rounds.filter((r) => r.road_id === row.group_key && (r.result === 2 || r.result === 3));
    expect(
      { road: row.group_name, done: row.rounds_done, missed: row.missed },
      `the report's row of ${row.group_name}`,
    ).toEqual({
      road: row.group_name,
      done: own.filter((r) => r.result === 2).length,
      missed: own.reduce((sum, r) => sum + r.missed.length, 0),
    });
  }
  const alerts = await h.post<AlertRow[]>(
    '/Alert/List',
    { kind: AlertKind.missed, state: 0, PageIndex: 1, PageSize: 100, hold_id: w.a.holdId },
    token,
  );
  expect(alerts.code, alerts.msg).toBe(200);
  const open = alerts.data.map((a) => Number(a.round_id)).sort((x, y) => x - y);
  const abnormal = rounds
    .filter((r) => r.result === 3)
    .map((r) => r.round_id)
    .sort((x, y) => x - y);
  expect(open, 'the open 漏检 alerts are those of the 异常 rounds').toEqual(abnormal);
}

async function statuses(): Promise<Record<string, number>> {
  const reply = await h.post<RoadRow[]>('/PatrolRoad/List', { hold_id: w.a.holdId, PageSize: 50 }, await admin());
  expect(reply.code, reply.msg).toBe(200);
  return Object.fromEntries(reply.data.map((r) => [r.road_name, r.status]));
}

beforeAll(async () => {
  h.clock.set(sh(D, '07:00'));
  w = await buildWorld(h);
  cards.east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'LU-E', name: '东门' });
  cards.west = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'LU-W', name: '西门' });
  cards.north = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'LU-N', name: '北门' });
  cards.south = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'LU-S', name: '南门' });
  cards.x = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'LU-X', name: '旧卡' });
  cards.y = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'LU-Y', name: '删卡' });
  deviceId = await insertDevice(h.ctx.db, { holdId: w.a.holdId, deviceNo: DEVICE_NO, name: '补传机' });
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'lu_guard', user_password: PASSWORD, true_name: '吴补' },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  guardId = saved.data.user_id;
  // 甲: two slots whose graces meet between them (slot 1 late until 09:21, slot 2 early from 09:10).
  roads.a = await saveRoad('甲', {
    time_slots: [
      { start_time: '08:00', end_time: '09:00' },
      { start_time: '09:30', end_time: '10:30' },
    ],
    grace_minutes: 20,
    card_id_list: [cards.east, cards.west],
  });
  // 乙: over midnight, 22:00–02:00 with a 15-minute grace.
  roads.b = await saveRoad('乙', {
    time_slots: [{ start_time: '22:00', end_time: '02:00' }],
    grace_minutes: 15,
    card_id_list: [cards.north],
  });
  // 丙 and its task on the terminal: 13:00–14:00.
  roads.c = await saveRoad('丙', { start_time: '13:00', end_time: '14:00', card_id_list: [cards.south] });
  const task = await h.post<{ task_id: number }>(
    '/RoadTask/SaveRoadTask',
    {
      task_id: 0,
      hold_id: w.a.holdId,
      task_name: '丙任务',
      road_id: roads.c,
      object_id: deviceId,
      cycle_repeat_mode: 2,
      start_time: '13:00',
      end_time: '14:00',
    },
    await admin(),
  );
  expect(task.code, task.msg).toBe(200);
  // 丁 and 戊: a card edited, a card deleted after the freeze.
  roads.d = await saveRoad('丁', { start_time: '16:00', end_time: '17:00', card_id_list: [cards.x] });
  roads.e = await saveRoad('戊', { start_time: '16:00', end_time: '17:00', card_id_list: [cards.y, cards.east] });
});

describe('a punch uploaded after its round was frozen', () => {
  it('reaches the slot whose grace holds it, and only that slot, which it finishes', async () => {
    await upload([D, '08:31'], [['LU-E', `${D} 08:30:00`]]);
    await upload(
      [D, '09:46'],
      [
        ['LU-E', `${D} 09:40:00`],
        ['LU-W', `${D} 09:45:00`],
      ],
    );
    await timersAt(D, '11:00');
    expect(await statuses()).toMatchObject({ 甲: 3 });
    await agrees();
    // 西门 at 09:12: 11 minutes after slot 1's end (09:01), 18 before slot 2 opens: slot 1's, 迟到.
    expect(await upload([D, '12:00'], [['LU-W', `${D} 09:12:00`]])).toMatchObject({ accepted: 1 });
    const token = await admin();
    const slot1 = (await roundsOf(token)).find((r) => r.road_id === roads.a && r.slot_no === 1)!;
    expect(slot1).toMatchObject({ result: 2, missed: [] });
    const points = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: slot1.round_id }, token);
    expect(points.data.points.map((p) => [p.patrol_id, p.result])).toEqual([
      [cards.east, 1],
      [cards.west, 3],
    ]);
    expect(await statuses()).toMatchObject({ 甲: 2 });
    await agrees();
    const closed = await h.post<AlertRow[]>(
      '/Alert/List',
      { kind: AlertKind.missed, PageIndex: 1, PageSize: 50, hold_id: w.a.holdId },
      token,
    );
    expect(closed.data.find((a) => Number(a.round_id) === slot1.round_id)).toMatchObject({
      state: 1,
      handled_by: '系统',
      note: '补传后已完成',
    });
  });

  it('checks a task’s round and its road’s round alike, once for a duplicate', async () => {
    await timersAt(D, '14:30');
    expect(await statuses()).toMatchObject({ 丙: 3 });
    await agrees();
    // The same punch twice in the batch, and again in a later batch.
    expect(
      await upload(
        [D, '15:00'],
        [
          ['LU-S', `${D} 13:30:00`],
          ['LU-S', `${D} 13:30:00`],
          ['LU-S', `${D} 13:50:00`],
        ],
      ),
    ).toMatchObject({ accepted: 2, duplicates: 1 });
    expect(await upload([D, '15:10'], [['LU-S', `${D} 13:30:00`]])).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await story()).filter((line) => line.startsWith('丙'))).toEqual([`丙 1 ${D}: 2 `, `丙任务 1 ${D}: 2 `]);
    expect(await statuses()).toMatchObject({ 丙: 2 });
    await agrees();
  });

  it('is judged by the round whatever became of its card: edited or deleted after the freeze', async () => {
    await timersAt(D, '17:30');
    await agrees();
    const token = await admin();
    // 旧卡 gets a new serial number; 戊 drops 删卡, which is then deleted.
    const edited = await h.post(
      '/PatrolCard/SaveInfo',
      { patrol_id: cards.x, hold_id: w.a.holdId, patrol_sn: 'LU-X2', patrol_name: '旧卡' },
      token,
    );
    expect(edited.code, edited.msg).toBe(200);
    const dropped = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      {
        road_id: roads.e,
        road_name: '戊',
        hold_id: w.a.holdId,
        cycle_repeat_type: 1,
        user_id_list: [guardId],
        start_time: '16:00',
        end_time: '17:00',
        card_id_list: [cards.east],
      },
      token,
    );
    expect(dropped.code, dropped.msg).toBe(200);
    const removed = await h.post('/PatrolCard/RemoveInfo', { patrol_ids: [cards.y] }, token);
    expect(removed.code, removed.msg).toBe(200);
    await upload(
      [D, '18:00'],
      [
        ['LU-X2', `${D} 16:30:00`],
        ['LU-Y', `${D} 16:31:00`],
        ['LU-E', `${D} 16:32:00`],
      ],
    );
    expect((await story()).filter((line) => /^[丁戊]/.test(line))).toEqual([`丁 1 ${D}: 2 `, `戊 1 ${D}: 3 LU-Y`]);
    await agrees();
  });

  it('finishes a round over midnight with a punch in its grace after midnight', async () => {
    await timersAt(E, '03:00');
    expect(await statuses()).toMatchObject({ 乙: 3 });
    await agrees();
    await upload([E, '09:00'], [['LU-N', `${E} 02:10:00`]]);
    expect((await story()).filter((line) => line.startsWith('乙'))).toEqual([`乙 1 ${D}: 2 `, `乙 1 ${E}: 0 `]);
    expect(await statuses()).toMatchObject({ 乙: 0 });
    await agrees();
  });

  it('goes to the nearer slot: slot 2’s early grace, leaving slot 1 missed', async () => {
    await upload([E, '08:31'], [['LU-E', `${E} 08:30:00`]]);
    await upload([E, '09:46'], [['LU-E', `${E} 09:40:00`]]);
    await timersAt(E, '11:00');
    await agrees();
    // 西门 at 09:17: 16 minutes after slot 1's end, 13 before slot 2 opens: slot 2's, 早到.
    await upload([E, '12:00'], [['LU-W', `${E} 09:17:00`]]);
    expect((await story()).filter((line) => line.startsWith(`甲`) && line.includes(E))).toEqual([
      `甲 1 ${E}: 3 LU-W`,
      `甲 2 ${E}: 2 `,
    ]);
    await agrees();
  });
});

describe('the road’s status after an edit of its slots (stored rounds keep their windows)', () => {
  const edit = async (roadId: number, name: string, slots: [string, string][]) => {
    const reply = await h.post(
      '/PatrolRoad/SaveRoadInfo',
      {
        road_id: roadId,
        road_name: name,
        hold_id: w.a.holdId,
        cycle_repeat_type: 1,
        user_id_list: [guardId],
        time_slots: slots.map(([start_time, end_time]) => ({ start_time, end_time })),
        card_id_list: [cards.south],
      },
      await admin(),
    );
    expect(reply.code, reply.msg).toBe(200);
  };

  it('is 已结束 once a late upload finishes the day’s round, though a slot was added after its time', async () => {
    h.clock.set(sh(E, '12:00'));
    const roadId = await saveRoad('己', { start_time: '13:00', end_time: '14:00', card_id_list: [cards.south] });
    await timersAt(E, '14:30');
    expect(await statuses()).toMatchObject({ 己: 3 });
    // 14:20–14:50 added at 15:00: it was not in force when it ran, so it has no round today.
    h.clock.set(sh(E, '15:00'));
    await edit(roadId, '己', [
      ['13:00', '14:00'],
      ['14:20', '14:50'],
    ]);
    await timersAt(E, '15:05');
    expect((await story()).filter((line) => line.startsWith('己'))).toEqual([`己 1 ${E}: 3 LU-S`]);
    expect(await statuses()).toMatchObject({ 己: 3 });
    await upload([E, '16:00'], [['LU-S', `${E} 13:30:00`]]);
    expect((await story()).filter((line) => line.startsWith('己'))).toEqual([`己 1 ${E}: 2 `]);
    expect(await statuses()).toMatchObject({ 己: 2 });
    await agrees();
  });

  it('reads a round kept through an edit under its own window, whatever slot number the schedule gives it', async () => {
    h.clock.set(sh(E, '16:00'));
    const roadId = await saveRoad('庚', {
      time_slots: [
        { start_time: '17:00', end_time: '17:30' },
        { start_time: '19:00', end_time: '19:30' },
      ],
      card_id_list: [cards.south],
    });
    await upload([E, '17:11'], [['LU-S', `${E} 17:10:00`]]);
    // At 17:40 a slot is put before the walked one: the schedule now numbers 17:00 as its second slot.
    h.clock.set(sh(E, '17:40'));
    await edit(roadId, '庚', [
      ['16:00', '16:30'],
      ['17:00', '17:30'],
      ['19:00', '19:30'],
    ]);
    await timersAt(E, '18:00');
    expect((await story()).filter((line) => line.startsWith('庚'))).toEqual([`庚 1 ${E}: 2 `, `庚 2 ${E}: 0 `]);
    expect(await statuses()).toMatchObject({ 庚: 0 });
    await timersAt(E, '19:10');
    expect(await statuses()).toMatchObject({ 庚: 1 });
    await agrees();
  });

  it('counts a round over midnight the schedule still makes, before any is stored: 进行中 at once', async () => {
    // Saved at 00:30 with 22:00–02:00: the window that opened yesterday at 22:00 still runs, and is walked now.
    const F = '2026-11-21';
    h.clock.set(sh(F, '00:30'));
    const roadId = await saveRoad('辛', {
      time_slots: [{ start_time: '22:00', end_time: '02:00' }],
      card_id_list: [cards.south],
    });
    expect(await statuses()).toMatchObject({ 辛: 1 });
    // The save made that round; before it is stored (a road from an import, the sweep not yet run) the schedule's
    // window counts all the same.
    await queryRows(h.ctx.db, sql`delete from patrol_round where road_id = ${roadId}`);
    expect(await statuses()).toMatchObject({ 辛: 1 });
  });
});
