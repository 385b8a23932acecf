import type { HoldRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { actionsColumn, type RowActions } from '../../components/actions-column';
import { NOWRAP, shown } from '../../components/cells';
import { serialNumber } from '../../components/paging';

interface HoldColumnActions extends RowActions<HoldRow> {
  page: number;
}

export function holdColumns({ page, ...actions }: HoldColumnActions): TableColumnsType<HoldRow> {
  return [
    { title: '序号', key: 'serial', width: 64, align: 'center', render: (_, __, index) => serialNumber(page, index) },
    { title: '用户名称', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '用户类型', dataIndex: 'hold_type_text', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '管理账号', dataIndex: 'user_name', render: (value: string) => shown(value) },
    { title: '上级用户', dataIndex: 'parent_name', render: (value: string) => shown(value) },
    { title: '服务到期', dataIndex: 'vip_end_time', ...NOWRAP, render: (value: string) => value || '长期有效' },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    actionsColumn(actions),
  ];
}
