import type { StaffRow } from '@guard-tour/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';

interface StaffColumnActions {
  onEdit: (row: StaffRow) => void;
  onDelete: (row: StaffRow) => void;
  /** One's own account cannot be deleted: no button. */
  canDelete: (row: StaffRow) => boolean;
}

export function staffColumns({ onEdit, onDelete, canDelete }: StaffColumnActions): TableColumnsType<StaffRow> {
  return [
    { title: '账号', dataIndex: 'user_name', render: (value: string) => shown(value) },
    { title: '姓名', dataIndex: 'true_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      ...NOWRAP,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            编辑
          </Button>
          {canDelete(row) && (
            <Button type="link" size="small" danger onClick={() => onDelete(row)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
