import type { CardRow } from '@guard-tour/contract';
import { Space, Typography, type TableColumnsType } from 'antd';
import { actionsColumn, type RowActions } from '../../components/actions-column';
import { NOWRAP, shown } from '../../components/cells';
import { mapLink } from '../../components/map-link';

/** A point's position as 巡检点管理 lists it: `31.239700, 121.499800` (a map link) and 半径 N 米, or 未设置. */
function PointPlace({ row }: { row: Pick<CardRow, 'lat' | 'lng' | 'radius' | 'patrol_name'> }) {
  if (row.lat === null || row.lng === null) return <Typography.Text type="secondary">未设置</Typography.Text>;
  return (
    <Space size={6}>
      <a href={mapLink(row.lat, row.lng, row.patrol_name || '巡检点')} target="_blank" rel="noreferrer noopener">
        {`${row.lat.toFixed(6)}, ${row.lng.toFixed(6)}`}
      </a>
      <Typography.Text type="secondary">半径 {row.radius} 米</Typography.Text>
    </Space>
  );
}

export function cardColumns(actions: RowActions<CardRow>): TableColumnsType<CardRow> {
  return [
    { title: '卡编号', dataIndex: 'patrol_sn', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '巡检点名称', dataIndex: 'patrol_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    { title: '位置', dataIndex: 'location', render: (value: string) => shown(value) },
    // SAFETY.md: where the point is (a link that opens it in a map site) and its radius, or 未设置.
    { title: '定位', key: 'place', ...NOWRAP, render: (_, row) => <PointPlace row={row} /> },
    { title: '检查表', dataIndex: 'checklist_name', ...NOWRAP, render: (value: string) => value || '—' },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    actionsColumn(actions),
  ];
}
