import { describe, expect, it } from 'vitest';
import { HEADER_MESSAGE, mapHeader, planSheetRows, planSnList, splitSnList } from './device-import.rules.js';

const s = (v: string) => ({ t: 's', v, w: v });
const n = (v: number, w = String(v)) => ({ t: 'n', v, w });

describe('an SN list', () => {
  it('splits on commas of either width and line breaks, trimmed, blanks dropped', () => {
    expect(splitSnList(' A1, b2\n\nC3\r\nD4，E5,, \n')).toEqual(['A1', 'b2', 'C3', 'D4', 'E5']);
    expect(splitSnList(' ,\n ')).toEqual([]);
  });

  it('keeps each number once and reports a repeated one once, malformed ones each', () => {
    const plan = planSnList(['a1', 'A1', 'x y', 'a1', 'B2', 'x y']);
    expect(plan.candidates).toEqual([
      { index: 0, sn: 'a1', value: 'A1' },
      { index: 4, sn: 'B2', value: 'B2' },
    ]);
    expect(plan.failures).toEqual([
      { index: 1, sn: 'A1', reason: '重复' },
      { index: 2, sn: 'x y', reason: '格式不正确' },
      { index: 5, sn: 'x y', reason: '格式不正确' },
    ]);
  });
});

describe('a sheet of devices', () => {
  it('finds the template’s columns by their headers, in any order', () => {
    expect(mapHeader([s('备注'), s(' imei/sn '), s('ICCID'), s('设备名称'), s('SIM')])).toEqual({
      remark: 0,
      sn: 1,
      iccid: 2,
      name: 3,
      sim: 4,
    });
    expect(mapHeader([s('名称'), s('SIM卡号')])).toBeNull();
    expect(HEADER_MESSAGE).toContain('IMEI/SN');
  });

  it('validates each row on its own and numbers rows as the sheet shows them', () => {
    const columns = { sn: 0, name: 1, sim: 2, iccid: 3, remark: 4 };
    const plan = planSheetRows(
      [
        { row: 2, cells: [n(865000000000101, '8.65E+14'), s('东门'), n(13800000000), n(8986011234567890000), s('x')] },
        { row: 3, cells: [null, null, null, null, null] },
        { row: 4, cells: [s('865000000000101')] },
        { row: 5, cells: [n(8650000000001012000, '8.65E+18'), s('长')] },
        { row: 6, cells: [null, s('无编号')] },
        { row: 7, cells: [s('86 000')] },
        { row: 8, cells: [s('sn-8'), s('名'.repeat(51))] },
        { row: 9, cells: [s('sn-8'), s('合格')] },
      ],
      columns,
    );
    expect(plan.candidates).toEqual([
      {
        row: 2,
        sn: '865000000000101',
        device: {
          device_no: '865000000000101',
          object_name: '东门',
          object_type: 1,
          imei: '865000000000101',
          sim: '13800000000',
          iccid: '',
          remark: 'x',
        },
      },
      {
        row: 9,
        sn: 'sn-8',
        device: {
          device_no: 'SN-8',
          object_name: '合格',
          object_type: 1,
          imei: 'SN-8',
          sim: '',
          iccid: '',
          remark: '',
        },
      },
    ]);
    expect(plan.failures).toEqual([
      { row: 4, sn: '865000000000101', reason: '重复' },
      { row: 5, sn: '8.65E+18', reason: '数字超过15位已被表格软件舍入，请把该列设为文本' },
      { row: 6, sn: '', reason: '缺少IMEI/SN' },
      { row: 7, sn: '86 000', reason: '格式不正确' },
      { row: 8, sn: 'sn-8', reason: '设备名称超过50个字符' },
    ]);
  });
});
