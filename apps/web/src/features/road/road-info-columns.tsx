import type { RoadRow } from '@guard-tour/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';

interface RoadInfoColumnActions {
  onView: (row: RoadRow) => void;
  onEdit: (row: RoadRow) => void;
  onDelete: (row: RoadRow) => void;
}

/** 线路管理: name, points, organisation, remark, created, 查看 / 编辑 / 删除. */
export function roadInfoColumns({ onView, onEdit, onDelete }: RoadInfoColumnActions): TableColumnsType<RoadRow> {
  return [
    { title: '线路名称', dataIndex: 'road_name', render: (value: string) => shown(value) },
    {
      title: '巡检点',
      dataIndex: 'patrol_card_names',
      render: (value: string, row) => shown(value || row.patrol_cards),
    },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      ...NOWRAP,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onView(row)}>
            查看
          </Button>
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
