import type { PunchRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { serialNumber } from '../../components/paging';
import { TODAY_PAGE_SIZE } from './api';

/** 巡检人: the person's name, else the account, else '—'. */
export function patrollerOf(row: Pick<PunchRow, 'true_name' | 'user_name'>): string {
  return shown(row.true_name?.trim() || row.user_name);
}

const text = (value: string) => shown(value);

/** The spec's columns of today's punches (section 2); 序号 continues across pages. */
export function todayPunchColumns(page: number): TableColumnsType<PunchRow> {
  return [
    {
      title: '序号',
      key: 'serial',
      width: 64,
      ...NOWRAP,
      render: (_value, _row, index) => serialNumber(page, index, TODAY_PAGE_SIZE),
    },
    { title: '巡检时间', dataIndex: 'create_time', ...NOWRAP, render: text },
    { title: '巡检点名称', dataIndex: 'patrol_name', render: text },
    { title: '设备名称', dataIndex: 'object_name', render: text },
    { title: 'IMEI/SN', dataIndex: 'device_no', ...NOWRAP, render: text },
    { title: '巡检点卡号', dataIndex: 'patrol_sn', ...NOWRAP, render: text },
    { title: '巡检人', key: 'patroller', ...NOWRAP, render: (_value, row) => patrollerOf(row) },
  ];
}
