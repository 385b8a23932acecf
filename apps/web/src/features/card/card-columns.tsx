import type { CardRow } from '@guard-tour/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';

interface CardColumnActions {
  onEdit: (row: CardRow) => void;
  onDelete: (row: CardRow) => void;
}

export function cardColumns({ onEdit, onDelete }: CardColumnActions): TableColumnsType<CardRow> {
  return [
    { title: '卡编号', dataIndex: 'patrol_sn', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '巡检点名称', dataIndex: 'patrol_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '位置', dataIndex: 'location', render: (value: string) => shown(value) },
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
          <Button type="link" size="small" danger onClick={() => onDelete(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}
