import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  NO_POSITION_TEXT,
  PUNCH_COLUMNS,
  RECORD_COLUMNS,
  type PunchRow,
  type RegisteredApp,
  type SheetColumn,
  type UploadPunchesResult,
} from '@guard-tour/contract';
import { northOf } from '../../domain/position.js';
import { useHarness } from '../../test/harness.js';
import { tempDataDir } from '../../test/uploads.js';
import { PASSWORD, buildWorld, type World } from '../../test/world.js';

/**
 * The punch exports carry where a punch was made (SAFETY.md) as the screens' 标记 and 位置 columns show it: the
 * phone's latitude and longitude as numbers, the distance from the point in whole metres, 位置异常 in 标记, and
 * 无定位 for a punch without a position. App punches uploaded through `Terminal/AppPunches`, exported through
 * each export call, downloaded and opened as a spreadsheet application would (ExcelJS).
 */
const h = useHarness({ dataDir: tempDataDir() });
let w: World;
let guard = '';
let phone: RegisteredApp;
const POINT = { lat: 31.2304, lng: 121.4737 };
const sh = (local: string) => new Date(`${local.replace(' ', 'T')}+08:00`);

const NEAR = northOf(POINT, 20);
const FAR = northOf(POINT, 300);
/** The app punches of the day: within the radius, 300 m away, no position, and at a point without a position. */
const PUNCHES = [
  { patrol_sn: 'GATE-1', punch_time: '2026-11-20 09:10:00', ...NEAR, accuracy: 8 },
  { patrol_sn: 'GATE-1', punch_time: '2026-11-20 09:20:00', ...FAR, accuracy: 10 },
  { patrol_sn: 'GATE-1', punch_time: '2026-11-20 09:30:00' },
  { patrol_sn: 'YARD-2', punch_time: '2026-11-20 09:40:00', ...NEAR, accuracy: 5 },
];

beforeAll(async () => {
  h.clock.set(sh('2026-11-20 10:00:00'));
  w = await buildWorld(h);
  const saved = await h.post<{ user_id: number }>(
    '/HoldInfo/SaveAccount',
    {
      user_id: 0,
      hold_id: w.a1.holdId,
      user_name: 'map_guard',
      user_password: PASSWORD,
      true_name: '定位张',
      role_id: 3,
    },
    w.a.token,
  );
  expect(saved.code, saved.msg).toBe(200);
  const login = await h.post<{ token: string }>('/UserInfo/Login_Web', {
    user_name: 'map_guard',
    user_password: PASSWORD,
    client: 'app',
  });
  expect(login.code, login.msg).toBe(200);
  guard = login.data.token;
  phone = (await h.post<RegisteredApp>('/Terminal/RegisterApp', { app_id: 'map-phone-00000000001' }, guard)).data;
  const point = (patrol_sn: string, patrol_name: string, place: object) =>
    h.post(
      '/PatrolCard/SaveInfo',
      { patrol_id: 0, hold_id: w.a1.holdId, patrol_sn, patrol_name, location: '', remark: '', ...place },
      w.a.token,
    );
  expect((await point('GATE-1', '北门', { ...POINT, radius: 50 })).code).toBe(200);
  expect((await point('YARD-2', '后院', {})).code).toBe(200);
  const sent = await h.post<UploadPunchesResult>(
    '/Terminal/AppPunches',
    { device_no: phone.device_no, records: PUNCHES },
    guard,
  );
  expect(sent.data).toMatchObject({ accepted: 4, rejected: [] });
});

/** Exports through the API, downloads the file and reads its rows (values as a spreadsheet holds them). */
async function exportRows(exportPath: string, body: object): Promise<unknown[][]> {
  const reply = await h.post<string>(exportPath, body, w.a.token);
  expect(reply.code, reply.msg).toBe(200);
  const file = await h.app.inject({
    method: 'GET',
    url: '/proxyserver/api/file/download_excelfile',
    query: { fileName: reply.data },
  });
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    const values: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => values.push(cell.value ?? ''));
    rows.push(values);
  });
  return rows;
}

/** A sheet's rows as records by header (an absent trailing cell reads ''). */
const byHeader = (rows: unknown[][]) =>
  rows.slice(1).map((row) => Object.fromEntries((rows[0] as string[]).map((title, i) => [title, row[i] ?? ''])));

/** What the list's row should read in the sheet's place columns, from the list the screen shows. */
const placeCells = (row: PunchRow, columns: readonly SheetColumn<PunchRow>[]) =>
  Object.fromEntries(
    columns
      .filter((c) => ['flag', 'lat', 'lng', 'distance_m'].includes(c.key))
      .map((c) => [c.title, row[c.key] === null || row[c.key] === '' ? (c.blank ?? '') : row[c.key]]),
  );

