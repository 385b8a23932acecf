import {
  ALERT_KIND_TEXT,
  AlertKind,
  DEFAULT_OFFLINE_HOURS,
  TaskMode,
  itemKindOf,
  itemKindOfTask,
  readTimeSlots,
  roadCycleOf,
  taskModeOf,
  type Calls,
  type HoldTreeNode,
  type TimeSlot,
} from '@guard-tour/contract';
import { ApiError, createClient, type ClientOf, type Paged } from '@guard-tour/client';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseClock, parseItems } from '../../src/domain/cycle-items.js';
import { RoundStatus } from '../../src/domain/schedule.js';
import { flatSlots, roadSchedule, taskSchedule } from '../../src/domain/stored-schedule.js';
import { terminalTime, walk } from '../../src/demo/punch-walk.js';
import {
  SKEW_AHEAD_MS,
  SKEW_DRIFT_MS,
  bunchedBatch,
  latePlan,
  silence,
  skewedBatches,
  type Batch,
  type Scenario,
  type SimRoute,
} from './scenarios.js';

export { SCENARIOS, type Scenario } from './scenarios.js';

/**
 * The device simulator: reads the roads and tasks through the console's API, walks them with realistic
 * timing, lateness and a few misses, and uploads like terminals do, resending a batch whose answer was lost.
 * A scenario instead makes one alert kind happen on demand, so a person can watch it arrive (scenarios.ts).
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
  /** One alert kind on demand instead of the ordinary walk (the walk minus one device for `silent`). */
  scenario?: Scenario;
  /** `late`: how long to wait at most for a round that is still open to freeze (0: use one already frozen). */
  waitMinutes?: number;
}

/** A row's slots as stored (a server without slots sends none: its one window stands). */
function slotsOfRow(slots: readonly TimeSlot[] | undefined): number[] {
  const read = readTimeSlots(slots ?? []);
  return read.ok ? flatSlots(read.slots) : [];
}

export interface SimulatorReport {
  batches: number;
  resent: number;
  accepted: number;
  duplicates: number;
  rejected: number;
}

const RETRIES = 5;

/**
 * The simulator's two connections, through the typed client over the call table: the console's calls as its account,
 * and the terminals' upload with the installation's key.
 */
class Client {
  private token = '';
  readonly api: ClientOf<Calls>;
  readonly terminal: ClientOf<Calls>;

  constructor(private readonly options: SimulatorOptions) {
    const common = { base: `${options.url}/proxyserver`, fetch: options.fetch, timeoutMs: 30_000, unauthorized() {} };
    this.api = createClient({ ...common, authorization: () => `Bearer ${this.token}` });
    this.terminal = createClient({ ...common, authorization: () => `Device ${options.key}` });
  }

  async login(): Promise<void> {
    const { user, password } = this.options;
    try {
      const reply = await this.api.auth.login({ user_name: user, user_password: password }, { redirectOn401: false });
      this.token = reply.token;
    } catch (error) {
      throw error instanceof ApiError && error.kind === 'server' ? new Error(`登录失败：${error.message}`) : error;
    }
  }
}

