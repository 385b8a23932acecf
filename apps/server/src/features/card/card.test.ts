import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardOption, CardRow } from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { useHarness } from '../../test/harness.js';
import { buildWorld, type World } from '../../test/world.js';

const h = useHarness();
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
});

const save = (body: object, token: string) => h.post<{ patrol_id: number }>('/PatrolCard/SaveInfo', body, token);
const list = (body: object, token: string) => h.post<CardRow[]>('/PatrolCard/SearchList', body, token);
const detail = (patrol_id: number, token: string) => h.get<CardRow>('/PatrolCard/GetDetail', { patrol_id }, token);
const remove = (patrol_ids: unknown, token: string) => h.post('/PatrolCard/RemoveInfo', { patrol_ids }, token);

async function addCard(token: string, holdId: number, patrolSn: string, extra: object = {}): Promise<number> {
  const reply = await save({ patrol_id: 0, hold_id: holdId, patrol_sn: patrolSn, ...extra }, token);
  expect(reply, `saving ${patrolSn}`).toMatchObject({ code: 200 });
  return reply.data.patrol_id;
}

async function logsLike(pattern: string) {
  return queryRows<{ log_type: number; log_content: string }>(
    h.ctx.db,
    sql`select log_type, log_content from sys_log where log_content like ${pattern} order by log_id`,
  );
}