describe('the punch exports carry where each punch was made', () => {
  const today = { start_time: '2026-11-20', end_time: '2026-11-20' };

  it('巡检记录: 标记 位置异常, 纬度 and 经度 as numbers, 距点（米）, and 无定位 — as the list’s rows', async () => {
    const rows = await exportRows('/PatrolData/ExportRecords', { ...today, hold_id: w.a.holdId });
    expect(rows[0]).toEqual(RECORD_COLUMNS.map((c) => c.title));
    const sheet = byHeader(rows);
    const at = (time: string) => sheet.find((row) => row['巡检时间'] === `2026-11-20 ${time}`)!;
    expect(at('09:20:00')).toMatchObject({ 标记: '位置异常', 纬度: FAR.lat, 经度: FAR.lng, '距点（米）': 300 });
    expect(at('09:10:00')).toMatchObject({ 标记: '', 纬度: NEAR.lat, 经度: NEAR.lng, '距点（米）': 20 });
    expect(at('09:30:00')).toMatchObject({ 标记: '', 纬度: NO_POSITION_TEXT, 经度: '', '距点（米）': '' });
    // A point without a position: the phone's position, no distance, not flagged (the screen's 有定位).
    expect(at('09:40:00')).toMatchObject({ 标记: '', 纬度: NEAR.lat, 经度: NEAR.lng, '距点（米）': '' });
    for (const row of [at('09:20:00'), at('09:10:00')]) {
      expect(typeof row['纬度']).toBe('number');
      expect(typeof row['距点（米）']).toBe('number');
    }
    // Row for row what the screen's list has.
    const list = await h.post<PunchRow[]>(
      '/PatrolData/Records',
      { ...today, hold_id: w.a.holdId, PageIndex: 1, PageSize: 50 },
      w.a.token,
    );
    expect(
      sheet.map((row) => Object.fromEntries(['标记', '纬度', '经度', '距点（米）'].map((t) => [t, row[t]]))),
    ).toEqual(list.data.map((row) => placeCells(row, RECORD_COLUMNS)));
  });

  it('打卡数据, 设备统计 and 人员统计: the same columns after 所属组织, 标记 after the time', async () => {
    for (const [exportPath, listPath, body] of [
      ['/PatrolClockIn/ExportPatrolClockInList', '/PatrolClockIn/GetPatrolClockInList', { search_type: 'card_no' }],
      [
        '/PatrolLog/List_Export',
        '/PatrolLog/List',
        { search_type: 'device_no', key: phone.device_no, screen: 'device' },
      ],
      ['/PatrolLog/List_Export', '/PatrolLog/List', { search_type: 'account', key: 'map_guard', screen: 'user' }],
    ] as const) {
      const filter = { ...body, time_range: 1, hold_id: w.a.holdId, include_children: true };
      const rows = await exportRows(exportPath, filter);
      expect(rows[0], exportPath).toEqual(PUNCH_COLUMNS.map((c) => c.title));
      const sheet = byHeader(rows);
      expect(sheet.map((row) => row['时间']).sort()).toEqual(['09:10:00', '09:20:00', '09:30:00', '09:40:00']);
      const at = (time: string) => sheet.find((row) => row['时间'] === time)!;
      expect(at('09:20:00')).toMatchObject({ 标记: '位置异常', 纬度: FAR.lat, 经度: FAR.lng, '距点（米）': 300 });
      expect(at('09:30:00')).toMatchObject({ 纬度: NO_POSITION_TEXT, 经度: '', '距点（米）': '' });
      const list = await h.post<PunchRow[]>(listPath, { ...filter, PageIndex: 1, PageSize: 50 }, w.a.token);
      expect(
        sheet.map((row) => Object.fromEntries(['标记', '纬度', '经度', '距点（米）'].map((t) => [t, row[t]]))),
        exportPath,
      ).toEqual(list.data.map((row) => placeCells(row, PUNCH_COLUMNS)));
    }
  });

  it('only 位置异常 rows when flagged_only, and another enterprise exports none of these punches', async () => {
    const flagged = byHeader(
      await exportRows('/PatrolData/ExportRecords', { ...today, hold_id: w.a.holdId, flagged_only: true }),
    );
    expect(flagged.map((row) => [row['巡检时间'], row['标记'], row['距点（米）']])).toEqual([
      ['2026-11-20 09:20:00', '位置异常', 300],
    ]);
    const other = await h.post<string>('/PatrolData/ExportRecords', today, w.b.token);
    expect(other).toMatchObject({ code: 200, data: '' });
  });
});
