import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoadRow } from '@guard-tour/contract';
import { patrolRound } from '../../db/schema.js';
import { useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { checkPunches, freezeEndedRounds, type PunchToMatch } from './round.service.js';

const h = useHarness();
let w: World;
let east: number;
let west: number;
let guard: number;
let stranger: number;
let deviceId: number;
let roadId: number;
const path = () => `/1/${w.a.holdId}/`;
const sh = (text: string) => `${text}+08:00`;

beforeAll(async () => {
  // Thursday 2026-11-19 07:00 in Shanghai: before the window opens.
  h.clock.set(sh('2026-11-19T07:00:00'));
  w = await buildWorld(h);
  east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RND-E', name: '东门' });
  west = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'RND-W', name: '西门' });
  deviceId = await insertDevice(h.ctx.db, { holdId: w.a.holdId, deviceNo: 'RND-DEV', name: '巡检机' });
  const account = (name: string) =>
    h.post<{ user_id: number }>(
      '/HoldInfo/SaveAccount',
      { user_id: 0, hold_id: w.a.holdId, user_name: name, user_password: PASSWORD },
      w.a.token,
    );
  guard = (await account('rnd_guard')).data.user_id;
  stranger = (await account('rnd_other')).data.user_id;
  const road = await h.post<{ road_id: number }>(
    '/PatrolRoad/SaveRoadInfo',
    {
      road_id: 0,
      road_name: '两门巡逻',
      hold_id: w.a.holdId,
      cycle_repeat_type: 1,
      start_time: '08:00',
      end_time: '18:00',
      user_id_list: [guard],
      card_id_list: [east, west],
    },
    w.a.token,
  );
  roadId = road.data.road_id;
});

let idx = 0;
const punch = (at: string, patrolId: number, userId: number | null): PunchToMatch => ({
  idx: idx++,
  punch_time: new Date(sh(at)).toISOString(),
  patrol_id: patrolId,
  user_id: userId,
  object_id: deviceId,
  device_path: path(),
});
/** The clock moves by days here: log in again so the token has not expired. */
const freshToken = () => h.login({ user_name: w.a.admin, user_password: PASSWORD });
const status = async () => {
  const reply = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId }, await freshToken());
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.status;
};

describe('which rounds a punch checks', () => {
  it('links a walker’s punch inside the window to the road, and ignores others', async () => {
    h.clock.set(sh('2026-11-19T09:30:00'));
    const inside = punch('2026-11-19T09:00:00', east, guard);
    const before = punch('2026-11-19T07:59:00', west, guard);
    const wrongPerson = punch('2026-11-19T09:05:00', west, stranger);
    const linked = await h.ctx.db.transaction((tx) => checkPunches(h.ctx, tx, [inside, before, wrongPerson]));
    expect(linked.get(inside.idx)).toEqual({ road_id: roadId });
    expect(linked.has(before.idx)).toBe(false);
    expect(linked.has(wrongPerson.idx)).toBe(false);
    const [round] = await h.ctx.db.select().from(patrolRound).where(eq(patrolRound.road_id, roadId));
    expect(round).toMatchObject({
      round_date: '2026-11-19',
      expected_cards: [east, west],
      checked_cards: [east],
      result: null,
    });
    expect(await status()).toBe(1);
  });

  it('counts a punch without an account from any device, and a point punched twice once', async () => {
    const anonymous = punch('2026-11-19T10:00:00', west, null);
    const again = punch('2026-11-19T10:01:00', west, null);
    await h.ctx.db.transaction((tx) => checkPunches(h.ctx, tx, [anonymous, again]));
    const [round] = await h.ctx.db.select().from(patrolRound).where(eq(patrolRound.road_id, roadId));
    expect(round?.checked_cards).toEqual([east, west].sort((a, b) => a - b));
  });

  it('freezes a complete round as finished when its window ends', async () => {
    h.clock.set(sh('2026-11-19T18:30:00'));
    await freezeEndedRounds(h.ctx, h.ctx.db);
    const [round] = await h.ctx.db.select().from(patrolRound).where(eq(patrolRound.road_id, roadId));
    expect(round?.result).toBe(2);
    expect(await status()).toBe(2);
  });

  it('calls a round with a missed point abnormal', async () => {
    h.clock.set(sh('2026-11-20T12:00:00'));
    await h.ctx.db.transaction((tx) => checkPunches(h.ctx, tx, [punch('2026-11-20T11:00:00', east, guard)]));
    h.clock.set(sh('2026-11-20T19:00:00'));
    await freezeEndedRounds(h.ctx, h.ctx.db);
    const rounds = await h.ctx.db.select().from(patrolRound).where(eq(patrolRound.road_id, roadId));
    expect(rounds.find((r) => r.round_date === '2026-11-20')?.result).toBe(3);
    expect(await status()).toBe(3);
  });

  it('checks a task’s round only with the task’s own device, across midnight', async () => {
    h.clock.set(sh('2026-11-20T20:00:00'));
    const task = await h.post<{ task_id: number }>(
      '/RoadTask/SaveRoadTask',
      {
        task_id: 0,
        hold_id: w.a.holdId,
        task_name: '夜班',
        road_id: roadId,
        object_id: deviceId,
        cycle_repeat_mode: 2,
        start_time: '22:00',
        end_time: '02:00',
      },
      await freshToken(),
    );
    expect(task.code, task.msg).toBe(200);
    const other = await insertDevice(h.ctx.db, { holdId: w.a.holdId, deviceNo: 'RND-DEV2', name: '备用机' });
    h.clock.set(sh('2026-11-21T01:30:00'));
    const late = punch('2026-11-21T01:00:00', west, null);
    const foreign = { ...punch('2026-11-21T01:10:00', east, null), object_id: other };
    await h.ctx.db.transaction((tx) => checkPunches(h.ctx, tx, [late, foreign]));
    const rounds = await h.ctx.db.select().from(patrolRound).where(eq(patrolRound.task_id, task.data.task_id));
    const night = rounds.find((r) => r.round_date === '2026-11-20');
    expect(night).toMatchObject({ checked_cards: [west], walker_device: deviceId });
    expect(rounds.find((r) => r.round_date === '2026-11-21')?.checked_cards).toEqual([]);
  });
});
