import {
  TaskMode,
  itemKindOf,
  itemKindOfTask,
  roadCycleOf,
  taskModeOf,
  type Envelope,
  type HoldTreeNode,
  type RoadRow,
  type TaskRow,
  type UploadPunchesResult,
} from '@guard-tour/contract';
import { parseClock, parseItems } from '../../src/domain/cycle-items.js';
import { RoundStatus } from '../../src/domain/schedule.js';
import { roadSchedule, taskSchedule } from '../../src/domain/stored-schedule.js';
import { walk, type PatrolRoute, type PunchRecord } from '../../src/db/seed/demo/punch-walk.js';

/**
 * The device simulator: reads the roads and tasks through the console's API, walks them with realistic
 * timing, lateness and a few misses, and uploads like terminals do, resending a batch whose answer was lost.
 */
export interface SimulatorOptions {
  url: string;
  key: string;
  user: string;
  password: string;
  devices: number;
  days: number;
  tz: string;
  seed?: number;
  batch?: number;
  /** Transport, replaceable so a test can lose answers. */
  fetch?: typeof fetch;
  log?: (line: string) => void;
  now?: Date;
}

export interface SimulatorReport {
  batches: number;
  resent: number;
  accepted: number;
  duplicates: number;
  rejected: number;
}

const RETRIES = 5;

class Client {
  private token = '';
  constructor(
    private readonly options: SimulatorOptions,
    private readonly send: typeof fetch,
  ) {}

  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    auth = `Bearer ${this.token}`,
  ): Promise<Envelope<T>> {
    const response = await this.send(`${this.options.url}/proxyserver/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: auth },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    return (await response.json()) as Envelope<T>;
  }

  async data<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const reply = await this.call<T>(method, path, body);
    if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
    return reply.data;
  }

  async login(): Promise<void> {
    const reply = await this.call<{ token: string }>('POST', '/UserInfo/Login_Web', {
      user_name: this.options.user,
      user_password: this.options.password,
    });
    if (reply.code !== 200) throw new Error(`登录失败：${reply.msg}`);
    this.token = reply.data.token;
  }

  async all<T>(path: string, body: object = {}): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const reply = await this.call<T[]>('POST', path, { ...body, PageIndex: page, PageSize: 200 });
      if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
      rows.push(...reply.data);
      if (rows.length >= (reply.total ?? 0) || reply.data.length === 0) return rows;
    }
  }
}

/** Organisation id → the ids of its subtree, from the tree the console shows. */
function subtrees(nodes: HoldTreeNode[], into = new Map<number, Set<number>>()): Map<number, Set<number>> {
  const collect = (node: HoldTreeNode): number[] => {
    const ids = [node.id, ...node.children.flatMap(collect)];
    into.set(node.id, new Set(ids));
    return ids;
  };
  nodes.forEach(collect);
  return into;
}

const LONG_AGO = new Date(0);

async function loadRoutes(client: Client, deviceCount: number): Promise<PatrolRoute[]> {
  const tree = subtrees(await client.data<HoldTreeNode[]>('GET', '/HoldInfo/GetHoldTree'));
  const devices = (await client.all<{ device_no: string; hold_id: number }>('/DeviceInfo/SearchDeviceList')).slice(
    0,
    deviceCount,
  );
  const roads = await client.all<RoadRow>('/PatrolRoad/List', { status: -1 });
  const routes: PatrolRoute[] = [];
  const cardsOf = new Map<number, string[]>();
  // A task's terminal is carried by one of its road's accounts, as in the demo.
  const walkersOf = new Map<number, string[]>();
  for (const road of roads) {
    if (road.status === 4) continue;
    const cards = await client.data<{ patrol_sn: string }[]>('GET', `/PatrolRoad/GetBindCards?road_id=${road.road_id}`);
    const walkers = await client.data<{ user_name: string }[]>(
      'GET',
      `/PatrolRoad/GetBindAccounts?road_id=${road.road_id}`,
    );
    cardsOf.set(
      road.road_id,
      cards.map((c) => c.patrol_sn),
    );
    walkersOf.set(
      road.road_id,
      walkers.map((w) => w.user_name),
    );
    const kind = itemKindOf(roadCycleOf(road.cycle_repeat_type));
    routes.push({
      schedule: roadSchedule({
        cycle_repeat_type: road.cycle_repeat_type,
        cycle_items: kind ? (parseItems(kind, road.cycle_repeat_items) ?? []) : [],
        start_minute: parseClock(road.start_time) ?? null,
        end_minute: parseClock(road.end_time) ?? null,
        created_at: LONG_AGO,
        closed_at: null,
      }),
      cards: cards.map((c) => c.patrol_sn),
      walkers: walkers.map((w) => w.user_name),
      devices: devices.filter((d) => tree.get(road.hold_id)?.has(d.hold_id)).map((d) => d.device_no),
      grace: road.grace_minutes,
    });
  }
  const chosen = new Set(devices.map((d) => d.device_no));
  for (const task of await client.all<TaskRow>('/RoadTask/GetRoadTaskList', { task_status: -1 })) {
    if (!chosen.has(task.device_no) || task.status === RoundStatus.closed) continue;
    const mode = taskModeOf(task.cycle_repeat_mode);
    const kind = itemKindOfTask(mode);
    routes.push({
      schedule: taskSchedule(
        {
          cycle_repeat_mode: task.cycle_repeat_mode,
          cycle_items: kind ? (parseItems(kind, task.cycle_repeat_value) ?? []) : [],
          single_date: mode === TaskMode.single ? task.single_date || null : null,
          start_minute: parseClock(task.start_time) ?? null,
          end_minute: parseClock(task.end_time) ?? null,
          expire_date: task.expire_time || null,
          created_at: LONG_AGO,
        },
        false,
      ),
      cards: cardsOf.get(task.road_id) ?? [],
      walkers: walkersOf.get(task.road_id) ?? [],
      devices: [task.device_no],
      grace: task.grace_minutes,
    });
  }
  return routes;
}

/** Uploads one batch, resending it when the answer is lost (the upload is idempotent). */
async function uploadBatch(
  client: Client,
  key: string,
  deviceNo: string,
  records: PunchRecord[],
  report: SimulatorReport,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      const reply = await client.call<UploadPunchesResult>(
        'POST',
        '/Terminal/UploadPunches',
        { device_no: deviceNo, records },
        `Device ${key}`,
      );
      if (reply.code !== 200) throw new Error(`${reply.code} ${reply.msg}`);
      report.accepted += reply.data.accepted;
      report.duplicates += reply.data.duplicates;
      report.rejected += reply.data.rejected.length;
      return;
    } catch (error) {
      if (attempt >= RETRIES) throw error;
      report.resent += 1;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export async function simulate(options: SimulatorOptions): Promise<SimulatorReport> {
  const client = new Client(options, options.fetch ?? fetch);
  const log = options.log ?? (() => {});
  await client.login();
  const routes = await loadRoutes(client, options.devices);
  const now = options.now ?? new Date();
  const walks = walk(routes, new Date(now.getTime() - options.days * 86_400_000), now, {
    tz: options.tz,
    seed: options.seed ?? Date.now(),
  });
  const report: SimulatorReport = { batches: 0, resent: 0, accepted: 0, duplicates: 0, rejected: 0 };
  const size = options.batch ?? 1000;
  for (const [deviceNo, records] of walks) {
    for (let i = 0; i < records.length; i += size) {
      await uploadBatch(client, options.key, deviceNo, records.slice(i, i + size), report);
      report.batches += 1;
    }
    log(`${deviceNo}: ${records.length} 条`);
  }
  return report;
}
