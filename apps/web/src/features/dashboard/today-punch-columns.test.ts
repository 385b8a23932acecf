import { describe, expect, it } from 'vitest';
import { patrollerOf, todayPunchColumns } from './today-punch-columns';

describe('today’s punch columns', () => {
  it('are exactly the spec’s seven', () => {
    expect(todayPunchColumns(1).map((c) => c.title)).toEqual([
      '序号',
      '巡检时间',
      '巡检点名称',
      '设备名称',
      'IMEI/SN',
      '巡检点卡号',
      '巡检人',
    ]);
  });

  it('name the person, else the account, else a dash', () => {
    expect(patrollerOf({ true_name: '张伟', user_name: 'zhangwei' })).toBe('张伟');
    expect(patrollerOf({ true_name: '', user_name: 'zhangwei' })).toBe('zhangwei');
    expect(patrollerOf({ true_name: ' ', user_name: '' })).toBe('—');
  });
});
