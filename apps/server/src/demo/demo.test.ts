import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CardRow,
  HoldTreeNode,
  PunchRow,
  RoadRow,
  RosterMonth,
  SessionInfo,
  StaffRow,
  TaskRow,
} from '@guard-tour/contract';
import { queryRows } from '../db/sql.js';
import { useHarness } from '../test/harness.js';
import { DEMO_PHONE } from './demo-phone.js';
import { loadRoutes } from './demo-routes.js';
import { DEMO_PASSWORD, fillDemo, topUpDemoPunches } from './demo.js';

const h = useHarness();
let filled: { punches: number };
beforeAll(async () => {
  filled = await fillDemo(h.ctx, 7);
});

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(h.ctx.db, query))[0]?.n);

describe('the demo tenant', () => {
  it('has an operator, two enterprises with departments, and about ten accounts', async () => {
    const root = await h.login();
    const tree = await h.get<HoldTreeNode[]>('/HoldInfo/GetHoldTree', {}, root);
    const enterprises = tree.data[0]!.children;
    expect(enterprises.map((e) => e.label)).toEqual(['华安物业', '恒通安保']);
    expect(enterprises.every((e) => e.children.length > 0)).toBe(true);
    const accounts = await h.post<StaffRow[]>('/StaffInfo/SearchList', { PageSize: 50 }, root);
    expect(accounts.total).toBeGreaterThanOrEqual(10);
  });

  it('has 20 terminals and a guard’s phone, 60 points, 9 roads of every cycle mode (two in several slots a day) and 9 tasks', async () => {
    const root = await h.login();
    expect((await h.post('/DeviceInfo/SearchDeviceList', {}, root)).total).toBe(21);
    expect((await h.post('/PatrolCard/SearchList', {}, root)).total).toBe(60);
    const roads = await h.post<RoadRow[]>('/PatrolRoad/List', { PageSize: 50 }, root);
    expect(roads.total).toBe(9);
    expect(new Set(roads.data.map((r) => r.cycle_repeat_type))).toEqual(new Set([1, 2, 3]));
    const tasks = await h.post<TaskRow[]>('/RoadTask/GetRoadTaskList', { PageSize: 50 }, root);
    expect(tasks.total).toBe(9);
    expect(new Set(tasks.data.map((t) => t.cycle_repeat_mode))).toEqual(new Set([1, 2, 3, 4]));
    // The night patrol is a road walked every two hours, each slot its own round of the history.
    const night = roads.data.find((r) => r.road_name === '夜间全区巡逻')!;
    expect(night.time_slots.map((t) => `${t.start_time}-${t.end_time}`)).toEqual([
      '00:00-01:00',
      '02:00-03:00',
      '04:00-05:00',
      '22:00-23:00',
    ]);
    expect(
      await count(sql`select count(distinct slot_no)::int as n from patrol_round
        where road_id = ${night.road_id} and task_id is null`),
    ).toBe(4);
  });

  it('has a checklist on two points and a hazard in every state, each found by an answered punch (INSPECTION.md)', async () => {
    expect(await count(sql`select count(*)::int as n from patrol_card where checklist_id is not null`)).toBe(2);
    const states = await queryRows<{ state: number; n: number }>(
      h.ctx.db,
      sql`select state, count(*)::int as n from hazard group by state order by state`,
    );
    expect(states.map((row) => [Number(row.state), row.n])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    expect(await count(sql`select count(*)::int as n from punch where check_result > 0`)).toBe(5);
    expect(await count(sql`select count(*)::int as n from alert where kind = 6`)).toBe(5);
  });

  it('lived through its days: punches stored through the upload, rounds finished and a few abnormal', async () => {
    expect(filled.punches).toBeGreaterThan(500);
    expect(await count(sql`select count(*)::int as n from punch`)).toBe(filled.punches);
    expect(await count(sql`select count(*)::int as n from punch where road_name <> ''`)).toBeGreaterThan(
      filled.punches / 2,
    );
    expect(await count(sql`select count(*)::int as n from patrol_round where result = 2`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from patrol_round where result = 3`)).toBeGreaterThan(0);
  });

  it('has every point placed with a radius, and a phone’s round: near its points, one 位置异常, one 无定位 (SAFETY.md)', async () => {
    const root = await h.login();
    const points = await h.post<CardRow[]>('/PatrolCard/SearchList', { PageSize: 100 }, root);
    expect(points.data).toHaveLength(60);
    for (const point of points.data) {
      expect(point.lat, point.patrol_name).toEqual(expect.any(Number));
      expect(point.lng, point.patrol_name).toEqual(expect.any(Number));
      expect([30, 50, 100]).toContain(point.radius);
    }
    const token = await h.login({ user_name: 'binjiang', user_password: DEMO_PASSWORD });
    const yesterday = new Date(h.clock.now().getTime() - 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const phone = await h.post<PunchRow[]>(
      '/PatrolData/Records',
      { start_time: yesterday, end_time: yesterday, device_sn: DEMO_PHONE, PageIndex: 1, PageSize: 50 },
      token,
    );
    expect(phone.data).toHaveLength(8);
    expect(phone.data.every((row) => row.true_name === '张伟' && row.road_name === '早班全区巡逻')).toBe(true);
    const flagged = phone.data.filter((row) => row.flag === '位置异常');
    expect(flagged.map((row) => [row.patrol_name, row.distance_m])).toEqual([['3号楼消防通道', 150]]);
    expect(phone.data.filter((row) => row.lat === null).map((row) => row.patrol_name)).toEqual(['中心花园']);
    const near = phone.data.filter((row) => row.flag === '' && row.lat !== null);
    expect(near).toHaveLength(6);
    for (const row of near) expect(row.distance_m!).toBeLessThanOrEqual(30 + 20);
    // The console shows them (打卡数据's 位置 column) and alerts the one once.
    expect(await count(sql`select count(*)::int as n from alert where kind = 10`)).toBe(1);
    const listed = await h.post<PunchRow[]>(
      '/PatrolClockIn/GetPatrolClockInList',
      { time_range: 1, search_type: 'device_no', key: DEMO_PHONE, PageIndex: 1, PageSize: 50 },
      token,
    );
    expect(listed.data.filter((row) => row.distance_m !== null)).toHaveLength(7);
  });

  it('has a month of 滨江花园保安部 roster with its attendance: on time but one late and one absent', async () => {
    const token = await h.login({ user_name: 'binjiang', user_password: DEMO_PASSWORD });
    const month = h.clock.now().toISOString().slice(0, 7);
    const last = new Date(h.clock.now().getTime() - 31 * 86_400_000).toISOString().slice(0, 7);
    const cells: RosterMonth['rows'][number]['cells'] = [];
    for (const m of new Set([last, month])) {
      const reply = await h.post<RosterMonth>('/Roster/Month', { month: m }, token);
      expect(reply.code, reply.msg).toBe(200);
      cells.push(...reply.data.rows.flatMap((r) => r.cells.filter((c) => c.shift_id !== 0)));
    }
    expect(cells.length).toBeGreaterThan(40);
    const counted = (attendance: number) => cells.filter((c) => c.attendance === attendance).length;
    expect([counted(2), counted(3)]).toEqual([1, 1]);
    expect(counted(1)).toBeGreaterThan(30);
  });

  it('tops up to the present on a later start, storing nothing twice', async () => {
    h.clock.advance(6 * 3_600_000);
    const before = await count(sql`select count(*)::int as n from punch`);
    const added = await topUpDemoPunches(h.ctx);
    expect(added).not.toBeNull();
    expect(await count(sql`select count(*)::int as n from punch`)).toBe(before + added!);
    // The phone punches through the guard app only: the readers' walk never takes it.
    expect(await count(sql`select count(*)::int as n from punch where device_no = ${DEMO_PHONE}`)).toBe(8);
    const routes = await loadRoutes(h.ctx.db);
    expect(routes.flatMap((route) => route.devices)).not.toContain(DEMO_PHONE);
    expect(routes.flatMap((route) => route.devices)).toContain('865000000000101');
  });

  it('shows three consoles: a 主管, a 只读 client and the guards as 巡检员', async () => {
    const login = async (user_name: string) =>
      (await h.post<SessionInfo>('/UserInfo/Login_Web', { user_name, user_password: DEMO_PASSWORD })).data;
    expect(await login('zhuguan')).toMatchObject({ roleId: 2, roleName: '主管' });
    expect((await login('zhuguan')).permissions).toContain('alert.handle');
    const client = await login('kehu');
    expect(client).toMatchObject({ roleId: 4, roleName: '只读' });
    expect(client.permissions).not.toContain('hold.view');
    for (const guard of ['zhangwei', 'wangqiang', 'lijun', 'sunlei', 'zhouyang', 'zhengkai', 'hujing']) {
      expect(await login(guard), guard).toMatchObject({ roleId: 3, roleName: '巡检员', permissions: ['app.use'] });
    }
    expect(await login('huaan')).toMatchObject({ roleId: 1, roleName: '管理员' });
  });

  it('lets a newcomer log in as an enterprise admin and see only that enterprise', async () => {
    const token = await h.login({ user_name: 'huaan', user_password: DEMO_PASSWORD });
    const tree = await h.get<HoldTreeNode[]>('/HoldInfo/GetHoldTree', {}, token);
    expect(tree.data.map((n) => n.label)).toEqual(['华安物业']);
    expect(tree.data[0]!.children.map((n) => n.label)).toEqual(['滨江花园保安部', '科技园保安部']);
  });
});
