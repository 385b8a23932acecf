import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceOption, DeviceRow, ExcelImportResult, SnImportResult } from '@guard-tour/contract';
import { queryRows } from '../../db/sql.js';
import { useHarness } from '../../test/harness.js';
import { tempDataDir, uploadOne } from '../../test/uploads.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

const dataDir = tempDataDir();
const h = useHarness({ dataDir });
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
});

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const save = (body: object, token: string) => h.post<{ object_id: number }>('/DeviceInfo/SaveDeviceInfo', body, token);
const list = (body: object, token: string) => h.post<DeviceRow[]>('/DeviceInfo/SearchDeviceList', body, token);
const detail = (objectId: number, token: string) => h.get<DeviceRow>('/DeviceInfo/Detail', { objectId }, token);
const importSns = (body: object, token: string) =>
  h.post<SnImportResult>('/DeviceInfo/ImportDeviceBySNList', body, token);
const importExcel = (body: object, token: string) =>
  h.post<ExcelImportResult>('/DeviceInfo/ImportDeviceByExcel', body, token);

async function addDevice(token: string, holdId: number, deviceNo: string, extra: object = {}): Promise<number> {
  const reply = await save({ object_id: 0, hold_id: holdId, device_no: deviceNo, ...extra }, token);
  expect(reply, `saving ${deviceNo}`).toMatchObject({ code: 200 });
  return reply.data.object_id;
}

