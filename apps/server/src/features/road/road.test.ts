import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoadRow } from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { useHarness } from '../../test/harness.js';
import { insertCard, insertDevice } from '../../test/fixtures.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
let cards: number[];
let guard: number;
let foreignCard: number;

beforeAll(async () => {
  w = await buildWorld(h);
  cards = [
    await insertCard(h.ctx.db, { holdId: w.a.holdId, sn: 'ROAD-A1', name: '东门' }),
    await insertCard(h.ctx.db, { holdId: w.a1.holdId, sn: 'ROAD-A2', name: '机房' }),
  ];
  foreignCard = await insertCard(h.ctx.db, { holdId: w.b.holdId, sn: 'ROAD-B1', name: '乙大门' });
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a1.holdId, user_name: 'road_guard', user_password: PASSWORD, true_name: '赵巡' },
    w.a.token,
  );
  guard = saved.data.user_id;
});

const saveRoad = (body: object, token = w.a.token) =>
  h.post<{ road_id: number }>('/PatrolRoad/SaveRoadInfo', body, token);
const weekly = () => ({
  road_id: 0,
  road_name: '夜巡东区',
  hold_id: w.a.holdId,
  cycle_repeat_type: 2,
  cycle_repeat_items: '周一,周三,5',
  start_time: '08:30',
  end_time: '18:30',
  user_id_list: [guard],
  card_id_list: [cards[1], cards[0]],
  remark: '东区',
});

describe('saving a road from the detail page', () => {
  it('refuses with the spec texts, in the order the form shows them', async () => {
    expect(await saveRoad({ ...weekly(), road_name: '' })).toMatchObject({ code: 400, msg: '请输入路线名称！' });
    expect(await saveRoad({ ...weekly(), user_id_list: [] })).toMatchObject({ code: 400, msg: '请选择账号！' });
    expect(await saveRoad({ ...weekly(), card_id_list: [] })).toMatchObject({ code: 400, msg: '请选择巡检项！' });
    expect(await saveRoad({ ...weekly(), start_time: '18:30', end_time: '08:30' })).toMatchObject({
      code: 400,
      msg: '结束时间不能早于开始时间',
    });
    expect(await saveRoad({ ...weekly(), hold_id: 0 })).toMatchObject({ code: 400, msg: '数据异常，无法保存！' });
    expect(await saveRoad({ ...weekly(), cycle_repeat_items: '周八' })).toMatchObject({
      code: 400,
      msg: '巡检周期的日期不正确',
    });
  });

  it('stores the schedule, points in order and accounts, and returns names', async () => {
    const saved = await saveRoad(weekly());
    expect(saved.code).toBe(200);
    const detail = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId: saved.data.road_id }, w.a.token);
    expect(detail.data).toMatchObject({
      road_name: '夜巡东区',
      hold_name: '甲企业',
      cycle_repeat_type: 2,
      cycle_repeat_items: '周一,周三,周五',
      cycle_weeks: '周一,周三,周五',
      cycle_text: '每周：周一,周三,周五',
      start_time: '08:30',
      end_time: '18:30',
      patrol_card_ids: `${cards[1]},${cards[0]}`,
      patrol_card_names: '机房,东门',
      patrol_users: '赵巡',
      user_id: String(guard),
      remark: '东区',
    });
    expect(await h.get('/PatrolRoad/GetBindAccounts', { road_id: saved.data.road_id }, w.a.token)).toMatchObject({
      data: [{ user_id: guard, user_name: 'road_guard', true_name: '赵巡' }],
    });
    const bound = await h.get<{ patrol_name: string }[]>(
      '/PatrolRoad/GetBindCards',
      { road_id: saved.data.road_id },
      w.a.token,
    );
    expect(bound.data.map((c) => c.patrol_name)).toEqual(['机房', '东门']);
  });

  it('refuses points of another organisation', async () => {
    const reply = await saveRoad({ ...weekly(), card_id_list: [foreignCard] });
    expect(reply.code).toBe(404);
  });

  it('defaults a weekly road to Monday–Friday', async () => {
    const saved = await saveRoad({ ...weekly(), road_name: '工作日', cycle_repeat_items: '' });
    const detail = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId: saved.data.road_id }, w.a.token);
    expect(detail.data.cycle_repeat_items).toBe('周一,周二,周三,周四,周五');
  });
});

