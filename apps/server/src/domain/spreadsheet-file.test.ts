import { describe, expect, it } from 'vitest';
import { kindByMagic, kindByName } from './spreadsheet-file.js';

describe('telling a spreadsheet by name and by content', () => {
  it('takes .xlsx and .xls in any letter case, nothing else', () => {
    expect(kindByName('设备.xlsx')).toBe('xlsx');
    expect(kindByName('DEVICES.XLS')).toBe('xls');
    for (const name of ['a.csv', 'a.xlsx.exe', 'a.xlsm', 'xlsx', 'a.txt']) expect(kindByName(name), name).toBeNull();
  });

  it('knows a zip and an OLE2 compound file by their first bytes', () => {
    expect(kindByMagic(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).toBe('xlsx');
    expect(kindByMagic(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
    expect(kindByMagic(Buffer.from('IMEI/SN,设备名称\n'))).toBeNull();
    expect(kindByMagic(Buffer.alloc(0))).toBeNull();
  });
});
