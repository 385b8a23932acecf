import type { TaskRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { actionsColumn, type RowActions } from '../../components/actions-column';
import { NOWRAP, shown } from '../../components/cells';
import { graceColumn } from '../../components/grace-item';
import { StatusTag } from '../../components/status-tag';
import { slotsColumn } from '../../components/slots-column';

/** The task table's width: twelve columns scroll sideways rather than squeeze (巡检点 takes what is left). */
export const TASK_TABLE_WIDTH = 1580;

/** 巡检任务: the spec's columns, then 查看 / 编辑 / 删除. */
export function taskColumns(actions: RowActions<TaskRow>): TableColumnsType<TaskRow> {
  return [
    { title: '任务名称', dataIndex: 'task_name', width: 150, render: (value: string) => shown(value) },
    { title: '线路名称', dataIndex: 'road_name', width: 130, render: (value: string) => shown(value) },
    {
      title: '巡检设备',
      dataIndex: 'device_name',
      width: 130,
      render: (value: string, row) => shown(value || row.device_no),
    },
    { title: '巡检周期', dataIndex: 'cycle_text', width: 150, render: (value: string) => shown(value) },
    slotsColumn<TaskRow>(),
    graceColumn<TaskRow>(),
    {
      title: '到期日期',
      dataIndex: 'expire_time',
      width: 110,
      ...NOWRAP,
      render: (value: string) => (value?.trim() ? value.slice(0, 10) : '长期'),
    },
    { title: '巡检点', dataIndex: 'patrol_card_names', render: (value: string) => shown(value) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      ...NOWRAP,
      render: (status: number, row) => <StatusTag status={status} text={row.status_text} />,
    },
    { title: '所属组织', dataIndex: 'hold_name', width: 130, render: (value: string) => shown(value) },
    actionsColumn(actions, { fixed: 'right' }),
  ];
}
