import type { RoadRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { actionsColumn, type RowActions } from '../../components/actions-column';
import { NOWRAP, shown } from '../../components/cells';
import { graceColumn } from '../../components/grace-item';

/** 线路管理: name, points, grace, organisation, remark, created, 查看 / 编辑 / 删除. */
export function roadInfoColumns(actions: RowActions<RoadRow>): TableColumnsType<RoadRow> {
  return [
    { title: '线路名称', dataIndex: 'road_name', render: (value: string) => shown(value) },
    {
      title: '巡检点',
      dataIndex: 'patrol_card_names',
      render: (value: string, row) => shown(value || row.patrol_cards),
    },
    graceColumn<RoadRow>(),
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    actionsColumn(actions),
  ];
}
