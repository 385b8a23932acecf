import { RoadCycle, TaskMode, saveRoadInput, saveTaskInput } from '@guard-tour/contract';
import type { AppContext } from '../context.js';
import type { Scope } from '../features/scope.js';
import { saveRoad } from '../features/road/road.service.js';
import { saveTask } from '../features/task/task.service.js';
import type { DemoAssets } from './demo-assets.js';
import type { DemoHoldIds } from './demo-holds.js';

interface DemoRoad {
  department: string;
  name: string;
  type: RoadCycle;
  items: string;
  start: string;
  end: string;
  /** Several windows a day (SHIFTS.md, 时段): each its own round; start/end are then ignored. */
  slots?: [string, string][];
  /** Minutes a punch may come early or late and still count (早到 / 迟到). */
  grace: number;
  /** Which of the department's points, by position. */
  points: number[];
  guards: string[];
}

/**
 * Nine roads over every cycle mode and window, most with a grace (so the demo shows 早到 and 迟到), two walked in
 * several slots a day: a night patrol every two hours and a three-times-a-day check.
 */
const ROADS: DemoRoad[] = [
  {
    department: '滨江花园保安部',
    name: '早班全区巡逻',
    type: RoadCycle.daily,
    items: '',
    start: '08:00',
    end: '11:00',
    grace: 15,
    points: [0, 2, 3, 4, 6, 7, 8, 24],
    guards: ['zhangwei', 'wangqiang'],
  },
  {
    department: '滨江花园保安部',
    name: '夜间全区巡逻',
    type: RoadCycle.daily,
    items: '',
    start: '00:00',
    end: '23:00',
    // A night walked every two hours (按间隔生成 22:00 to 06:00, every 120, lasting 60).
    slots: [
      ['00:00', '01:00'],
      ['02:00', '03:00'],
      ['04:00', '05:00'],
      ['22:00', '23:00'],
    ],
    grace: 20,
    points: [0, 2, 3, 4, 6, 7, 8, 24],
    guards: ['wangqiang', 'lijun'],
  },
  {
    department: '滨江花园保安部',
    name: '午后设备房巡查',
    type: RoadCycle.daily,
    items: '',
    start: '13:30',
    end: '16:00',
    grace: 10,
    points: [10, 11, 18, 19, 15],
    guards: ['lijun'],
  },
  {
    department: '滨江花园保安部',
    name: '车库周检',
    type: RoadCycle.weekly,
    items: '周一,周三,周五',
    start: '09:00',
    end: '12:00',
    grace: 0,
    points: [1, 20, 21, 22],
    guards: ['wangqiang'],
  },
  {
    department: '滨江花园保安部',
    name: '月度天台检查',
    type: RoadCycle.monthly,
    items: '1号,15号,28号',
    start: '10:00',
    end: '17:00',
    grace: 30,
    points: [5, 18, 13, 14],
    guards: ['zhangwei'],
  },
  {
    department: '科技园保安部',
    name: '园区日巡',
    type: RoadCycle.daily,
    items: '',
    start: '08:30',
    end: '18:30',
    grace: 20,
    points: [0, 1, 2, 3, 7, 8, 15, 19],
    guards: ['sunlei', 'zhouyang'],
  },
  {
    department: '科技园保安部',
    name: '仓储安全巡检',
    type: RoadCycle.weekly,
    items: '周一,周二,周三,周四,周五',
    start: '08:00',
    end: '17:00',
    // A three-times-a-day check: 08:00, 12:00 and 16:00.
    slots: [
      ['08:00', '09:00'],
      ['12:00', '13:00'],
      ['16:00', '17:00'],
    ],
    grace: 10,
    points: [9, 10, 11, 12, 14],
    guards: ['zhouyang'],
  },
  {
    department: '东区巡逻队',
    name: '商圈白天巡逻',
    type: RoadCycle.daily,
    items: '',
    start: '09:00',
    end: '18:00',
    grace: 15,
    points: [0, 1, 11, 14, 4, 5],
    guards: ['zhengkai', 'hujing'],
  },
  {
    department: '东区巡逻队',
    name: '公共设施周巡',
    type: RoadCycle.weekly,
    items: '周二,周四,周六',
    start: '10:00',
    end: '16:00',
    grace: 0,
    points: [2, 3, 7, 8, 9],
    guards: ['hujing'],
  },
];

