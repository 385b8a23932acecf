import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LIST_PARAMS } from '../../components/paging';
import { fakeServer } from '../../test/fake-server';
import { allocateDevices, deviceListBody, importByExcel, importBySnList, snImportBody } from './api';
import { importFailedText } from './import-failures';

describe('the device list call', () => {
  it('asks for IMEI/SN matches in the caller’s own organisation and below, 25 a page, at first', () => {
    expect(deviceListBody(FIRST_LIST_PARAMS)).toEqual({
      search_type: 'device_no',
      key: '',
      includeChildren: true,
      holdId: undefined,
      page: 1,
      pageSize: 25,
    });
  });

  it('sends the applied search type, keyword, organisation and page', () => {
    expect(deviceListBody({ holdId: 7, keyword: '1380', page: 2, searchType: 'sim' })).toEqual({
      search_type: 'sim',
      key: '1380',
      includeChildren: true,
      holdId: 7,
      page: 2,
      pageSize: 25,
    });
  });
});

describe('importing devices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the typed SN list one SN a line, blanks dropped, repeats kept', () => {
    expect(snImportBody(3, ' 860001,860002\n\n860001 ,')).toEqual({ holdId: 3, SNList: '860001\n860002\n860001' });
  });

  it('hands back the count and the refusals, lists always present', async () => {
    const server = fakeServer({
      '/DeviceInfo/ImportDeviceBySNList': () => ({
        data: { effectCount: 1, failSNList: [{ sn: '860001', reason: '重复' }] },
      }),
      '/DeviceInfo/ImportDeviceByExcel': () => ({ data: { effectCount: 0 } }),
    });
    await expect(importBySnList(snImportBody(3, '860001\n860001'))).resolves.toEqual({
      effectCount: 1,
      failSNList: [{ sn: '860001', reason: '重复' }],
    });
    await expect(importByExcel({ holdId: 3, FilePath: 'u_1.xlsx' })).resolves.toEqual({ effectCount: 0, failList: [] });
    expect(server.callsTo('/DeviceInfo/ImportDeviceByExcel')[0]?.body).toEqual({ HoldID: 3, FilePath: 'u_1.xlsx' });
  });

  it('says 导入失败！ with the server’s reason when the import is refused', async () => {
    fakeServer({ '/DeviceInfo/ImportDeviceByExcel': () => ({ code: 400, msg: '表头不正确' }) });
    const failure = await importByExcel({ holdId: 3, FilePath: 'u_1.xlsx' }).catch((error: unknown) => error);
    expect(importFailedText(failure)).toBe('导入失败！表头不正确');
    expect(importFailedText(new Error('x'))).toBe('导入失败！');
  });
});

describe('allocating devices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the call’s own spelling: objectIds and holdId', async () => {
    const server = fakeServer({ '/DeviceInfo/AllocateDevice': () => ({ data: null }) });
    await allocateDevices([4, 5], 9);
    expect(server.callsTo('/DeviceInfo/AllocateDevice')[0]?.body).toEqual({ objectIds: [4, 5], holdId: 9 });
  });
});
