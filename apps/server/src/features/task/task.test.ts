import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskRow } from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { buildWorld, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
let roadId: number;
let objectId: number;

beforeAll(async () => {
  w = await buildWorld(h);
  const card = await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'TASK-C1', name: '仓库' });
  objectId = await insertDevice(h.ctx.db, { holdId: w.a1.holdId, deviceNo: 'TASK-D1', name: '二号机' });
  const road = await h.post<{ road_id: number }>(
    '/RoadInfo/SaveRoadInfoNew',
    { road_id: 0, hold_id: w.a.holdId, road_name: '仓库线路', patrol_card_ids: [card] },
    w.a.token,
  );
  roadId = road.data.road_id;
});

const task = (overrides: object = {}) => ({
  task_id: 0,
  hold_id: w.a.holdId,
  task_name: '仓库夜巡',
  road_id: roadId,
  object_id: objectId,
  cycle_repeat_mode: 3,
  cycle_repeat_value: '周一,周二,周三,周四,周五',
  expire_date: '2026-12-31',
  start_time: '22:00',
  end_time: '02:00',
  ...overrides,
});
const save = (body: object) => h.post<{ task_id: number }>('/RoadTask/SaveRoadTask', body, w.a.token);

describe('tasks', () => {
  it('refuses with the spec texts', async () => {
    expect(await save(task({ task_name: '' }))).toMatchObject({ code: 400, msg: '请输入任务名称' });
    expect(await save(task({ road_id: 0 }))).toMatchObject({ code: 400, msg: '请选择线路' });
    expect(await save(task({ hold_id: 0 }))).toMatchObject({ code: 400, msg: '数据异常，无法保存！' });
    expect(await save(task({ expire_date: '31/12/2026' }))).toMatchObject({
      code: 400,
      msg: '到期日期格式应为 YYYY-MM-DD',
    });
  });

  it('saves a weekly night task crossing midnight, and lists it with its road, device and points', async () => {
    const saved = await save(task());
    expect(saved.code).toBe(200);
    const list = await h.post<TaskRow[]>(
      '/RoadTask/GetRoadTaskList',
      { task_name: '夜巡', road_name: '仓库', include_children: true },
      w.a.token,
    );
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      task_id: saved.data.task_id,
      task_name: '仓库夜巡',
      road_name: '仓库线路',
      device_name: '二号机',
      cycle_repeat_mode: 3,
      cycle_repeat_value: '周一,周二,周三,周四,周五',
      start_time: '22:00',
      end_time: '02:00',
      expire_time: '2026-12-31',
      patrol_card_names: '仓库',
      status: 0,
      status_text: '未开始',
    });
    const detail = await h.get<TaskRow>('/RoadTask/GetRoadTaskDetail', { task_id: saved.data.task_id }, w.a.token);
    expect(detail.data.task_name).toBe('仓库夜巡');
  });

  it('is finished once expired, and filters by status', async () => {
    const saved = await save(task({ task_name: '过期任务', expire_date: '2026-11-01', cycle_repeat_mode: 2 }));
    const finished = await h.post<TaskRow[]>(
      '/RoadTask/GetRoadTaskList',
      { task_name: '过期', task_status: 2 },
      w.a.token,
    );
    expect(finished.data.map((t) => t.task_id)).toEqual([saved.data.task_id]);
    expect(
      (await h.post<TaskRow[]>('/RoadTask/GetRoadTaskList', { task_name: '过期', task_status: 1 }, w.a.token)).data,
    ).toEqual([]);
  });

  it('runs a single task once, on the date of its start time', async () => {
    const saved = await save(
      task({
        task_name: '单次任务',
        cycle_repeat_mode: 1,
        start_time: '2026-11-20 09:00',
        end_time: '2026-11-20 11:00',
      }),
    );
    const detail = await h.get<TaskRow>('/RoadTask/GetRoadTaskDetail', { task_id: saved.data.task_id }, w.a.token);
    expect(detail.data).toMatchObject({
      status: 1,
      cycle_text: '单次：2026-11-20',
      start_time: '09:00',
      end_time: '11:00',
    });
  });

  it('offers roads as options and deletes tasks', async () => {
    const options = await h.get<{ road_id: number; road_name: string }[]>(
      '/RoadTask/GetRoadOptions',
      { hold_id: w.a.holdId },
      w.a.token,
    );
    expect(options.data).toContainEqual({ road_id: roadId, road_name: '仓库线路' });
    const saved = await save(task({ task_name: '待删任务' }));
    expect((await h.post('/RoadTask/RemoveRoadTask', { task_ids: String(saved.data.task_id) }, w.a.token)).code).toBe(
      200,
    );
    expect((await h.get('/RoadTask/GetRoadTaskDetail', { task_id: saved.data.task_id }, w.a.token)).code).toBe(404);
  });

  it('refuses a device outside the task’s organisation', async () => {
    const foreign = await insertDevice(h.ctx.db, { holdId: w.b.holdId, deviceNo: 'TASK-B1', name: '乙机' });
    expect((await save(task({ object_id: foreign }))).code).toBe(404);
  });
});

describe('a task’s grace', () => {
  it('is saved, answered in the detail and the list, and logged; 0 when absent', async () => {
    expect(await save(task({ task_name: '宽限任务', grace_minutes: 200 }))).toMatchObject({
      code: 400,
      msg: '宽限时间应为0-120分钟',
    });
    const saved = await save(task({ task_name: '宽限任务', grace_minutes: 20 }));
    expect(saved.code).toBe(200);
    const task_id = saved.data.task_id;
    expect((await h.get<TaskRow>('/RoadTask/GetRoadTaskDetail', { task_id }, w.a.token)).data.grace_minutes).toBe(20);
    await save(task({ task_id, task_name: '宽限任务', grace_minutes: 45 }));
    const list = await h.post<TaskRow[]>('/RoadTask/GetRoadTaskList', { task_name: '宽限任务' }, w.a.token);
    expect(list.data.map((t) => t.grace_minutes)).toEqual([45]);
    const [log] = await queryRows<{ log_content: string }>(
      h.ctx.db,
      sql`select log_content from sys_log where log_content like '修改任务 宽限任务%' order by log_id desc limit 1`,
    );
    expect(log?.log_content).toContain('宽限 45 分钟');
    const plain = await save(task({ task_name: '无宽限任务' }));
    const detail = await h.get<TaskRow>('/RoadTask/GetRoadTaskDetail', { task_id: plain.data.task_id }, w.a.token);
    expect(detail.data.grace_minutes).toBe(0);
  });
});