describe('status and closing', () => {
  it('shows the live status and filters by it; closing makes it 4 for good', async () => {
    // The harness clock: Friday 2026-11-20 10:00 in Shanghai.
    const saved = await saveRoad({
      ...weekly(),
      road_name: '白班巡逻',
      cycle_repeat_type: 1,
      start_time: '08:00',
      end_time: '18:00',
    });
    const running = await h.post<RoadRow[]>('/PatrolRoad/List', { road_name: '白班', status: 1 }, w.a.token);
    expect(running.data.map((r) => r.road_id)).toEqual([saved.data.road_id]);
    expect(running.data[0]).toMatchObject({ status: 1, status_text: '进行中' });
    expect((await h.post<RoadRow[]>('/PatrolRoad/List', { road_name: '白班', status: 0 }, w.a.token)).data).toEqual([]);

    expect((await h.post('/PatrolRoad/CloseRoad', { road_id: saved.data.road_id }, w.a.token)).code).toBe(200);
    const closed = await h.post<RoadRow[]>(
      '/PatrolRoad/GetPatrolRoadList',
      { road_name: '白班', status: -1 },
      w.a.token,
    );
    expect(closed.data[0]).toMatchObject({ status: 4, status_text: '关闭' });
    expect(await h.post('/PatrolRoad/CloseRoad', { road_id: saved.data.road_id }, w.a.token)).toMatchObject({
      code: 400,
      msg: '该路线已关闭',
    });
  });

  it('is not started before the window and not started on unscheduled days', async () => {
    const saved = await saveRoad({ ...weekly(), road_name: '周末巡逻', cycle_repeat_items: '周六,周日' });
    const row = (await h.get<RoadRow>('/PatrolRoad/Detail', { roadId: saved.data.road_id }, w.a.token)).data;
    expect(row.status).toBe(0);
  });
});

describe('the simple variant', () => {
  it('saves name, points and remark with the daily, all-day defaults', async () => {
    expect(
      await h.post(
        '/RoadInfo/SaveRoadInfoNew',
        { road_id: 0, hold_id: w.a.holdId, road_name: '', patrol_card_ids: [cards[0]] },
        w.a.token,
      ),
    ).toMatchObject({
      code: 400,
      msg: '请输入线路名称',
    });
    expect(
      await h.post(
        '/RoadInfo/SaveRoadInfoNew',
        { road_id: 0, hold_id: w.a.holdId, road_name: '简易线路', patrol_card_ids: [] },
        w.a.token,
      ),
    ).toMatchObject({
      code: 400,
      msg: '请选择巡检点',
    });
    const saved = await h.post<{ road_id: number }>(
      '/RoadInfo/SaveRoadInfoNew',
      {
        road_id: 0,
        hold_id: w.a.holdId,
        road_name: '简易线路',
        patrol_card_ids: cards,
        patrol_card_names: '东门,机房',
        remark: '简',
      },
      w.a.token,
    );
    const detail = await h.get<RoadRow>('/RoadInfo/GetRoadDetail', { road_id: saved.data.road_id }, w.a.token);
    expect(detail.data).toMatchObject({
      cycle_repeat_type: 1,
      cycle_text: '每天',
      start_time: '',
      end_time: '',
      patrol_users: '',
      patrol_card_ids: cards.join(','),
      remark: '简',
    });
    const list = await h.post<RoadRow[]>(
      '/RoadInfo/GetRoadInfoList',
      { road_name: '简易', hold_id: w.a.holdId, include_children: true },
      w.a.token,
    );
    expect(list.total).toBe(1);
    expect((await h.post('/RoadInfo/RemoveRoadInfo', { road_ids: [saved.data.road_id] }, w.a.token)).code).toBe(200);
    expect((await h.get('/RoadInfo/GetRoadDetail', { road_id: saved.data.road_id }, w.a.token)).code).toBe(404);
  });
});

