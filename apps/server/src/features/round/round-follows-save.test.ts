import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import type { AppRound, MissedRound, RegisteredApp, RoundPoints } from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { insertCard } from '../../test/fixtures.js';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/**
 * Today's rounds follow every save at once (issue 37): a road or task saved while its window today has not ended
 * has its round on the next request, though the day's rounds were made before and no sweep has run since; one saved
 * after its window ended has none today, nor has a closed road or an expired task.
 */
const h = useHarness();
let w: World;
let guardId = 0;
let guard = '';
let phone: RegisteredApp;
const cards = { east: 0, west: 0, north: 0 };
const TODAY = '2026-11-19';
const sh = (text: string) => `${text}+08:00`;
/** Thursday 10:00 in Shanghai: every save and read of the stories below happens in this one minute. */
const NOW = sh(`${TODAY}T10:00:00`);

const roadBody = (name: string, start: string, end: string, overrides: object = {}) => ({
  road_id: 0,
  road_name: name,
  hold_id: w.a.holdId,
  cycle_repeat_type: 1,
  start_time: start,
  end_time: end,
  user_id_list: [guardId],
  card_id_list: [cards.east, cards.west],
  ...overrides,
});
const taskBody = (name: string, roadId: number, start: string, end: string, overrides: object = {}) => ({
  task_id: 0,
  hold_id: w.a.holdId,
  task_name: name,
  road_id: roadId,
  object_id: phone.object_id,
  cycle_repeat_mode: 2,
  start_time: start,
  end_time: end,
  ...overrides,
});

async function saveRoad(body: object): Promise<number> {
  const reply = await h.post<{ road_id: number }>('/PatrolRoad/SaveRoadInfo', body, w.a.token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.road_id;
}
async function saveTask(body: object): Promise<number> {
  const reply = await h.post<{ task_id: number }>('/RoadTask/SaveRoadTask', body, w.a.token);
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.task_id;
}

/** The guard's phone's `AppRounds` of today: name → window. */
async function appRounds(): Promise<Map<string, string>> {
  const reply = await h.get<AppRound[]>('/Terminal/AppRounds', { device_no: phone.device_no }, guard);
  expect(reply.code, reply.msg).toBe(200);
  return new Map(reply.data.map((r) => [r.road_name, `${r.window_start.slice(11, 16)}-${r.window_end.slice(11, 16)}`]));
}

/** Today's rounds in 漏检报表's drill-down (grouped by day), as road or task names. */
async function missedRounds(): Promise<MissedRound[]> {
  const reply = await h.post<MissedRound[]>(
    '/Report/MissedRounds',
    {
      hold_id: w.a.holdId,
      start_date: TODAY,
      end_date: TODAY,
      group_by: 'date',
      group_key: TODAY,
      PageIndex: 1,
      PageSize: 100,
    },
    w.a.token,
  );
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
}
const nameOf = (round: MissedRound) => round.task_name || round.road_name;

beforeAll(async () => {
  h.clock.set(NOW);
  w = await buildWorld(h);
  cards.east = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'FOL-E', name: '东门' });
  cards.west = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'FOL-W', name: '西门' });
  cards.north = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'FOL-N', name: '北门' });
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'fol_guard', user_password: PASSWORD, true_name: '孙巡' },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  guardId = saved.data.user_id;
  guard = await h.login({ user_name: 'fol_guard', user_password: PASSWORD });
  const registered = await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: 'phone-follows-save-0001' }, guard);
  expect(registered.code, registered.msg).toBe(200);
  phone = registered.data;
});

