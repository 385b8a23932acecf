import type { CardRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { actionsColumn, type RowActions } from '../../components/actions-column';
import { NOWRAP, shown } from '../../components/cells';

export function cardColumns(actions: RowActions<CardRow>): TableColumnsType<CardRow> {
  return [
    { title: '卡编号', dataIndex: 'patrol_sn', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '巡检点名称', dataIndex: 'patrol_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '位置', dataIndex: 'location', render: (value: string) => shown(value) },
    { title: '检查表', dataIndex: 'checklist_name', ...NOWRAP, render: (value: string) => value || '—' },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    actionsColumn(actions),
  ];
}