describe('in use', () => {
  it('refuses to delete a road a task uses, or an account a road binds, naming them', async () => {
    const saved = await saveRoad({ ...weekly(), road_name: '任务线路' });
    const objectId = await insertDevice(h.ctx.db, { holdId: w.a.holdId, deviceNo: 'DEV-ROAD-1', name: '一号机' });
    const task = await h.post<{ task_id: number }>(
      '/RoadTask/SaveRoadTask',
      {
        task_id: 0,
        hold_id: w.a.holdId,
        task_name: '早班任务',
        road_id: saved.data.road_id,
        object_id: objectId,
        cycle_repeat_mode: 2,
        start_time: '08:00',
        end_time: '09:00',
      },
      w.a.token,
    );
    expect(task.code).toBe(200);
    const refused = await h.post('/RoadInfo/RemoveRoadInfo', { road_ids: [saved.data.road_id] }, w.a.token);
    expect(refused.code).toBe(409);
    expect(refused.msg).toContain('早班任务');
    const account = await h.post('/StaffInfo/RemoveUser', { user_ids: [guard] }, w.a.token);
    expect(account.code).toBe(409);
    expect(account.msg).toContain('任务线路');
    const device = await h.post('/DeviceInfo/RemoveDevice', { object_ids: [objectId] }, w.a.token);
    expect(device.code).toBe(409);
    expect(device.msg).toContain('早班任务');
    const card = await h.post('/PatrolCard/RemoveInfo', { patrol_ids: [cards[0]] }, w.a.token);
    expect(card.code).toBe(409);
    expect(card.msg).toContain('任务线路');
  });
});

describe('grace', () => {
  const lastLog = async (pattern: string) =>
    (
      await queryRows<{ log_content: string }>(
        h.ctx.db,
        sql`select log_content from sys_log where log_content like ${pattern} order by log_id desc limit 1`,
      )
    )[0]?.log_content;

  it('is saved from the detail page, answered in the detail and the list, and logged; 0 when absent', async () => {
    expect(await saveRoad({ ...weekly(), road_name: '宽限线路', grace_minutes: 121 })).toMatchObject({
      code: 400,
      msg: '宽限时间应为0-120分钟',
    });
    expect(await saveRoad({ ...weekly(), road_name: '宽限线路', grace_minutes: -1 })).toMatchObject({
      code: 400,
      msg: '宽限时间应为0-120分钟',
    });
    const saved = await saveRoad({ ...weekly(), road_name: '宽限线路', grace_minutes: 15 });
    expect(saved.code).toBe(200);
    const roadId = saved.data.road_id;
    const detail = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId }, w.a.token);
    expect(detail.data.grace_minutes).toBe(15);
    const list = await h.post<RoadRow[]>('/PatrolRoad/List', { road_name: '宽限线路', hold_id: w.a.holdId }, w.a.token);
    expect(list.data.map((r) => r.grace_minutes)).toEqual([15]);
    expect(await lastLog('新增路线 宽限线路%')).toContain('宽限 15 分钟');
    await saveRoad({ ...weekly(), road_id: roadId, road_name: '宽限线路', grace_minutes: 120 });
    expect((await h.get<RoadRow>('/PatrolRoad/Detail', { roadId }, w.a.token)).data.grace_minutes).toBe(120);
    expect(await lastLog('修改路线 宽限线路%')).toContain('宽限 120 分钟');
    const plain = await saveRoad({ ...weekly(), road_name: '无宽限线路' });
    const plainRow = await h.get<RoadRow>('/PatrolRoad/Detail', { roadId: plain.data.road_id }, w.a.token);
    expect(plainRow.data.grace_minutes).toBe(0);
  });

  it('is saved by the simple variant too, and answered by its detail and list', async () => {
    const body = { road_id: 0, hold_id: w.a.holdId, road_name: '简易宽限', patrol_card_ids: [cards[0]] };
    expect(await h.post('/RoadInfo/SaveRoadInfoNew', { ...body, grace_minutes: 'abc' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '宽限时间应为0-120分钟',
    });
    const saved = await h.post<{ road_id: number }>(
      '/RoadInfo/SaveRoadInfoNew',
      { ...body, grace_minutes: 30 },
      w.a.token,
    );
    expect(saved.code).toBe(200);
    const road_id = saved.data.road_id;
    expect((await h.get<RoadRow>('/RoadInfo/GetRoadDetail', { road_id }, w.a.token)).data.grace_minutes).toBe(30);
    expect(await lastLog('新增线路 简易宽限%')).toContain('宽限 30 分钟');
    await h.post('/RoadInfo/SaveRoadInfoNew', { ...body, road_id, grace_minutes: 5 }, w.a.token);
    const list = await h.post<RoadRow[]>(
      '/RoadInfo/GetRoadInfoList',
      { road_name: '简易宽限', hold_id: w.a.holdId },
      w.a.token,
    );
    expect(list.data.map((r) => r.grace_minutes)).toEqual([5]);
    expect(await lastLog('修改线路 简易宽限%')).toContain('宽限 5 分钟');
  });
});