async function logsLike(pattern: string) {
  return queryRows<{ log_type: number; log_content: string; user_name: string }>(
    h.ctx.db,
    sql`select log_type, log_content, user_name from sys_log where log_content like ${pattern} order by log_id`,
  );
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('设备');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('registering devices', () => {
  it('adds a device and shows it in the list and the detail with every field', async () => {
    const reply = await save(
      {
        object_id: 0,
        hold_id: w.a.holdId,
        device_no: ' 860000000000001 ',
        object_type: 1,
        object_name: '东门巡更机',
        IMEI: '860000000000001',
        SIM: '13800138000',
        ICCID: '89860000000000000001',
        remark: '一号岗',
      },
      w.a.token,
    );
    expect(reply).toMatchObject({ code: 200, data: { object_id: expect.any(Number) } });
    const expected = {
      object_id: reply.data.object_id,
      device_no: '860000000000001',
      object_name: '东门巡更机',
      object_type: 1,
      IMEI: '860000000000001',
      SIM: '13800138000',
      ICCID: '89860000000000000001',
      imei: '860000000000001',
      sim: '13800138000',
      iccid: '89860000000000000001',
      hold_id: w.a.holdId,
      hold_name: '甲企业',
      remark: '一号岗',
      create_time: '2026-11-20 10:00:00',
      last_upload_time: '',
    };
    expect((await detail(reply.data.object_id, w.a.token)).data).toEqual(expected);
    const page = await list({ HoldID: w.a.holdId, search_type: 'device_no', key: '0000000001' }, w.a.token);
    expect(page.data).toEqual([expected]);
    expect(page.total).toBe(1);
    const [log] = await logsLike('新增设备 东门巡更机%');
    expect(log).toMatchObject({ log_type: 3, user_name: 'a_admin' });
    expect(log!.log_content).toContain(`ID ${reply.data.object_id}`);
  });

  it('says what is wrong with the spec’s texts', async () => {
    expect(await save({ object_id: 0, hold_id: 0, device_no: 'SN-1' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '数据异常，无法保存！',
    });
    expect(await save({ object_id: 0, device_no: 'SN-1' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '数据异常，无法保存！',
    });
    expect(await save({ object_id: 0, hold_id: w.a.holdId, device_no: '  ' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请输入设备IMEI/SN',
    });
    for (const bad of ['86 000', 'SN/01', '设备1', 'x'.repeat(33)]) {
      expect(await save({ object_id: 0, hold_id: w.a.holdId, device_no: bad }, w.a.token)).toMatchObject({
        code: 400,
        msg: `设备IMEI/SN格式不正确：${bad}`,
      });
    }
  });

  it('refuses a number another device has, in any letter case and any organisation (409)', async () => {
    await addDevice(w.b.token, w.b.holdId, 'sn-shared-01');
    expect(await save({ object_id: 0, hold_id: w.a.holdId, device_no: 'SN-Shared-01' }, w.a.token)).toEqual({
      code: 409,
      msg: '设备IMEI/SN已存在：SN-SHARED-01',
      data: null,
    });
    expect(await save({ object_id: 0, hold_id: w.a.holdId, device_no: '860000000000001' }, w.a.token)).toMatchObject({
      code: 409,
      msg: '设备IMEI/SN已存在：860000000000001',
    });
  });

  it('edits a device, keeping its number unique, and logs the change', async () => {
    const id = await addDevice(w.a.token, w.a.holdId, 'sn-edit-01', { object_name: '旧名' });
    await addDevice(w.a.token, w.a.holdId, 'sn-edit-02');
    expect(
      await save({ object_id: id, hold_id: w.a.holdId, device_no: 'sn-edit-02', object_name: '新名' }, w.a.token),
    ).toMatchObject({ code: 409, msg: '设备IMEI/SN已存在：SN-EDIT-02' });
    const edited = await save(
      { object_id: id, hold_id: w.a1.holdId, device_no: 'sn-edit-03', object_name: '新名', SIM: '139' },
      w.a.token,
    );
    expect(edited).toMatchObject({ code: 200, data: { object_id: id } });
    expect((await detail(id, w.a.token)).data).toMatchObject({
      device_no: 'SN-EDIT-03',
      object_name: '新名',
      SIM: '139',
      hold_id: w.a1.holdId,
      hold_name: '甲一部',
    });
    const [log] = await logsLike(`修改设备 新名%`);
    expect(log).toMatchObject({ log_type: 4 });
    expect(log!.log_content).toContain('由 SN-EDIT-01 改为 SN-EDIT-03');
    expect(await save({ object_id: 999999, hold_id: w.a.holdId, device_no: 'SN-X' }, w.a.token)).toMatchObject({
      code: 404,
    });
  });

  it('names a device after its number when no name is given', async () => {
    const id = await addDevice(w.a.token, w.a.holdId, 'sn-noname');
    expect((await detail(id, w.a.token)).data).toMatchObject({ object_name: 'SN-NONAME', IMEI: 'SN-NONAME' });
  });
});

describe('searching devices', () => {
  it('matches each search type as a case-insensitive substring, newest first', async () => {
    const first = await addDevice(w.a1.token, w.a1.holdId, 'find-001', {
      object_name: '北门Alpha',
      IMEI: 'find-001',
      SIM: '13911112222',
      ICCID: '8986AAAA',
    });
    h.clock.advance(1000);
    const second = await addDevice(w.a1.token, w.a1.holdId, 'find-002', {
      object_name: '南门alpha',
      SIM: '13933334444',
      ICCID: '8986BBBB',
    });
    const ids = async (search_type: string, key: string) =>
      (await list({ HoldID: w.a1.holdId, search_type, key }, w.a1.token)).data.map((r) => r.object_id);
    expect(await ids('device_no', 'FIND-')).toEqual([second, first]);
    expect(await ids('object_name', 'ALPHA')).toEqual([second, first]);
    expect(await ids('imei', 'find-001')).toEqual([first]);
    expect(await ids('sim', '3333')).toEqual([second]);
    expect(await ids('iccid', 'aaaa')).toEqual([first]);
    expect(await ids('IMEI', '%')).toEqual([]);
    expect(await list({ search_type: 'owner', key: 'x' }, w.a1.token)).toMatchObject({
      code: 400,
      msg: '查询类型不正确',
    });
  });

  it('covers the organisation and below unless ContainChildren is false, and pages', async () => {
    const all = await list({ HoldID: w.a.holdId, PageSize: 200 }, w.a.token);
    expect(all.data.map((r) => r.hold_name)).toEqual(expect.arrayContaining(['甲企业', '甲一部']));
    const own = await list({ HoldID: w.a.holdId, ContainChildren: false, PageSize: 200 }, w.a.token);
    expect(new Set(own.data.map((r) => r.hold_name))).toEqual(new Set(['甲企业']));
    expect(own.total).toBeLessThan(all.total!);
    const page2 = await list({ HoldID: w.a.holdId, PageIndex: 2, PageSize: 2 }, w.a.token);
    expect(page2.data).toHaveLength(2);
    expect(page2.total).toBe(all.total);
    expect(page2.data[0]).toEqual(all.data[2]);
    const beyond = await list({ HoldID: w.a.holdId, PageIndex: 99 }, w.a.token);
    expect(beyond).toMatchObject({ code: 200, data: [], total: all.total });
  });

  it('offers the devices of an organisation and below as options', async () => {
    const options = await h.get<DeviceOption[]>('/DeviceInfo/GetDeviceOptions', { hold_id: w.a.holdId }, w.a.token);
    expect(options.data).toEqual(
      expect.arrayContaining([{ object_id: expect.any(Number), object_name: '北门Alpha', device_no: 'FIND-001' }]),
    );
    expect(options.data.map((o) => o.device_no)).not.toContain('SN-SHARED-01');
    expect(Object.keys(options.data[0]!).sort()).toEqual(['device_no', 'object_id', 'object_name']);
  });
});

describe('another organisation’s devices', () => {
  it('are invisible and untouchable to a sibling enterprise', async () => {
    const theirs = await addDevice(w.b.token, w.b.holdId, 'sn-b-secret', { object_name: '乙的设备' });
    expect(await list({ HoldID: w.b.holdId }, w.a.token)).toMatchObject({ code: 403, data: null });
    const mine = await list({ key: 'SN-B-SECRET', PageSize: 200 }, w.a.token);
    expect(mine.data).toEqual([]);
    expect(await detail(theirs, w.a.token)).toMatchObject({ code: 404, data: null });
    expect(await h.post('/DeviceInfo/RemoveDevice', { object_ids: [theirs] }, w.a.token)).toMatchObject({ code: 404 });
    expect(
      await save({ object_id: theirs, hold_id: w.a.holdId, device_no: 'sn-b-secret', object_name: '偷' }, w.a.token),
    ).toMatchObject({ code: 404 });
    expect(await save({ object_id: 0, hold_id: w.b.holdId, device_no: 'sn-parasite' }, w.a.token)).toMatchObject({
      code: 403,
    });
    expect(await h.get('/DeviceInfo/GetDeviceOptions', { hold_id: w.b.holdId }, w.a.token)).toMatchObject({
      code: 403,
    });
    expect((await detail(theirs, w.b.token)).data).toMatchObject({ object_name: '乙的设备', hold_id: w.b.holdId });
  });

  it('are out of a department’s reach above it', async () => {
    const parents = await addDevice(w.a.token, w.a.holdId, 'sn-a-top');
    expect(await detail(parents, w.a1.token)).toMatchObject({ code: 404 });
    expect(await list({ HoldID: w.a.holdId }, w.a1.token)).toMatchObject({ code: 403 });
  });
});

describe('deleting devices', () => {
  it('deletes softly, all or nothing, and frees the number', async () => {
    const one = await addDevice(w.a.token, w.a.holdId, 'sn-del-01');
    const two = await addDevice(w.a.token, w.a.holdId, 'sn-del-02');
    const foreign = await addDevice(w.b.token, w.b.holdId, 'sn-del-b');
    expect(await h.post('/DeviceInfo/RemoveDevice', { object_ids: [one, foreign] }, w.a.token)).toMatchObject({
      code: 404,
    });
    expect((await detail(one, w.a.token)).code).toBe(200);
    expect(await h.post('/DeviceInfo/RemoveDevice', { object_ids: `${one},${two}` }, w.a.token)).toMatchObject({
      code: 200,
    });
    expect((await detail(one, w.a.token)).code).toBe(404);
    expect((await list({ key: 'SN-DEL-0' }, w.a.token)).data).toEqual([]);
    const [row] = await queryRows<{ deleted: boolean }>(
      h.ctx.db,
      sql`select deleted_at is not null as deleted from device where object_id = ${one}`,
    );
    expect(row?.deleted).toBe(true);
    const [log] = await logsLike('删除设备 %SN-DEL-01%');
    expect(log).toMatchObject({ log_type: 5 });
    expect(log!.log_content).toContain(`ID ${two}`);
    await addDevice(w.a.token, w.a.holdId, 'SN-DEL-01');
    expect(await h.post('/DeviceInfo/RemoveDevice', { object_ids: [] }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请选择要删除的设备',
    });
  });

  it('keeps an organisation with devices from being deleted', async () => {
    const dept = await h.post<{ hold_id: number }>(
      '/HoldInfo/SaveHoldInfo',
      {
        hold_id: 0,
        hold_name: '甲二部',
        hold_type: 3,
        parent_hold_id: w.a.holdId,
        user_name: 'a2_admin',
        user_password: 'password123',
      },
      w.a.token,
    );
    await addDevice(w.a.token, dept.data.hold_id, 'sn-in-dept');
    expect(await h.post('/HoldInfo/RemoveHold', { hold_ids: [dept.data.hold_id] }, w.a.token)).toMatchObject({
      code: 409,
      msg: '无法删除，「甲二部」仍有设备：SN-IN-DEPT',
    });
  });
});

describe('allocating devices', () => {
  it('moves devices to an organisation in scope and logs it', async () => {
    const one = await addDevice(w.a.token, w.a.holdId, 'sn-move-01');
    const two = await addDevice(w.a.token, w.a.holdId, 'sn-move-02');
    expect(
      await h.post('/DeviceInfo/AllocateDevice', { objectIds: [one, two], holdId: w.a1.holdId }, w.a.token),
    ).toMatchObject({ code: 200 });
    for (const id of [one, two]) {
      expect((await detail(id, w.a1.token)).data).toMatchObject({ hold_id: w.a1.holdId, hold_name: '甲一部' });
    }
    const [log] = await logsLike('分配设备 %SN-MOVE-01%');
    expect(log).toMatchObject({ log_type: 8 });
    expect(log!.log_content).toContain(`到 甲一部（ID ${w.a1.holdId}）`);
  });

  it('refuses a foreign organisation (403) and foreign devices (404), moving nothing', async () => {
    const mine = await addDevice(w.a.token, w.a.holdId, 'sn-stay-01');
    const theirs = await addDevice(w.b.token, w.b.holdId, 'sn-stay-b');
    expect(
      await h.post('/DeviceInfo/AllocateDevice', { objectIds: [mine], holdId: w.b.holdId }, w.a.token),
    ).toMatchObject({ code: 403 });
    expect(
      await h.post('/DeviceInfo/AllocateDevice', { objectIds: [mine, theirs], holdId: w.a.holdId }, w.a.token),
    ).toMatchObject({ code: 404 });
    expect(
      await h.post('/DeviceInfo/AllocateDevice', { objectIds: [mine], holdId: w.a.holdId }, w.a1.token),
    ).toMatchObject({ code: 403 });
    expect((await detail(mine, w.a.token)).data.hold_id).toBe(w.a.holdId);
    expect((await detail(theirs, w.b.token)).data.hold_id).toBe(w.b.holdId);
  });

  it('asks for devices and an organisation with the spec’s texts', async () => {
    expect(await h.post('/DeviceInfo/AllocateDevice', { objectIds: [], holdId: w.a.holdId }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请选择设备！',
    });
    expect(await h.post('/DeviceInfo/AllocateDevice', { holdId: w.a.holdId }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请选择设备！',
    });
    expect(await h.post('/DeviceInfo/AllocateDevice', { objectIds: [1], holdId: 0 }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请选择组织！',
    });
    expect(await h.post('/DeviceInfo/AllocateDevice', { objectIds: '1' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请选择组织！',
    });
  });
});

describe('importing an SN list', () => {
  it('creates each new SN once and reports repeated, existing and malformed ones', async () => {
    await addDevice(w.b.token, w.b.holdId, 'sn-list-taken');
    const reply = await importSns(
      {
        HoldID: w.a1.holdId,
        SNList: 'sn-list-01, SN-LIST-01\n\n  sn-list-02 ，bad sn,sn-list-taken\r\nsn-list-01,sn-list-03,,坏号',
      },
      w.a.token,
    );
    expect(reply).toMatchObject({
      code: 200,
      data: {
        effectCount: 3,
        failSNList: [
          { sn: 'SN-LIST-01', reason: '重复' },
          { sn: 'bad sn', reason: '格式不正确' },
          { sn: 'sn-list-taken', reason: '已存在' },
          { sn: '坏号', reason: '格式不正确' },
        ],
      },
    });
    const rows = (await list({ HoldID: w.a1.holdId, key: 'SN-LIST-0' }, w.a.token)).data;
    expect(rows.map((r) => r.device_no).sort()).toEqual(['SN-LIST-01', 'SN-LIST-02', 'SN-LIST-03']);
    expect(rows[0]).toMatchObject({ object_type: 1, hold_name: '甲一部' });
    expect(rows.every((r) => r.IMEI === r.device_no && r.object_name === r.device_no)).toBe(true);
    const [log] = await logsLike('按SN列表导入设备到 甲一部%');
    expect(log).toMatchObject({ log_type: 6 });
    expect(log!.log_content).toContain('成功 3 台');
  });

  it('takes an array as well, and imports nothing twice', async () => {
    const reply = await importSns({ HoldID: w.a1.holdId, SNList: ['sn-list-03', 'sn-list-04'] }, w.a.token);
    expect(reply.data).toEqual({ effectCount: 1, failSNList: [{ sn: 'sn-list-03', reason: '已存在' }] });
  });

  it('asks for a list and refuses a foreign organisation', async () => {
    for (const SNList of ['', ' ,\n ', undefined]) {
      expect(await importSns({ HoldID: w.a.holdId, SNList }, w.a.token)).toMatchObject({
        code: 400,
        msg: '请输入SN列表',
      });
    }
    expect(await importSns({ HoldID: w.b.holdId, SNList: 'sn-intruder' }, w.a.token)).toMatchObject({ code: 403 });
    const many = Array.from({ length: 10_001 }, (_, i) => `bulk-${i}`).join(',');
    expect(await importSns({ HoldID: w.a.holdId, SNList: many }, w.a.token)).toMatchObject({
      code: 400,
      msg: '一次最多导入 10000 个SN',
    });
  });
});

describe('importing a spreadsheet', () => {
  const failures = (tag: string, imei: string, rounded: string) => [
    { row: 5, sn: imei, reason: '重复' },
    { row: 6, sn: '86 000', reason: '格式不正确' },
    { row: 7, sn: rounded, reason: '数字超过15位已被表格软件舍入，请把该列设为文本' },
    { row: 8, sn: '', reason: '缺少IMEI/SN' },
    { row: 10, sn: `sn-exist-${tag}`, reason: '已存在' },
  ];

  for (const [file, tag, imei, rounded] of [
    ['devices-libreoffice.xls', 'xa', '865000000000101', '8.65E+18'],
    ['devices-libreoffice.xlsx', 'xb', '866000000000101', '8.66E+18'],
  ] as const) {
    it(`imports ${file} saved by LibreOffice: exact IMEIs, rounded numbers refused or left empty`, async () => {
      await addDevice(w.b.token, w.b.holdId, `sn-exist-${tag}`);
      const imagePath = await uploadOne(h, w.a.token, file, readFileSync(path.join(FIXTURES, file)));
      const reply = await importExcel({ HoldID: w.a.holdId, FilePath: imagePath }, w.a.token);
      expect(reply).toMatchObject({ code: 200, data: { effectCount: 3, failList: failures(tag, imei, rounded) } });
      const rows = (await list({ HoldID: w.a.holdId, search_type: 'object_name', key: '终端' }, w.a.token)).data;
      const byNo = new Map(rows.map((r) => [r.device_no, r]));
      expect(byNo.get(imei)).toMatchObject({ object_name: '东门终端', IMEI: imei, SIM: '13800000000', ICCID: '' });
      expect(byNo.get(`SN-${tag.toUpperCase()}-02`)).toMatchObject({ object_name: '西门终端' });
      expect(byNo.get(`SN-F${tag.toUpperCase()}`)).toMatchObject({
        object_name: '公式终端',
        ICCID: '89860112345678901234',
      });
      const [log] = await logsLike(`从文件 ${file} 导入设备%`);
      expect(log).toMatchObject({ log_type: 6 });
      expect(log!.log_content).toContain('成功 3 台');
      expect(log!.log_content).toContain('失败 5 行');
    });
  }

  it('imports the downloaded template once filled in, up to 10,000 rows', async () => {
    const template = await h.app.inject({
      method: 'GET',
      url: '/proxyserver/api/file/download_template?name=device_import',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    for (let i = 0; i < 10_000; i++) sheet.addRow([`T${String(i).padStart(6, '0')}`, `模板设备${i}`, '', '', '']);
    const imagePath = await uploadOne(h, w.a1.token, '模板.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const reply = await importExcel({ HoldID: w.a1.holdId, FilePath: imagePath }, w.a1.token);
    expect(reply).toMatchObject({ code: 200, data: { effectCount: 10_000, failList: [] } });
    expect((await list({ HoldID: w.a1.holdId, key: 'T0', PageSize: 1 }, w.a1.token)).total).toBe(10_000);

    sheet.addRow(['T010000']);
    const tooMany = await uploadOne(h, w.a1.token, '模板.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(await importExcel({ HoldID: w.a1.holdId, FilePath: tooMany }, w.a1.token)).toMatchObject({
      code: 400,
      msg: '一次最多导入 10000 行',
    });
  });

  it('refuses a sheet without the template’s header, and one without devices', async () => {
    const noHeader = await uploadOne(
      h,
      w.a.token,
      'x.xlsx',
      await workbook([
        ['编号', '名称'],
        ['SN-1', '甲'],
      ]),
    );
    expect(await importExcel({ HoldID: w.a.holdId, FilePath: noHeader }, w.a.token)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('表头不正确'),
    });
    const empty = await uploadOne(h, w.a.token, 'y.xlsx', await workbook([['IMEI/SN', '设备名称'], [], []]));
    expect(await importExcel({ HoldID: w.a.holdId, FilePath: empty }, w.a.token)).toMatchObject({
      code: 400,
      msg: '文件中没有可导入的设备',
    });
  });

  it('reads only files this account uploaded, by the name the upload gave (R10)', async () => {
    const theirs = await uploadOne(h, w.b.token, 'b.xlsx', await workbook([['IMEI/SN'], ['SN-STOLEN']]));
    expect(await importExcel({ HoldID: w.a.holdId, FilePath: '' }, w.a.token)).toMatchObject({
      code: 400,
      msg: '请先上传文件！',
    });
    for (const FilePath of ['../../etc/passwd', '/etc/passwd', `${theirs}\u0000`, `uploads/${theirs}`, '..\\x.xlsx']) {
      expect(await importExcel({ HoldID: w.a.holdId, FilePath }, w.a.token), FilePath).toMatchObject({
        code: 400,
        msg: '文件路径不正确',
      });
    }
    for (const FilePath of [theirs, `${'0'.repeat(32)}.xlsx`, 'passwd', theirs.toUpperCase()]) {
      expect(await importExcel({ HoldID: w.a.holdId, FilePath }, w.a.token), FilePath).toMatchObject({
        code: 404,
        msg: '文件不存在或已过期，请重新上传',
      });
    }
    expect(await importExcel({ HoldID: w.b.holdId, FilePath: theirs }, w.a.token)).toMatchObject({ code: 403 });
    expect((await list({ key: 'SN-STOLEN' }, w.root)).data).toEqual([]);
  });

  it('forgets an upload after a day', async () => {
    const imagePath = await uploadOne(h, w.a.token, 'old.xlsx', await workbook([['IMEI/SN'], ['SN-LATE']]));
    h.clock.advance(25 * 60 * 60 * 1000);
    const token = await h.login({ user_name: 'a_admin', user_password: PASSWORD });
    expect(await importExcel({ HoldID: w.a.holdId, FilePath: imagePath }, token)).toMatchObject({
      code: 404,
      msg: '文件不存在或已过期，请重新上传',
    });
    expect(existsSync(path.join(dataDir, 'uploads', imagePath))).toBe(true);
    await uploadOne(h, token, 'new.xlsx', await workbook([['IMEI/SN']]));
    expect(existsSync(path.join(dataDir, 'uploads', imagePath))).toBe(false);
  });
});
