import type { StaffRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { actionsColumn, type RowActions } from '../../components/actions-column';
import { NOWRAP, shown } from '../../components/cells';

export function staffColumns(actions: RowActions<StaffRow>): TableColumnsType<StaffRow> {
  return [
    { title: '账号', dataIndex: 'user_name', render: (value: string) => shown(value) },
    { title: '姓名', dataIndex: 'true_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '角色', dataIndex: 'role_name', render: (value: string) => shown(value) },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    actionsColumn(actions),
  ];
}