describe('a road or task saved during the day', () => {
  let first = 0;

  it('has its round of today on the next read, though the day’s rounds were made before', async () => {
    // Road 1, ten minutes ago to forty from now; the guard's first read makes the day's rounds.
    first = await saveRoad(roadBody('一号线', '09:50', '10:40'));
    expect(await appRounds()).toEqual(new Map([['一号线', '09:50-10:41']]));
    // A second road and a task for the phone, both open now, saved the same minute.
    await saveRoad(roadBody('二号线', '09:50', '10:40'));
    await saveTask(taskBody('手机巡', first, '09:30', '11:00'));
    expect(await appRounds()).toEqual(
      new Map([
        ['手机巡', '09:30-11:01'],
        ['一号线', '09:50-10:41'],
        ['二号线', '09:50-10:41'],
      ]),
    );
    const missed = await missedRounds();
    expect(missed.map(nameOf).sort()).toEqual(['一号线', '二号线', '手机巡'].sort());
    // Each one opens with its points as saved, none checked yet.
    for (const round of missed) {
      const reply = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: round.round_id }, w.a.token);
      expect(reply.code, reply.msg).toBe(200);
      expect(reply.data.points.map((p) => [p.patrol_sn, p.punch_time])).toEqual([
        ['FOL-E', null],
        ['FOL-W', null],
      ]);
    }
  });

  it('has none today when saved after its window ended, until an edit moves the window to include now', async () => {
    const late = await saveRoad(roadBody('晚存线', '08:00', '09:00'));
    const lateTask = await saveTask(taskBody('晚存任务', first, '08:00', '09:00'));
    expect([...(await appRounds()).keys()]).not.toContain('晚存线');
    expect([...(await appRounds()).keys()]).not.toContain('晚存任务');
    expect((await missedRounds()).map(nameOf)).not.toContain('晚存线');

    await saveRoad(roadBody('晚存线', '09:30', '12:00', { road_id: late }));
    await saveTask(taskBody('晚存任务', first, '09:45', '10:15', { task_id: lateTask }));
    const listed = await appRounds();
    expect(listed.get('晚存线')).toBe('09:30-12:01');
    expect(listed.get('晚存任务')).toBe('09:45-10:16');
    expect((await missedRounds()).map(nameOf)).toEqual(expect.arrayContaining(['晚存线', '晚存任务']));
  });

  it('remakes a round nothing has touched yet from the edit, and keeps one already open', async () => {
    const later = await saveRoad(roadBody('午后线', '14:00', '15:00'));
    expect((await appRounds()).get('午后线')).toBe('14:00-15:01');
    await saveRoad(
      roadBody('午后线', '15:00', '16:00', { road_id: later, card_id_list: [cards.north, cards.east, cards.west] }),
    );
    expect((await appRounds()).get('午后线')).toBe('15:00-16:01');
    const round = (await missedRounds()).find((r) => r.road_name === '午后线')!;
    const points = await h.get<RoundPoints>('/Report/RoundPoints', { round_id: round.round_id }, w.a.token);
    expect(points.data.points.map((p) => p.patrol_sn)).toEqual(['FOL-N', 'FOL-E', 'FOL-W']);

    // Road 1 is open now: an edit changes its later days, not the round under way.
    await saveRoad(roadBody('一号线', '13:00', '14:00', { road_id: first }));
    expect((await appRounds()).get('一号线')).toBe('09:50-10:41');
  });

  it('has none when its road is closed or the task has expired', async () => {
    const closing = await saveRoad(roadBody('将关线', '16:00', '17:00'));
    await saveTask(taskBody('将关任务', closing, '16:00', '17:00'));
    expect([...(await appRounds()).keys()]).toEqual(expect.arrayContaining(['将关线', '将关任务']));
    const closed = await h.post('/PatrolRoad/CloseRoad', { road_id: closing }, w.a.token);
    expect(closed.code, closed.msg).toBe(200);
    await saveTask(taskBody('过期任务', first, '10:30', '11:30', { expire_date: '2026-11-18' }));
    await saveTask(taskBody('关线新任务', closing, '10:30', '11:30'));
    const names = [...(await appRounds()).keys()];
    const reported = (await missedRounds()).map(nameOf);
    for (const none of ['将关线', '将关任务', '过期任务', '关线新任务']) {
      expect(names).not.toContain(none);
      expect(reported).not.toContain(none);
    }
  });
});

describe('whether a save makes its round of the day', () => {
  const DAY_MS = 24 * 60 * 60_000;
  const dayStart = new Date(sh('2026-11-24T00:00:00')).getTime();
  let runs = 0;

  /** The stored round of the day of a road (`kind` road) or task, straight from `patrol_round`. */
  async function roundsOf(kind: 'road' | 'task', id: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      h.ctx.db,
      sql`select count(*)::int as n from patrol_round where round_date = '2026-11-24'::date
        and ${kind === 'road' ? sql`road_id = ${id} and task_id is null` : sql`task_id = ${id}`}`,
    );
    return row!.n;
  }
  const clock = (minute: number) =>
    `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

  it('makes it exactly when the window has not ended at the save: before it, inside it, never after it', async () => {
    // A window (a road's ends the same day; a task's may run over midnight) and a save time that day, drawn
    // mostly around the window's edges.
    const windows = fc.record({
      kind: fc.constantFrom<'road' | 'task'>('road', 'task'),
      start: fc.integer({ min: 0, max: 23 * 60 + 59 }),
      end: fc.integer({ min: 0, max: 23 * 60 + 59 }),
    });
    const cases = windows
      .filter(({ kind, start, end }) => kind === 'task' || end >= start)
      .chain((window) => {
        const endMs = (window.end + 1 + (window.end < window.start ? 24 * 60 : 0)) * 60_000;
        const near = (edge: number) => fc.integer({ min: -90, max: 90 }).map((seconds) => edge + seconds * 1_000);
        return fc.record({
          window: fc.constant(window),
          saveMs: fc
            .oneof(
              fc.constantFrom(endMs - 1, endMs),
              near(endMs),
              near(window.start * 60_000),
              fc.integer({ min: 0, max: DAY_MS - 1 }),
            )
            .filter((ms) => ms >= 0 && ms < DAY_MS),
          endMs: fc.constant(endMs),
        });
      });
    await fc.assert(
      fc.asyncProperty(cases, async ({ window, saveMs, endMs }) => {
        h.clock.set(new Date(dayStart + saveMs));
        w.a.token = await h.login({ user_name: w.a.admin, user_password: PASSWORD });
        const name = `性质${runs++}`;
        const [start, end] = [clock(window.start), clock(window.end)];
        const id =
          window.kind === 'road'
            ? await saveRoad(roadBody(name, start, end))
            : await saveTask(taskBody(name, await saveRoad(roadBody(`${name}底线`, '00:00', '23:59')), start, end));
        expect(await roundsOf(window.kind, id)).toBe(saveMs < endMs ? 1 : 0);
      }),
      { numRuns: 40 },
    );
  });
});
