import type { DeviceRow } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { deviceFormError, deviceValuesOf, newDeviceValues, toSaveDeviceInput } from './device-form-values';

const ROW: DeviceRow = {
  object_id: 31,
  device_no: '865000000000101',
  object_name: '东门终端',
  object_type: 1,
  IMEI: '865000000000101',
  SIM: '13800000000',
  ICCID: '',
  imei: '865000000000101',
  sim: '13800000000',
  iccid: '',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  remark: '',
  create_time: '2026-11-22 16:09:24',
  last_upload_time: '',
};

describe('a new device', () => {
  it('is a T80 in the organisation picked in the tree', () => {
    expect(newDeviceValues(3)).toEqual({
      holdId: 3,
      device_no: '',
      object_name: '',
      object_type: 1,
      SIM: '',
      ICCID: '',
      remark: '',
    });
  });

  it('needs its IMEI/SN (请输入设备IMEI/SN)', () => {
    expect(deviceFormError(newDeviceValues(3))).toBe('请输入设备IMEI/SN');
    expect(deviceFormError({ ...newDeviceValues(3), device_no: '   ' })).toBe('请输入设备IMEI/SN');
    expect(deviceFormError({ ...newDeviceValues(3), device_no: '860001' })).toBeNull();
  });

  it('is refused without an organisation (数据异常，无法保存！)', () => {
    expect(deviceFormError({ ...newDeviceValues(undefined), device_no: '860001' })).toBe('数据异常，无法保存！');
    expect(deviceFormError({ ...newDeviceValues(0), device_no: '860001' })).toBe('数据异常，无法保存！');
  });

  it('is sent with trimmed texts, its IMEI/SN as both device number and IMEI', () => {
    const values = {
      holdId: 3,
      device_no: ' 860001 ',
      object_name: ' 东门终端 ',
      object_type: 1,
      SIM: ' 13800000000 ',
      ICCID: '',
      remark: ' 大门 ',
    };
    expect(toSaveDeviceInput(values, 0)).toEqual({
      object_id: 0,
      holdId: 3,
      device_no: '860001',
      object_type: 1,
      object_name: '东门终端',
      IMEI: '860001',
      SIM: '13800000000',
      ICCID: '',
      remark: '大门',
    });
  });
});

describe('editing a device', () => {
  it('starts from the row and saves under its id', () => {
    const values = deviceValuesOf(ROW);
    expect(values).toEqual({
      holdId: 3,
      device_no: '865000000000101',
      object_name: '东门终端',
      object_type: 1,
      SIM: '13800000000',
      ICCID: '',
      remark: '',
    });
    expect(toSaveDeviceInput({ ...values, device_no: 'SN-NEW-1' }, 31)).toMatchObject({
      object_id: 31,
      device_no: 'SN-NEW-1',
      IMEI: 'SN-NEW-1',
    });
  });
});
