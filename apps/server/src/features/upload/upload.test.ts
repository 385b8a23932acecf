import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_IMPORT_COLUMNS, UPLOAD_MAX_BYTES } from '@guard-tour/contract';
import { useHarness } from '../../test/harness.js';
import { tempDataDir, uploadFiles } from '../../test/uploads.js';
import { buildWorld, type World } from '../../test/world.js';
import { buildZip, deflatedZeros } from '../../test/zip-builder.js';

const dataDir = tempDataDir();
const h = useHarness({ dataDir });
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
});

const MB = 1024 * 1024;
const FIXTURES = path.join(import.meta.dirname, '../device/fixtures');
const stored = () => readdirSync(path.join(dataDir, 'uploads')).sort();

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('设备');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('uploading a spreadsheet', () => {
  it('keeps an .xlsx and an .xls under an opaque name of its own', async () => {
    const xlsx = await uploadFiles(h, w.a.token, [{ name: '设备清单.xlsx', content: await workbook([['IMEI/SN']]) }]);
    expect(xlsx).toMatchObject({ errCode: 0, result: { fileName: '设备清单.xlsx' } });
    const xls = await uploadFiles(h, w.a.token, [
      { name: 'DEVICES.XLS', content: readFileSync(path.join(FIXTURES, 'devices-libreoffice.xls')) },
    ]);
    expect(xls).toMatchObject({ errCode: 0, result: { fileName: 'DEVICES.XLS', size: 6656 } });
    const names = [xlsx, xls].map((reply) => ('result' in reply ? reply.result.imagePath : ''));
    expect(names[0]).toMatch(/^[0-9a-f]{32}\.xlsx$/);
    expect(names[1]).toMatch(/^[0-9a-f]{32}\.xls$/);
    expect(stored()).toEqual(expect.arrayContaining(names));
  });

  it('refuses a renamed text file, a wrong extension and content that does not match its extension', async () => {
    const before = stored();
    const text = Buffer.from('IMEI/SN,设备名称\n865000000000101,东门\n');
    const zip = await workbook([['IMEI/SN']]);
    for (const file of [
      { name: '设备.xlsx', content: text },
      { name: '设备.xls', content: text },
      { name: '设备.csv', content: text },
      { name: '设备.xls', content: zip },
      { name: '设备.exe', content: zip },
      { name: '空.xlsx', content: Buffer.alloc(0) },
      { name: 'readme.xlsx', content: buildZip([{ name: 'readme.txt', data: Buffer.from('hi') }]) },
    ]) {
      expect(await uploadFiles(h, w.a.token, [file]), file.name).toEqual({
        errCode: 1,
        errMsg: '只能上传xlsx/xls文件',
      });
    }
    expect(stored()).toEqual(before);
  });

  it('refuses a zip bomb from its central directory within a second, without inflating it', async () => {
    const bomb = await deflatedZeros(200 * MB);
    const content = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', ...bomb, unpackedSize: 200 * MB },
    ]);
    expect(content.length).toBeLessThan(MB);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const reply = await uploadFiles(h, w.a.token, [{ name: 'bomb.xlsx', content }]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * MB);
    expect(reply).toEqual({ errCode: 1, errMsg: '文件压缩比异常（超过100:1），已拒绝' });
  });

  it('refuses archives with more than 1,000 entries or more than 500 MB unpacked', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `xl/f${i}.xml`, data: Buffer.from('<x/>') }));
    expect(await uploadFiles(h, w.a.token, [{ name: 'many.xlsx', content: buildZip(many) }])).toEqual({
      errCode: 1,
      errMsg: '文件内部条目超过1000个，已拒绝',
    });
    const huge = Array.from({ length: 11 }, (_, i) => ({
      name: `xl/part${i}.xml`,
      packed: Buffer.alloc(MB, i),
      unpackedSize: 50 * MB,
      crc: 0,
    }));
    expect(await uploadFiles(h, w.a.token, [{ name: 'huge.xlsx', content: buildZip(huge) }])).toEqual({
      errCode: 1,
      errMsg: '文件解压后超过500M，已拒绝',
    });
  });

  it('takes 50 MB and refuses 50 MB + 1 byte', async () => {
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const limit = Buffer.alloc(UPLOAD_MAX_BYTES);
    ole2.copy(limit);
    expect((await uploadFiles(h, w.a.token, [{ name: 'limit.xls', content: limit }])).errCode).toBe(0);
    const before = stored();
    const over = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
    ole2.copy(over);
    expect(await uploadFiles(h, w.a.token, [{ name: 'over.xls', content: over }])).toEqual({
      errCode: 1,
      errMsg: '文件不能超过50M',
    });
    expect(stored()).toEqual(before);
  });

  it('takes one file only, and says when there is none or no login', async () => {
    const before = stored();
    const content = await workbook([['IMEI/SN']]);
    expect(
      await uploadFiles(h, w.a.token, [
        { name: 'a.xlsx', content },
        { name: 'b.xlsx', content },
      ]),
    ).toEqual({ errCode: 1, errMsg: '只能上传一个文件' });
    expect(stored()).toEqual(before);
    expect(await uploadFiles(h, w.a.token, [])).toEqual({ errCode: 1, errMsg: '请选择要上传的文件' });
    expect(await uploadFiles(h, undefined, [{ name: 'a.xlsx', content }])).toEqual({
      errCode: 401,
      errMsg: '请先登录',
    });
    const json = await h.app.inject({
      method: 'POST',
      url: '/proxyserver/api/UploadFiles/action',
      payload: { file: 'a.xlsx' },
      headers: { authorization: `Bearer ${w.a.token}` },
    });
    expect(json.json()).toEqual({ errCode: 1, errMsg: '请选择要上传的文件' });
  });
});

describe('the import template', () => {
  it('downloads without a login as an .xlsx with the import’s header row and a Chinese file name', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/proxyserver/api/file/download_template?name=device_import',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="device_import.xlsx"; filename*=UTF-8''${encodeURIComponent('设备导入模板.xlsx')}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual([...DEVICE_IMPORT_COLUMNS]);
  });

  it('is described, with the upload and the device calls, in the OpenAPI document', async () => {
    const paths = Object.keys((await h.app.inject({ method: 'GET', url: '/proxyserver/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/proxyserver/api/UploadFiles/action',
        '/proxyserver/api/file/download_template',
        '/proxyserver/api/DeviceInfo/ImportDeviceByExcel',
        '/proxyserver/api/PatrolCard/SaveInfo',
      ]),
    );
  });

  it('answers an unknown template with a message', async () => {
    expect(await h.get('/file/download_template', { name: '../../etc/passwd' })).toMatchObject({
      code: 400,
      msg: '模板不存在',
    });
  });
});