interface DemoTask {
  department: string;
  name: string;
  road: string;
  device: number;
  mode: TaskMode;
  value: string;
  start: string;
  end: string;
  slots?: [string, string][];
  grace: number;
}

/** Nine tasks: each gives a road to one terminal, some overnight. */
const TASKS: DemoTask[] = [
  {
    department: '滨江花园保安部',
    name: '设备房夜查',
    road: '午后设备房巡查',
    device: 1,
    mode: TaskMode.daily,
    value: '',
    start: '20:00',
    end: '21:30',
    grace: 10,
  },
  {
    department: '滨江花园保安部',
    name: '周末车库巡查',
    road: '车库周检',
    device: 2,
    mode: TaskMode.weekly,
    value: '周六,周日',
    start: '15:00',
    end: '17:00',
    grace: 0,
  },
  {
    department: '滨江花园保安部',
    name: '月初消防检查',
    road: '月度天台检查',
    device: 3,
    mode: TaskMode.monthly,
    value: '1号,2号',
    start: '14:00',
    end: '16:00',
    grace: 15,
  },
  {
    department: '科技园保安部',
    name: '园区夜巡',
    road: '园区日巡',
    device: 0,
    mode: TaskMode.daily,
    value: '',
    start: '21:00',
    end: '23:30',
    grace: 10,
  },
  {
    department: '科技园保安部',
    name: '仓库晨检',
    road: '仓储安全巡检',
    device: 1,
    mode: TaskMode.weekly,
    value: '周一,周二,周三,周四,周五',
    start: '07:00',
    end: '08:00',
    grace: 0,
  },
  {
    department: '科技园保安部',
    name: '数据中心专项检查',
    road: '园区日巡',
    device: 2,
    mode: TaskMode.single,
    value: '',
    start: '10:00',
    end: '12:00',
    grace: 30,
  },
  {
    department: '东区巡逻队',
    name: '夜市巡逻',
    road: '商圈白天巡逻',
    device: 0,
    mode: TaskMode.daily,
    value: '',
    start: '19:00',
    end: '23:00',
    grace: 15,
  },
  {
    department: '东区巡逻队',
    name: '周末公园巡逻',
    road: '公共设施周巡',
    device: 1,
    mode: TaskMode.weekly,
    value: '周六,周日',
    start: '07:30',
    end: '09:30',
    grace: 10,
  },
  {
    department: '东区巡逻队',
    name: '月中设施普查',
    road: '公共设施周巡',
    device: 2,
    mode: TaskMode.monthly,
    value: '15号',
    start: '09:00',
    end: '11:30',
    grace: 0,
  },
];

const slotsOf = (slots: [string, string][] | undefined) =>
  slots ? { time_slots: slots.map(([start_time, end_time]) => ({ start_time, end_time })) } : {};

export interface DemoRoute {
  roadId: number;
  department: string;
  /** Card numbers in walking order. */
  cards: string[];
  guards: string[];
}

/** The demo's roads and tasks, through the same services as the screens. */
export async function fillDemoRoads(
  ctx: AppContext,
  scope: Scope,
  ids: DemoHoldIds,
  assets: DemoAssets,
): Promise<void> {
  const roadIds = new Map<string, number>();
  for (const road of ROADS) {
    const points = assets.points.get(road.department)!;
    const input = saveRoadInput.parse({
      road_id: 0,
      road_name: road.name,
      hold_id: ids.holds.get(road.department),
      cycle_repeat_type: road.type,
      cycle_repeat_items: road.items,
      start_time: road.start,
      end_time: road.end,
      ...slotsOf(road.slots),
      grace_minutes: road.grace,
      user_id_list: road.guards.map((g) => ids.accounts.get(g)),
      card_id_list: road.points.map((p) => points[p]),
      remark: '演示路线',
    });
    roadIds.set(road.name, (await saveRoad(ctx, scope, input)).road_id);
  }
  for (const task of TASKS) {
    const input = saveTaskInput.parse({
      task_id: 0,
      hold_id: ids.holds.get(task.department),
      task_name: task.name,
      road_id: roadIds.get(task.road),
      object_id: assets.devices.get(task.department)![task.device]!.object_id,
      cycle_repeat_mode: task.mode,
      cycle_repeat_value: task.value,
      expire_date: '',
      start_time: task.start,
      end_time: task.end,
      ...slotsOf(task.slots),
      grace_minutes: task.grace,
    });
    await saveTask(ctx, scope, input);
  }
}