describe('patrol points', () => {
  it('adds a point and shows it in the list and the detail', async () => {
    const reply = await save(
      {
        patrol_id: 0,
        hold_id: w.a.holdId,
        patrol_sn: ' 0001a2b3c4 ',
        patrol_name: '东门岗亭',
        location: '东门入口左侧',
        remark: '夜间重点',
      },
      w.a.token,
    );
    expect(reply).toMatchObject({ code: 200, data: { patrol_id: expect.any(Number) } });
    const expected = {
      patrol_id: reply.data.patrol_id,
      patrol_sn: '0001A2B3C4',
      patrol_name: '东门岗亭',
      location: '东门入口左侧',
      remark: '夜间重点',
      hold_id: w.a.holdId,
      hold_name: '甲企业',
      create_time: '2026-11-20 10:00:00',
      // No position until one is set (SAFETY.md).
      lat: null,
      lng: null,
      radius: 50,
      checklist_id: 0,
      checklist_name: '',
    };
    expect((await detail(reply.data.patrol_id, w.a.token)).data).toEqual(expected);
    expect(await list({ HoldID: w.a.holdId, search_type: 'patrol_sn', key: 'a2b3' }, w.a.token)).toMatchObject({
      code: 200,
      data: [expected],
      total: 1,
    });
    const [log] = await logsLike('新增巡检点 东门岗亭%');
    expect(log).toMatchObject({ log_type: 3 });
    expect(log!.log_content).toContain(`ID ${reply.data.patrol_id}`);
  });

  it('says what is wrong with the spec’s texts', async () => {
    expect(await save({ patrol_id: 0, hold_id: 0, patrol_sn: 'C1' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '数据异常，无法保存！',
    });
    expect(await save({ patrol_id: 0, hold_id: w.a.holdId, patrol_sn: '' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请输入卡编号！',
    });
    expect(await save({ patrol_id: 0, hold_id: w.a.holdId }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请输入卡编号！',
    });
    expect(await save({ patrol_id: 0, hold_id: w.a.holdId, patrol_sn: '卡 01' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '卡编号格式不正确：卡 01',
    });
  });

  it('refuses a card number another point has, in any case and any organisation (409)', async () => {
    await addCard(w.b.token, w.b.holdId, 'card-shared');
    expect(await save({ patrol_id: 0, hold_id: w.a.holdId, patrol_sn: 'CARD-Shared' }, w.a.token)).toEqual({
      code: 409,
      msg: '卡编号已存在：CARD-SHARED',
      data: null,
    });
  });

  it('edits a point and logs it', async () => {
    const id = await addCard(w.a.token, w.a.holdId, 'card-edit', { patrol_name: '旧点' });
    await addCard(w.a.token, w.a.holdId, 'card-other');
    expect(await save({ patrol_id: id, hold_id: w.a.holdId, patrol_sn: 'card-other' }, w.a.token)).toMatchObject({
      code: 409,
      msg: '卡编号已存在：CARD-OTHER',
    });
    expect(
      await save(
        { patrol_id: id, hold_id: w.a1.holdId, patrol_sn: 'card-edit', patrol_name: '新点', location: '二楼' },
        w.a.token,
      ),
    ).toMatchObject({ code: 200, data: { patrol_id: id } });
    expect((await detail(id, w.a.token)).data).toMatchObject({
      patrol_sn: 'CARD-EDIT',
      patrol_name: '新点',
      location: '二楼',
      hold_name: '甲一部',
    });
    const [log] = await logsLike('修改巡检点 新点%');
    expect(log).toMatchObject({ log_type: 4 });
    expect(log!.log_content).toContain('移到 甲一部');
  });

  it('names a point after its card number when no name is given', async () => {
    const id = await addCard(w.a.token, w.a.holdId, 'card-noname');
    expect((await detail(id, w.a.token)).data.patrol_name).toBe('CARD-NONAME');
  });

  it('searches by card number, name and location, within the organisation and below', async () => {
    const first = await addCard(w.a1.token, w.a1.holdId, 'find-c1', { patrol_name: '北楼Stair', location: 'B1层' });
    h.clock.advance(1000);
    const second = await addCard(w.a1.token, w.a1.holdId, 'find-c2', { patrol_name: '南楼stair', location: '屋顶' });
    const ids = async (body: object) => (await list(body, w.a.token)).data.map((r) => r.patrol_id);
    expect(await ids({ HoldID: w.a.holdId, search_type: 'patrol_sn', key: 'FIND-C' })).toEqual([second, first]);
    expect(await ids({ HoldID: w.a.holdId, search_type: 'patrol_name', key: 'STAIR' })).toEqual([second, first]);
    expect(await ids({ HoldID: w.a.holdId, search_type: 'location', key: 'b1' })).toEqual([first]);
    expect(await ids({ HoldID: w.a.holdId, ContainChildren: false, key: 'FIND-C' })).toEqual([]);
    expect(await list({ search_type: 'imei' }, w.a.token)).toMatchObject({ code: 400, msg: '查询类型不正确' });
  });

  it('offers the points of an organisation and below as options', async () => {
    const options = await h.get<CardOption[]>('/PatrolCard/GetCardOptions', { hold_id: w.a.holdId }, w.a.token);
    expect(options.data).toEqual(
      expect.arrayContaining([{ patrol_id: expect.any(Number), patrol_name: '北楼Stair', patrol_sn: 'FIND-C1' }]),
    );
    expect(options.data.map((o) => o.patrol_sn)).not.toContain('CARD-SHARED');
  });
});

describe('another organisation’s points', () => {
  it('are invisible and untouchable to a sibling enterprise and to a department below', async () => {
    const theirs = await addCard(w.b.token, w.b.holdId, 'card-b-secret', { patrol_name: '乙的巡检点' });
    expect(await list({ HoldID: w.b.holdId }, w.a.token)).toMatchObject({ code: 403, data: null });
    expect((await list({ key: 'CARD-B-SECRET' }, w.a.token)).data).toEqual([]);
    expect(await detail(theirs, w.a.token)).toMatchObject({ code: 404, data: null });
    expect(await remove([theirs], w.a.token)).toMatchObject({ code: 404 });
    expect(
      await save({ patrol_id: theirs, hold_id: w.a.holdId, patrol_sn: 'card-b-secret', patrol_name: '偷' }, w.a.token),
    ).toMatchObject({ code: 404 });
    expect(await save({ patrol_id: 0, hold_id: w.b.holdId, patrol_sn: 'card-parasite' }, w.a.token)).toMatchObject({
      code: 403,
    });
    expect(await h.get('/PatrolCard/GetCardOptions', { hold_id: w.b.holdId }, w.a.token)).toMatchObject({ code: 403 });
    expect((await detail(theirs, w.b.token)).data.patrol_name).toBe('乙的巡检点');
    const parents = await addCard(w.a.token, w.a.holdId, 'card-a-top');
    expect(await detail(parents, w.a1.token)).toMatchObject({ code: 404 });
  });
});

describe('deleting points', () => {
  it('deletes softly, all or nothing, and frees the card number', async () => {
    const one = await addCard(w.a.token, w.a.holdId, 'card-del-1', { patrol_name: '待删点' });
    const foreign = await addCard(w.b.token, w.b.holdId, 'card-del-b');
    expect(await remove([one, foreign], w.a.token)).toMatchObject({ code: 404 });
    expect((await detail(one, w.a.token)).code).toBe(200);
    expect(await remove(String(one), w.a.token)).toMatchObject({ code: 200 });
    expect((await detail(one, w.a.token)).code).toBe(404);
    const [log] = await logsLike('删除巡检点 待删点%');
    expect(log).toMatchObject({ log_type: 5 });
    await addCard(w.a.token, w.a.holdId, 'card-del-1');
    expect(await remove([], w.a.token)).toMatchObject({ code: 400, msg: '请选择要删除的巡检点' });
  });

  it('keeps an organisation with points from being deleted', async () => {
    const dept = await h.post<{ hold_id: number }>(
      '/HoldInfo/SaveHoldInfo',
      {
        hold_id: 0,
        hold_name: '甲三部',
        hold_type: 3,
        parent_hold_id: w.a.holdId,
        user_name: 'a3_admin',
        user_password: 'password123',
      },
      w.a.token,
    );
    await addCard(w.a.token, dept.data.hold_id, 'card-in-dept', { patrol_name: '部门点' });
    expect(await h.post('/HoldInfo/RemoveHold', { hold_ids: [dept.data.hold_id] }, w.a.token)).toMatchObject({
      code: 409,
      msg: '无法删除，「甲三部」仍有巡检点：部门点',
    });
  });
});