/** Every row of a paged list, 200 a page. */
async function all<T>(page: (paging: { page: number; pageSize: number }) => Promise<Paged<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let index = 1; ; index++) {
    const reply = await page({ page: index, pageSize: 200 });
    rows.push(...reply.rows);
    if (rows.length >= reply.total || reply.rows.length === 0) return rows;
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

async function loadRoutes({ api }: Client, deviceCount: number): Promise<SimRoute[]> {
  const tree = subtrees(await api.hold.holdTree());
  // No search type (the first is read), as the console's first look at the list.
  const devices = (await all((paging) => api.device.listDevices({ search_type: undefined, ...paging }))).slice(
    0,
    deviceCount,
  );
  const roads = await all((paging) => api.road.listRoads({ status: -1, ...paging }));
  const routes: SimRoute[] = [];
  const cardsOf = new Map<number, string[]>();
  // A task's terminal is carried by one of its road's accounts, as in the demo.
  const walkersOf = new Map<number, string[]>();
  for (const road of roads) {
    if (road.status === 4) continue;
    const cards = await api.road.boundCards({ road_id: road.road_id });
    const walkers = await api.road.boundAccounts({ road_id: road.road_id });
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
      kind: '线路',
      name: road.road_name,
      schedule: roadSchedule({
        cycle_repeat_type: road.cycle_repeat_type,
        cycle_items: kind ? (parseItems(kind, road.cycle_repeat_items) ?? []) : [],
        start_minute: parseClock(road.start_time) ?? null,
        end_minute: parseClock(road.end_time) ?? null,
        time_slots: slotsOfRow(road.time_slots),
        grace_minutes: road.grace_minutes,
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
  for (const task of await all((paging) => api.task.listTasks({ task_status: -1, ...paging }))) {
    if (!chosen.has(task.device_no) || task.status === RoundStatus.closed) continue;
    const mode = taskModeOf(task.cycle_repeat_mode);
    const kind = itemKindOfTask(mode);
    routes.push({
      kind: '任务',
      name: task.task_name,
      schedule: taskSchedule(
        {
          cycle_repeat_mode: task.cycle_repeat_mode,
          cycle_items: kind ? (parseItems(kind, task.cycle_repeat_value) ?? []) : [],
          single_date: mode === TaskMode.single ? task.single_date || null : null,
          start_minute: parseClock(task.start_time) ?? null,
          end_minute: parseClock(task.end_time) ?? null,
          time_slots: slotsOfRow(task.time_slots),
          expire_date: task.expire_time || null,
          created_at: LONG_AGO,
          grace_minutes: task.grace_minutes,
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
async function uploadBatch(client: Client, batch: Batch, report: SimulatorReport) {
  const body = { device_no: batch.device, records: batch.records, device_time: batch.device_time };
  for (let attempt = 1; ; attempt++) {
    try {
      const reply = await client.terminal.punch.uploadPunches(body);
      report.accepted += reply.accepted;
      report.duplicates += reply.duplicates;
      report.rejected += reply.rejected.length;
      report.batches += 1;
      return;
    } catch (error) {
      if (attempt >= RETRIES) throw error;
      report.resent += 1;
      await sleep(200 * attempt);
    }
  }
}

const MINUTE = 60_000;
const clock = (at: Date | number, tz: string) => terminalTime(new Date(at), tz).slice(5, 16);

interface Run {
  client: Client;
  options: SimulatorOptions;
  routes: SimRoute[];
  now: Date;
  report: SimulatorReport;
  log: (line: string) => void;
}

/** The ordinary walk: every device's punches over the days, in batches. */
async function uploadWalks(run: Run, routes: readonly SimRoute[]) {
  const { now, options } = run;
  const walks = walk(routes, new Date(now.getTime() - options.days * 86_400_000), now, {
    tz: options.tz,
    seed: options.seed ?? Date.now(),
  });
  const size = options.batch ?? 1000;
  for (const [device, records] of walks) {
    for (let i = 0; i < records.length; i += size) {
      await uploadBatch(run.client, { device, records: records.slice(i, i + size) }, run.report);
    }
    run.log(`${device}: ${records.length} 条`);
  }
}

const none = (what: string) => new Error(`没有可用于该场景的${what}：请先建好线路（或任务）、绑定巡检点并登记终端`);

/** One alert kind on demand (SCENARIOS), explaining to the person what to expect. */
async function playScenario(run: Run, scenario: Scenario) {
  const { client, options, routes, now, report, log } = run;
  const tz = options.tz;
  const send = (batch: Batch) => uploadBatch(client, batch, report);
  const kind = (k: AlertKind) => ALERT_KIND_TEXT[k];
  switch (scenario) {
    case 'late': {
      const plan = latePlan(routes, now, tz, (options.waitMinutes ?? 0) * MINUTE);
      if (!plan) throw none('轮次');
      const where = `${plan.route.kind}「${plan.route.name}」${plan.round.date} 的轮次`;
      const wait = plan.readyAt - now.getTime();
      if (wait > 0) {
        log(`${where}将于 ${clock(plan.frozen, tz)} 冻结，等待约 ${Math.ceil(wait / MINUTE)} 分钟后迟到打卡…`);
        await sleep(wait);
      } else {
        log(
          `${where}已于 ${clock(plan.frozen, tz)} 冻结：若当时服务器在运行，${kind(AlertKind.missed)}告警已在那时产生（加 --wait 分钟数 可等待即将冻结的轮次）`,
        );
      }
      await send(plan.batch);
      log(
        `终端 ${plan.batch.device} 在冻结之后才打卡 ${plan.batch.records.length} 个巡检点：都不算数，记为${kind(AlertKind.missed)}`,
      );
      return;
    }
    case 'silent': {
      const quiet = silence(routes);
      if (!quiet) throw none('终端');
      await uploadWalks(run, quiet.rest);
      log(`终端 ${quiet.device}（${quiet.route.kind}「${quiet.route.name}」）保持静默，没有上传`);
      log(
        `它超过企业的离线时长（默认 ${DEFAULT_OFFLINE_HOURS} 小时，可在 告警管理 设置）没有上传后，产生${kind(AlertKind.offline)}告警`,
      );
      return;
    }
    case 'skewed': {
      const route = routes.find((r) => r.cards.length > 0 && r.devices[0]);
      if (!route) throw none('线路');
      for (const batch of skewedBatches(route, now, tz)) await send(batch);
      log(
        `终端 ${route.devices[0]} 先以正确时钟上传，再上传时终端时钟快 ${SKEW_DRIFT_MS / MINUTE} 分钟、打卡时间超前 ${SKEW_AHEAD_MS / MINUTE} 分钟：${kind(AlertKind.clock)}`,
      );
      return;
    }
    case 'bunched': {
      const found = bunchedBatch(routes, now, tz);
      if (!found) throw none('线路（至少 3 个巡检点）');
      await send(found.batch);
      const cards = found.batch.records.map((r) => r.patrol_sn).join('、');
      log(
        `终端 ${found.batch.device} 在 20 秒内打卡 3 个不同巡检点（${found.route.kind}「${found.route.name}」）：${cards}，${kind(AlertKind.proxy)}`,
      );
      return;
    }
  }
}

export async function simulate(options: SimulatorOptions): Promise<SimulatorReport> {
  const client = new Client(options);
  const log = options.log ?? (() => {});
  await client.login();
  const routes = await loadRoutes(client, options.devices);
  const now = options.now ?? new Date();
  const report: SimulatorReport = { batches: 0, resent: 0, accepted: 0, duplicates: 0, rejected: 0 };
  const run: Run = { client, options, routes, now, report, log };
  if (options.scenario) await playScenario(run, options.scenario);
  else await uploadWalks(run, routes);
  return report;
}
