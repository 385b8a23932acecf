import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertRow,
  AnswerRow,
  AppRound,
  ChecklistDetail,
  HazardDetail,
  HazardRow,
  HazardStats,
  PunchRow,
  RegisteredApp,
  UploadPunchesResult,
} from '@guard-tour/contract';
import { buildApp } from '../../app.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { DEVICE_KEY, HOUR, MINUTE, TestClock, useHarness } from '../../test/harness.js';
import { tempDataDir } from '../../test/uploads.js';
import { TINY_PNG } from '../../test/victims.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';
import { raiseOverdueHazards } from './hazard.service.js';

/**
 * Inspection items and hazards (INSPECTION.md) through the pinned calls: templates, a point's checklist, answers
 * in AppPunches (one that does not fit refuses its record only), 检查结果 on the record lists, the answers as they
 * were given, hazards and their occurrences, the state machine with its history and log, 巡检异常 at once and
 * 整改超期 once across two servers.
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
let guard = '';
let guardId = 0;
let other = '';
let phone: RegisteredApp;
let checklistId = 0;
let items: ChecklistDetail['items'] = [];
const cards = { pump: 0, door: 0 };
const APP_ID = 'phone-inspect-0123456789';

async function uploadPhoto(token: string) {
  const boundary = '----inspect';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    TINY_PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/Terminal/UploadPhoto',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return (response.json() as { data: { photo_id: number } }).data.photo_id;
}

const punches = (records: object[], token = guard) =>
  h.post<UploadPunchesResult>('/Terminal/AppPunches', { device_no: phone.device_no, records }, token);

const item = (text: string) => items.find((i) => i.text === text)!;

const TEMPLATE = {
  checklist_id: 0,
  checklist_name: '泵房检查',
  items: [
    { text: '消防门关闭', kind: 1, required: true, critical: true },
    { text: '管网压力', kind: 2, required: true, unit: 'MPa', min: 0.2, max: 0.6 },
    {
      text: '灭火器铅封',
      kind: 3,
      required: false,
      options: [
        { text: '完好', abnormal: false },
        { text: '破损', abnormal: true },
      ],
    },
    { text: '备注', kind: 4, required: false },
    { text: '现场照片', kind: 5, required: false },
  ],
};

const logLines = async (like: string) =>
  (
    await queryRows<{ log_content: string }>(
      h.ctx.db,
      sql`select log_content from sys_log where log_content like ${like} order by 1`,
    )
  ).map((r) => r.log_content);

beforeAll(async () => {
  h.clock.set('2026-11-20T02:00:00Z'); // 10:00 in Shanghai
  w = await buildWorld(h);
  for (const [key, sn, name] of [
    ['pump', 'INS-PUMP', '泵房'],
    ['door', 'INS-DOOR', '东门'],
  ] as const) {
    const saved = await h.post<{ patrol_id: number }>(
      '/PatrolCard/SaveInfo',
      { patrol_id: 0, hold_id: w.a.holdId, patrol_sn: sn, patrol_name: name },
      w.a.token,
    );
    expect(saved.code, saved.msg).toBe(200);
    cards[key] = saved.data.patrol_id;
  }
  const account = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'ins_guard', user_password: PASSWORD, true_name: '孙巡', role_id: 3 },
    w.a.token,
  );
  expect(account.code, account.msg).toBe(200);
  guardId = account.data.user_id;
  guard = await h.login({ user_name: 'ins_guard', user_password: PASSWORD });
  const second = await h.post(
    '/HoldInfo/SaveAccount',
    { user_id: 0, hold_id: w.a.holdId, user_name: 'ins_other', user_password: PASSWORD, true_name: '周巡', role_id: 3 },
    w.a.token,
  );
  expect(second.code, second.msg).toBe(200);
  other = await h.login({ user_name: 'ins_other', user_password: PASSWORD });
  await h.post('/Terminal/RegisterApp', { app_id: 'phone-inspect-other-01' }, other);
  phone = (await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: APP_ID }, guard)).data;
  const road = await h.post(
    '/PatrolRoad/SaveRoadInfo',
    {
      road_id: 0,
      road_name: '设备巡检线',
      hold_id: w.a.holdId,
      user_id_list: [guardId],
      card_id_list: [cards.pump, cards.door],
      cycle_repeat_type: 1,
      start_time: '08:00',
      end_time: '18:00',
    },
    w.a.token,
  );
  expect(road.code, road.msg).toBe(200);
});

describe('checklist templates', () => {
  it('refuses bad items with the item named, nothing saved', async () => {
    const bad = [
      [{ text: '', kind: 1 }, '第 1 项：请输入检查内容（不超过 100 个字符）'],
      [{ text: '压力', kind: 9 }, '第 1 项：检查类型不正确'],
      [{ text: '压力', kind: 2, min: 5, max: 1 }, '第 1 项：最小值不能大于最大值'],
      [{ text: '压力', kind: 2, min: 'abc' }, '第 1 项：范围应为数字'],
      [{ text: '铅封', kind: 3, options: [{ text: '好', abnormal: false }] }, '第 1 项：单选需要 2-10 个选项'],
    ] as const;
    for (const [one, msg] of bad) {
      const reply = await h.post(
        '/Checklist/Save',
        { checklist_id: 0, hold_id: w.a.holdId, checklist_name: '坏表', items: [one] },
        w.a.token,
      );
      expect(reply, msg).toMatchObject({ code: 400, msg });
    }
    expect(
      await h.post(
        '/Checklist/Save',
        { checklist_id: 0, hold_id: w.a.holdId, checklist_name: '空表', items: [] },
        w.a.token,
      ),
    ).toMatchObject({ code: 400, msg: '检查表至少需要一个检查项' });
    const listed = await h.post<{ checklist_name: string }[]>(
      '/Checklist/List',
      { PageIndex: 1, PageSize: 50 },
      w.a.token,
    );
    expect(listed.data).toEqual([]);
  });

  it('saves a template with its items in order, and a point picks it', async () => {
    const saved = await h.post<{ checklist_id: number }>(
      '/Checklist/Save',
      { ...TEMPLATE, hold_id: w.a.holdId },
      w.a.token,
    );
    expect(saved.code, saved.msg).toBe(200);
    checklistId = saved.data.checklist_id;
    expect(await h.post('/Checklist/Save', { ...TEMPLATE, hold_id: w.a.holdId }, w.a.token)).toMatchObject({
      code: 409,
      msg: '该检查表名称已存在',
    });
    const detail = await h.get<ChecklistDetail>('/Checklist/Detail', { checklist_id: checklistId }, w.a.token);
    items = detail.data.items;
    expect(items.map((i) => [i.text, i.kind, i.required, i.critical])).toEqual([
      ['消防门关闭', 1, true, true],
      ['管网压力', 2, true, false],
      ['灭火器铅封', 3, false, false],
      ['备注', 4, false, false],
      ['现场照片', 5, false, false],
    ]);
    expect(item('管网压力')).toMatchObject({ unit: 'MPa', min: 0.2, max: 0.6 });
    // Another enterprise neither sees it nor can give it to its point.
    expect(await h.get('/Checklist/Detail', { checklist_id: checklistId }, w.b.token)).toMatchObject({ code: 404 });
    const pumpRow = (
      await h.post<{ patrol_id: number; patrol_sn: string; location: string; patrol_name: string }[]>(
        '/PatrolCard/SearchList',
        { PageIndex: 1, PageSize: 50 },
        w.a.token,
      )
    ).data.find((c) => c.patrol_id === cards.pump)!;
    const picked = await h.post(
      '/PatrolCard/SaveInfo',
      { ...pumpRow, hold_id: w.a.holdId, checklist_id: checklistId },
      w.a.token,
    );
    expect(picked.code, picked.msg).toBe(200);
    const rows = await h.post<{ patrol_id: number; checklist_id: number; checklist_name: string }[]>(
      '/PatrolCard/SearchList',
      { PageIndex: 1, PageSize: 50 },
      w.a.token,
    );
    expect(rows.data.find((c) => c.patrol_id === cards.pump)).toMatchObject({
      checklist_id: checklistId,
      checklist_name: '泵房检查',
    });
    expect(rows.data.find((c) => c.patrol_id === cards.door)).toMatchObject({ checklist_id: 0, checklist_name: '' });
    // In use: not removed.
    expect(await h.post('/Checklist/Remove', { checklist_ids: [checklistId] }, w.a.token)).toMatchObject({ code: 409 });
  });

  it('gives the app each point’s items, null where there is none', async () => {
    const rounds = await h.get<AppRound[]>('/Terminal/AppRounds', {}, guard);
    const points = rounds.data.find((r) => r.road_name === '设备巡检线')!.points;
    expect(points.find((p) => p.patrol_id === cards.pump)?.checklist).toMatchObject({
      checklist_id: checklistId,
      items: items,
    });
    expect(points.find((p) => p.patrol_id === cards.door)?.checklist).toBeNull();
  });
});

let firstPunch = 0;

describe('answers with the punch', () => {
  it('stores the good records and refuses each one whose answers do not fit, saying why', async () => {
    const ok = [
      { item_id: item('消防门关闭').item_id, value: '正常' },
      { item_id: item('管网压力').item_id, value: 0.4 },
    ];
    const reply = await punches([
      { patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:00:00', answers: ok },
      { patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:01:00', answers: [ok[0]] },
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:02:00',
        answers: [ok[0], { item_id: item('管网压力').item_id, value: '高' }],
      },
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:03:00',
        answers: [...ok, { item_id: item('灭火器铅封').item_id, option: '丢失' }],
      },
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:04:00',
        answers: [...ok, { item_id: 999_999, value: '正常' }],
      },
      { patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:05:00', answers: [{ ...ok[0], value: '还行' }, ok[1]] },
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:06:00',
        answers: [...ok, { item_id: item('现场照片').item_id, photo_ids: [1, 2, 3, 4] }],
      },
      { patrol_sn: 'INS-DOOR', punch_time: '2026-11-20 09:07:00' },
    ]);
    expect(reply.code, reply.msg).toBe(200);
    expect(reply.data.accepted).toBe(2);
    expect(reply.data.rejected).toEqual([
      { index: 1, reason: '请填写必填项：管网压力' },
      { index: 2, reason: '管网压力：请输入数字' },
      { index: 3, reason: '灭火器铅封：请选择列出的选项' },
      { index: 4, reason: '检查项不存在或已修改，请刷新后重新填写' },
      { index: 5, reason: '消防门关闭：请选择正常或异常' },
      { index: 6, reason: '检查结果格式不正确' },
    ]);
    const hazards = await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(hazards.data).toEqual([]);
  });

  it('refuses a text answer of any length over the item’s limit as its record only, naming the item', async () => {
    const ok = [
      { item_id: item('消防门关闭').item_id, value: '正常' },
      { item_id: item('管网压力').item_id, value: 0.4 },
    ];
    const text = (value: string) => [...ok, { item_id: item('备注').item_id, value }];
    const reply = await punches([
      { patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:10:00', answers: text('备'.repeat(2_001)) },
      { patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:11:00', answers: text('x'.repeat(20_000)) },
      { patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:12:00', answers: text('备'.repeat(501)) },
      { patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:13:00', answers: text('备'.repeat(500)) },
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:14:00',
        answers: [ok[0], { ...ok[1], value: '9'.repeat(3_000) }],
      },
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:15:00',
        answers: [{ item_id: ok[0]!.item_id, option: '异'.repeat(300) }, ok[1]],
      },
    ]);
    expect(reply.code, reply.msg).toBe(200);
    expect(reply.data).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [
        { index: 0, reason: '备注：文字不能超过 500 个字符' },
        { index: 1, reason: '备注：文字不能超过 500 个字符' },
        { index: 2, reason: '备注：文字不能超过 500 个字符' },
        { index: 4, reason: '管网压力：请输入数字' },
        { index: 5, reason: '消防门关闭：请选择正常或异常' },
      ],
    });
    const stored = await queryRows<{ n: number }>(
      h.ctx.db,
      sql`select count(*)::int as n from punch_answer where value = ${'备'.repeat(500)}`,
    );
    expect(Number(stored[0]!.n)).toBe(1);
  });

  it('makes an abnormal answer a hazard and raises 巡检异常 at once; the same item again is one more occurrence', async () => {
    const photo = await uploadPhoto(guard);
    const reply = await punches([
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:30:00',
        answers: [
          { item_id: item('消防门关闭').item_id, value: '异常' },
          { item_id: item('管网压力').item_id, value: '0.8' },
          { item_id: item('灭火器铅封').item_id, option: '完好' },
          { item_id: item('备注').item_id, value: '门把手松动' },
          { item_id: item('现场照片').item_id, photo_ids: [photo] },
        ],
      },
    ]);
    expect(reply.data, JSON.stringify(reply.data.rejected)).toMatchObject({ accepted: 1, rejected: [] });
    const hazards = await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(hazards.data.map((z) => [z.item_text, z.answer, z.level, z.state, z.found_by, z.occurrences])).toEqual([
      ['管网压力', '0.8 MPa', 1, 0, '孙巡', 1],
      ['消防门关闭', '异常', 2, 0, '孙巡', 1],
    ]);
    const alerts = await h.post<AlertRow[]>('/Alert/List', { kind: 6, PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(alerts.data).toHaveLength(2);
    expect(alerts.data.map((a) => a.detail).join('\n')).toContain(
      '巡检点 泵房（INS-PUMP）检查项「管网压力」异常：0.8 MPa',
    );
    // Found again while open: the same hazard, counted twice, no second alert.
    await punches([
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 09:45:00',
        answers: [
          { item_id: item('消防门关闭').item_id, value: '正常' },
          { item_id: item('管网压力').item_id, value: '0.9' },
        ],
      },
    ]);
    const again = await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(again.data.find((z) => z.item_text === '管网压力')).toMatchObject({
      occurrences: 2,
      last_time: '2026-11-20 09:45:00',
    });
    expect(again.total).toBe(2);
    expect(
      (await h.post<AlertRow[]>('/Alert/List', { kind: 6, PageIndex: 1, PageSize: 50 }, w.a.token)).data,
    ).toHaveLength(2);
  });

  it('shows 检查结果 on the three record lists, the answers as given after the template changed, and 未填写 for a reader', async () => {
    const reader = await h.post(
      '/DeviceInfo/SaveDeviceInfo',
      { object_id: 0, hold_id: w.a.holdId, device_no: 'INS-READER', object_name: '读卡器' },
      w.a.token,
    );
    expect(reader.code, reader.msg).toBe(200);
    const upload = await h.app.inject({
      method: 'POST',
      url: '/proxyserver/api/Terminal/UploadPunches',
      headers: { authorization: `Device ${DEVICE_KEY}` },
      payload: { device_no: 'INS-READER', records: [{ patrol_sn: 'INS-PUMP', punch_time: '2026-11-20 09:50:00' }] },
    });
    expect(upload.json()).toMatchObject({ code: 200, data: { accepted: 1 } });
    const body = { time_range: 1, time_limits: 1, PageIndex: 1, PageSize: 50, search_type: 'card_no', key: '' };
    for (const path of ['/PatrolClockIn/GetPatrolClockInList', '/PatrolLog/List', '/PatrolData/Records']) {
      const rows = await h.post<PunchRow[]>(path, { ...body, type: 'device' }, w.a.token);
      expect(rows.code, `${path} ${rows.msg}`).toBe(200);
      const result = (time: string) => rows.data.find((r) => r.create_time === `2026-11-20 ${time}`)?.check_result;
      expect(
        [result('09:50:00'), result('09:45:00'), result('09:30:00'), result('09:07:00'), result('09:00:00')],
        path,
      ).toEqual(['未填写', '异常 1 项', '异常 2 项', '', '正常']);
      firstPunch = rows.data.find((r) => r.create_time === '2026-11-20 09:30:00')!.punch_id;
    }
    // The template is edited: the stored answers keep the item as it was.
    const edited = {
      ...TEMPLATE,
      checklist_id: checklistId,
      hold_id: w.a.holdId,
      items: items.map((i) => (i.text === '管网压力' ? { ...i, text: '出水压力', max: 1 } : i)),
    };
    expect((await h.post('/Checklist/Save', edited, w.a.token)).code).toBe(200);
    const answers = await h.get<AnswerRow[]>('/Inspection/Answers', { punch_id: firstPunch }, w.a.token);
    expect(answers.data.map((a) => [a.item_text, a.kind, a.value, a.unit, a.option, a.abnormal])).toEqual([
      ['消防门关闭', 1, '异常', '', '', true],
      ['管网压力', 2, '0.8', 'MPa', '', true],
      ['灭火器铅封', 3, '', '', '完好', false],
      ['备注', 4, '门把手松动', '', '', false],
      ['现场照片', 5, '', '', '', false],
    ]);
    expect(answers.data[1]).toMatchObject({ min: 0.2, max: 0.6 });
    expect(answers.data[4]!.photo_ids).toHaveLength(1);
    // Another enterprise sees nothing of it.
    expect(await h.get('/Inspection/Answers', { punch_id: firstPunch }, w.b.token)).toMatchObject({ code: 404 });
  });
});

describe('the hazard state machine', () => {
  let pressure = 0;
  let door = 0;
  beforeAll(async () => {
    const rows = (await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 50 }, w.a.token)).data;
    pressure = rows.find((z) => z.item_text === '管网压力')!.hazard_id;
    door = rows.find((z) => z.item_text === '消防门关闭')!.hazard_id;
  });

  it('refuses moves not allowed from the state, a past deadline, an assignee outside, Fix by another', async () => {
    const move = (path: string, body: object, token = w.a.token) =>
      h.post(`/Hazard/${path}`, { hazard_id: pressure, ...body }, token);
    expect(await move('Verify', {})).toMatchObject({ code: 409, msg: '当前状态不能执行该操作' });
    expect(await move('Reject', {})).toMatchObject({ code: 409, msg: '当前状态不能执行该操作' });
    expect(await move('Fix', {}, guard)).toMatchObject({ code: 409, msg: '当前状态不能执行该操作' });
    expect(await move('Ignore', { note: '' })).toMatchObject({ code: 400, msg: '请填写说明' });
    expect(await move('Assign', { user_id: guardId, deadline: '2026-11-20 09:00' })).toMatchObject({
      code: 400,
      msg: '整改期限不能早于当前时间',
    });
    expect(await move('Assign', { user_id: guardId, deadline: '2026-13-01 09:00' })).toMatchObject({
      code: 400,
      msg: '整改期限格式应为 YYYY-MM-DD HH:mm',
    });
    const bAdmin = (
      await h.post<{ user_id: number; user_name: string }[]>(
        '/StaffInfo/SearchList',
        { PageIndex: 1, PageSize: 50 },
        w.b.token,
      )
    ).data[0]!;
    expect(await move('Assign', { user_id: bAdmin.user_id, deadline: '2026-11-21 18:00' })).toMatchObject({
      code: 404,
      msg: '整改人不存在或不在该隐患的组织范围内',
    });
    expect(
      await h.post(
        '/Hazard/Assign',
        { hazard_id: pressure, user_id: guardId, deadline: '2026-11-21 18:00' },
        w.b.token,
      ),
    ).toMatchObject({ code: 404 });
    const detail = await h.get<HazardDetail>('/Hazard/Detail', { hazard_id: pressure }, w.a.token);
    expect(detail.data).toMatchObject({ state: 0, assignee_id: null });
    expect(detail.data.history).toHaveLength(1);
  });

  it('walks 待处理 → 整改中 → 待复核 → 整改中 → 待复核 → 已关闭 with a history line and a log line per move', async () => {
    expect(
      (
        await h.post(
          '/Hazard/Assign',
          { hazard_id: pressure, user_id: guardId, deadline: '2026-11-20 12:00', note: '尽快更换阀门' },
          w.a.token,
        )
      ).code,
    ).toBe(200);
    const mine = await h.get<HazardRow[]>('/Terminal/MyHazards', {}, guard);
    expect(mine.data.map((z) => [z.hazard_id, z.deadline, z.assignee_name])).toEqual([
      [pressure, '2026-11-20 12:00', '孙巡'],
    ]);
    expect((await h.get<HazardRow[]>('/Terminal/MyHazards', {}, other)).data).toEqual([]);
    expect(await h.post('/Hazard/Fix', { hazard_id: pressure, note: '我来修' }, other)).toMatchObject({
      code: 403,
      msg: '只有整改人可以提交整改',
    });
    const othersPhoto = await uploadPhoto(other);
    expect(await h.post('/Hazard/Fix', { hazard_id: pressure, photo_ids: [othersPhoto] }, guard)).toMatchObject({
      code: 403,
      msg: '只能使用本账号上传的照片',
    });
    const photo = await uploadPhoto(guard);
    expect((await h.post('/Hazard/Fix', { hazard_id: pressure, note: '已更换', photo_ids: [photo] }, guard)).code).toBe(
      200,
    );
    expect((await h.post('/Hazard/Reject', { hazard_id: pressure, note: '压力仍偏高' }, w.a.token)).code).toBe(200);
    expect((await h.post('/Hazard/Fix', { hazard_id: pressure, note: '再次调整' }, guard)).code).toBe(200);
    h.clock.advance(HOUR);
    expect((await h.post('/Hazard/Verify', { hazard_id: pressure, note: '复核正常' }, w.a.token)).code).toBe(200);
    expect(await h.post('/Hazard/Verify', { hazard_id: pressure }, w.a.token)).toMatchObject({ code: 409 });
    expect(
      await h.post(
        '/Hazard/Assign',
        { hazard_id: pressure, user_id: guardId, deadline: '2026-11-22 12:00' },
        w.a.token,
      ),
    ).toMatchObject({ code: 409 });
    const detail = await h.get<HazardDetail>('/Hazard/Detail', { hazard_id: pressure }, w.a.token);
    expect(detail.data.state).toBe(3);
    expect(detail.data.history.map((l) => [l.from_state, l.to_state, l.actor, l.note])).toEqual([
      [null, 0, '孙巡', '发现隐患：管网压力（0.8 MPa）'],
      [0, 1, '甲企业管理员', '尽快更换阀门'],
      [1, 2, '孙巡', '已更换'],
      [2, 1, '甲企业管理员', '压力仍偏高'],
      [1, 2, '孙巡', '再次调整'],
      [2, 3, '甲企业管理员', '复核正常'],
    ]);
    expect(detail.data.history[2]!.photo_ids).toEqual([photo]);
    // The fix photo is the hazard's: whoever sees the hazard sees it, another enterprise does not.
    const seen = await h.app.inject({
      method: 'GET',
      url: `/proxyserver/api/Terminal/Photo?photo_id=${photo}`,
      headers: { authorization: `Bearer ${w.a.token}` },
    });
    expect(seen.statusCode).toBe(200);
    const hidden = await h.app.inject({
      method: 'GET',
      url: `/proxyserver/api/Terminal/Photo?photo_id=${photo}`,
      headers: { authorization: `Bearer ${w.b.token}` },
    });
    expect(hidden.json()).toMatchObject({ code: 404 });
    expect(await logLines('隐患%')).toHaveLength(5);
    // Closed: the same item found abnormal again is a new hazard.
    await punches([
      {
        patrol_sn: 'INS-PUMP',
        punch_time: '2026-11-20 10:30:00',
        answers: [
          { item_id: item('消防门关闭').item_id, value: '正常' },
          { item_id: item('管网压力').item_id, value: '5' },
        ],
      },
    ]);
    const rows = await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(rows.data.map((z) => [z.item_text, z.state])).toEqual([
      ['出水压力', 0],
      ['管网压力', 3],
      ['消防门关闭', 0],
    ]);
  });

  it('tells the caller whether it may 提交整改 by its account, not its name (can_fix)', async () => {
    const supervisors: { id: number; token: string }[] = [];
    for (const user_name of ['ins_sup1', 'ins_sup2']) {
      const saved = await h.post<{ user_id: number }>(
        '/HoldInfo/SaveAccount',
        { user_id: 0, hold_id: w.a.holdId, user_name, user_password: PASSWORD, true_name: '钱主管', role_id: 2 },
        w.a.token,
      );
      expect(saved.code, saved.msg).toBe(200);
      supervisors.push({ id: saved.data.user_id, token: await h.login({ user_name, user_password: PASSWORD }) });
    }
    const [assignee, namesake] = supervisors as [(typeof supervisors)[0], (typeof supervisors)[0]];
    const canFix = async (token: string) =>
      (await h.get<HazardDetail>('/Hazard/Detail', { hazard_id: door }, token)).data.can_fix;
    // 待处理: nobody may fix it yet.
    expect([await canFix(assignee.token), await canFix(w.a.token)]).toEqual([false, false]);
    const assigned = await h.post(
      '/Hazard/Assign',
      { hazard_id: door, user_id: assignee.id, deadline: '2026-11-21 18:00' },
      w.a.token,
    );
    expect(assigned.code, assigned.msg).toBe(200);
    const detail = await h.get<HazardDetail>('/Hazard/Detail', { hazard_id: door }, namesake.token);
    expect(detail.data).toMatchObject({ assignee_id: assignee.id, assignee_name: '钱主管', can_fix: false });
    expect([await canFix(assignee.token), await canFix(namesake.token), await canFix(w.a.token)]).toEqual([
      true,
      false,
      false,
    ]);
    // The server's own check stays: the namesake is refused.
    expect(await h.post('/Hazard/Fix', { hazard_id: door, note: '我来' }, namesake.token)).toMatchObject({
      code: 403,
      msg: '只有整改人可以提交整改',
    });
  });

  it('ignores with a note; filters, stats and the export', async () => {
    expect((await h.post('/Hazard/Ignore', { hazard_id: door, note: '误报' }, w.a.token)).code).toBe(200);
    expect(await h.post('/Hazard/Fix', { hazard_id: door }, guard)).toMatchObject({ code: 409 });
    const closed = await h.post<HazardRow[]>('/Hazard/List', { state: 3, PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(closed.data.map((z) => z.hazard_id)).toEqual([pressure]);
    const severe = await h.post<HazardRow[]>('/Hazard/List', { level: 2, PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(severe.data.map((z) => z.hazard_id)).toEqual([door]);
    expect(await h.post('/Hazard/List', { state: 9, PageIndex: 1, PageSize: 50 }, w.a.token)).toMatchObject({
      code: 400,
      msg: '隐患状态不正确',
    });
    expect((await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 50 }, w.b.token)).data).toEqual([]);
    const stats = await h.post<HazardStats>(
      '/Hazard/Stats',
      { start_date: '2026-11-20', end_date: '2026-11-20' },
      w.a.token,
    );
    expect(stats.data).toMatchObject({
      by_state: { '0': 1, '3': 1, '4': 1 },
      by_level: { '1': 2, '2': 1 },
      top_points: [{ patrol_id: cards.pump, patrol_name: '泵房', count: 3 }],
    });
    // Found 09:30, closed 11:00 (an hour after 10:00).
    expect(stats.data.avg_close_hours).toBe(1.5);
    const exported = await h.post<{ fileName: string }>('/Hazard/Export', { state: 3 }, w.a.token);
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data.fileName).toMatch(/\.xlsx$/);
    // The sheet as a spreadsheet application opens it: the finding punch's photos in 现场照片.
    const found = (await h.get<HazardDetail>('/Hazard/Detail', { hazard_id: pressure }, w.a.token)).data;
    expect(found.photo_ids).toHaveLength(1);
    const file = await h.app.inject({
      method: 'GET',
      url: '/proxyserver/api/file/download_excelfile',
      query: { fileName: exported.data.fileName },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      '编号',
      '巡检点',
      '卡号',
      '检查项',
      '检查结果',
      '现场照片',
      '发现时间',
      '发现人',
      '发现次数',
      '等级',
      '状态',
      '整改人',
      '整改期限',
      '所属组织',
    ]);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]!.slice(0, 8)).toEqual([
      pressure,
      '泵房',
      'INS-PUMP',
      '管网压力',
      '0.8 MPa',
      `1 张（编号 ${found.photo_ids[0]}）`,
      '2026-11-20 09:30:00',
      '孙巡',
    ]);
    const readOnly = await h.post(
      '/HoldInfo/SaveAccount',
      {
        user_id: 0,
        hold_id: w.a.holdId,
        user_name: 'ins_reader',
        user_password: PASSWORD,
        true_name: '只读',
        role_id: 4,
      },
      w.a.token,
    );
    expect(readOnly.code).toBe(200);
    const reader = await h.login({ user_name: 'ins_reader', user_password: PASSWORD });
    expect((await h.post('/Hazard/List', { PageIndex: 1, PageSize: 50 }, reader)).code).toBe(200);
    expect(await h.post('/Hazard/Verify', { hazard_id: door }, reader)).toMatchObject({
      code: 403,
      msg: '无权限执行此操作（需要「复核隐患」权限）',
    });
  });
});

describe('整改超期', () => {
  let second: { app: FastifyInstance; ctx: AppContext; clock: TestClock };
  afterAll(async () => {
    await second?.app.close();
  });

  it('is raised once a hazard in 整改中 passes its deadline, once, whichever of two servers sees it', async () => {
    const open = (await h.post<HazardRow[]>('/Hazard/List', { state: 0, PageIndex: 1, PageSize: 50 }, w.a.token))
      .data[0]!;
    expect(
      (
        await h.post(
          '/Hazard/Assign',
          { hazard_id: open.hazard_id, user_id: guardId, deadline: '2026-11-20 13:00' },
          w.a.token,
        )
      ).code,
    ).toBe(200);
    const clock = new TestClock(h.clock.now());
    const ctx: AppContext = { ...h.ctx, now: clock.now };
    const app = await buildApp(ctx, { webRoot: '/nonexistent-web-root' });
    await app.ready();
    second = { app, ctx, clock };
    // Before the deadline: nothing.
    expect([...(await raiseOverdueHazards(h.ctx)), ...(await raiseOverdueHazards(ctx))]).toEqual([]);
    h.clock.set('2026-11-20T05:00:30Z'); // 13:00:30 in Shanghai
    clock.set('2026-11-20T05:00:30Z');
    const raised = await Promise.all([
      raiseOverdueHazards(h.ctx),
      raiseOverdueHazards(ctx),
      raiseOverdueHazards(h.ctx),
    ]);
    expect(raised.flat()).toHaveLength(1);
    h.clock.advance(10 * MINUTE);
    clock.advance(10 * MINUTE);
    expect([...(await raiseOverdueHazards(h.ctx)), ...(await raiseOverdueHazards(ctx))]).toEqual([]);
    const alerts = await h.post<AlertRow[]>('/Alert/List', { kind: 7, PageIndex: 1, PageSize: 50 }, w.a.token);
    expect(alerts.data).toHaveLength(1);
    expect(alerts.data[0]!.detail).toContain('已超过整改期限，整改人 孙巡');
    const overdue = await h.post<HazardRow[]>(
      '/Hazard/List',
      { overdue_only: true, PageIndex: 1, PageSize: 50 },
      w.a.token,
    );
    expect(overdue.data.map((z) => [z.hazard_id, z.overdue])).toEqual([[open.hazard_id, true]]);
  });
});

describe('one batch finding an item twice', () => {
  const seals = async () =>
    (await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 50 }, w.a.token)).data.filter(
      (z) => z.patrol_sn === 'INS-PUMP' && z.item_text === '灭火器铅封' && z.state <= 2,
    );
  const found = (time: string, seal = '破损') => ({
    patrol_sn: 'INS-PUMP',
    punch_time: `2026-11-20 ${time}`,
    answers: [
      { item_id: item('消防门关闭').item_id, value: '正常' },
      { item_id: item('管网压力').item_id, value: '0.4' },
      { item_id: item('灭火器铅封').item_id, option: seal },
    ],
  });
  const inspectionAlerts = async () =>
    (await h.post<AlertRow[]>('/Alert/List', { kind: 6, PageIndex: 1, PageSize: 1 }, w.a.token)).total ?? 0;

  it('adds each finding to the open hazard of the item', async () => {
    expect(await seals()).toEqual([]);
    const alerts = await inspectionAlerts();
    await punches([found('07:00:00', '完好'), found('07:30:00')]);
    // Sent newest first.
    const reply = await punches([found('08:05:00'), found('08:00:00')]);
    expect(reply.data, JSON.stringify(reply.data.rejected)).toMatchObject({ accepted: 2, rejected: [] });
    const [seal, ...more] = await seals();
    expect(more).toEqual([]);
    expect(seal).toMatchObject({ found_time: '2026-11-20 07:30:00', occurrences: 3, last_time: '2026-11-20 08:05:00' });
    const detail = await h.get<HazardDetail>('/Hazard/Detail', { hazard_id: seal!.hazard_id }, w.a.token);
    expect(detail.data.history.map((line) => line.note)).toEqual(['发现隐患：灭火器铅封（破损）']);
    expect((await inspectionAlerts()) - alerts).toBe(1);
  });

  it('makes one hazard of two findings of an item that had none open, from the older finding', async () => {
    const [open] = await seals();
    await h.post('/Hazard/Ignore', { hazard_id: open!.hazard_id, note: '误报' }, w.a.token);
    const alerts = await inspectionAlerts();
    await punches([found('06:20:00'), found('06:10:00')]);
    const made = await seals();
    expect(made.map((z) => [z.answer, z.found_time, z.occurrences, z.last_time])).toEqual([
      ['破损', '2026-11-20 06:10:00', 2, '2026-11-20 06:20:00'],
    ]);
    const detail = await h.get<HazardDetail>('/Hazard/Detail', { hazard_id: made[0]!.hazard_id }, w.a.token);
    expect(detail.data.history).toHaveLength(1);
    expect((await inspectionAlerts()) - alerts).toBe(1);
  });
});

describe('the list’s total', () => {
  it('stays exact through findings, occurrences and every move (hazard_tally, kept by triggers)', async () => {
    // The tally is the hazards counted by organisation, state and level: nothing more, nothing less.
    const tally = await queryRows<{ hold_id: number; state: number; level: number; n: number }>(
      h.ctx.db,
      sql`select hold_id, state, level, n::int as n from hazard_tally where n <> 0 order by 1, 2, 3`,
    );
    const counted = await queryRows<{ hold_id: number; state: number; level: number; n: number }>(
      h.ctx.db,
      sql`select hold_id, state, level, count(*)::int as n from hazard group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(counted.length).toBeGreaterThan(2);
    expect(tally.map((r) => [r.hold_id, r.state, r.level, Number(r.n)])).toEqual(
      counted.map((r) => [r.hold_id, r.state, r.level, Number(r.n)]),
    );
    // Each filter's total from the tally, as counting the rows with a span (which reads the hazards) gives it.
    for (const state of [undefined, 0, 1, 2, 3, 4]) {
      for (const level of [undefined, 1, 2]) {
        const body = { state, level, PageIndex: 1, PageSize: 1 };
        const fromTally = await h.post<HazardRow[]>('/Hazard/List', body, w.a.token);
        const counting = await h.post<HazardRow[]>(
          '/Hazard/List',
          { ...body, start_date: '2026-01-01', end_date: '2026-12-31' },
          w.a.token,
        );
        expect(fromTally.total, JSON.stringify(body)).toBe(counting.total);
      }
    }
    expect((await h.post<HazardRow[]>('/Hazard/List', { PageIndex: 1, PageSize: 1 }, w.a.token)).total).toBe(
      counted.reduce((sum, r) => sum + Number(r.n), 0),
    );
  });
});
