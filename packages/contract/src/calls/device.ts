import { z } from 'zod';
import { area, call, done, list } from '../call.js';
import { savedId } from '../common.js';
import {
  allocateDeviceInput,
  deviceDetailQuery,
  deviceListInput,
  deviceOption,
  deviceOptionsQuery,
  deviceRow,
  excelImportResult,
  importExcelInput,
  importSnListInput,
  removeDeviceInput,
  saveDeviceInput,
  snImportResult,
} from '../device.js';

export const deviceCalls = area('设备', {
  listDevices: list('POST', '/api/DeviceInfo/SearchDeviceList', {
    permission: 'device.view',
    summary: '设备列表',
    input: deviceListInput,
    row: deviceRow,
  }),
  saveDevice: call('POST', '/api/DeviceInfo/SaveDeviceInfo', {
    permission: 'device.edit',
    summary: '新增或修改设备',
    input: saveDeviceInput,
    output: savedId('object_id'),
  }),
  deviceDetail: call('GET', '/api/DeviceInfo/Detail', {
    permission: 'device.view',
    summary: '设备详情',
    input: deviceDetailQuery,
    output: deviceRow,
  }),
  removeDevices: call('POST', '/api/DeviceInfo/RemoveDevice', {
    permission: 'device.edit',
    summary: '删除设备',
    input: removeDeviceInput,
    output: done,
  }),
  importSnList: call('POST', '/api/DeviceInfo/ImportDeviceBySNList', {
    permission: 'device.edit',
    summary: '按SN列表导入设备',
    input: importSnListInput,
    output: snImportResult,
  }),
  importExcel: call('POST', '/api/DeviceInfo/ImportDeviceByExcel', {
    permission: 'device.edit',
    summary: '从上传的表格导入设备',
    input: importExcelInput,
    output: excelImportResult,
  }),
  allocateDevices: call('POST', '/api/DeviceInfo/AllocateDevice', {
    permission: 'device.edit',
    summary: '把设备分配到组织',
    input: allocateDeviceInput,
    output: done,
  }),
  deviceOptions: call('GET', '/api/DeviceInfo/GetDeviceOptions', {
    permission: ['device.view', 'record.view', 'task.view'],
    summary: '设备选项',
    input: deviceOptionsQuery,
    output: z.array(deviceOption),
  }),
});
