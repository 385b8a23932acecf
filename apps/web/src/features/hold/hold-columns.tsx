import type { HoldRow } from '@guard-tour/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { serialNumber } from '../../components/paging';

interface HoldColumnActions {
  page: number;
  onEdit: (row: HoldRow) => void;
  onDelete: (row: HoldRow) => void;
  /** Organisation 1 and the caller's own organisation cannot be deleted: no button. */
  canDelete: (row: HoldRow) => boolean;
}

export function holdColumns({ page, onEdit, onDelete, canDelete }: HoldColumnActions): TableColumnsType<HoldRow> {
  return [
    { title: '序号', key: 'serial', width: 64, align: 'center', render: (_, __, index) => serialNumber(page, index) },
    { title: '用户名称', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '用户类型', dataIndex: 'hold_type_text', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '管理账号', dataIndex: 'user_name', render: (value: string) => shown(value) },
    { title: '上级用户', dataIndex: 'parent_name', render: (value: string) => shown(value) },
    { title: '服务到期', dataIndex: 'vip_end_time', ...NOWRAP, render: (value: string) => value || '长期有效' },
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
