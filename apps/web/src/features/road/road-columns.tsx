import type { RoadRow } from '@guard-tour/contract';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { graceColumn } from '../../components/grace-item';
import { StatusTag } from '../../components/status-tag';
import { slotsColumn } from '../../components/slots-column';

/**
 * The road table's width: ten columns scroll sideways rather than squeeze; every column but 巡检点 has its width,
 * so 巡检点 (the longest text) takes what is left, never less than a readable width.
 */
export const ROAD_TABLE_WIDTH = 1500;

/** Status 4: a closed road stays closed (DOMAIN.md), so it has no 关闭 link. */
export const CLOSED = 4;

/** A role that may not manage roads has 查看 (the detail, read-only) instead of 编辑 and 关闭. */
interface RoadColumnActions {
  onView?: ((row: RoadRow) => void) | undefined;
  onEdit?: ((row: RoadRow) => void) | undefined;
  onClose?: ((row: RoadRow) => void) | undefined;
  /** 路线状态 only: 查看轮次, a day's round of the road with each point's result. */
  onViewRounds?: ((row: RoadRow) => void) | undefined;
}

/** 巡检点 never narrower than this, whatever the other columns hold. */
const POINTS_STYLE = { minWidth: 220 } as const;

/** 路线管理 / 路线状态: status, name with 编辑 and 关闭, accounts, cycle, window, grace, points, remark, created. */
export function roadColumns({ onView, onEdit, onClose, onViewRounds }: RoadColumnActions): TableColumnsType<RoadRow> {
  return [
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      ...NOWRAP,
      render: (status: number, row) => <StatusTag status={status} text={row.status_text} />,
    },
    {
      title: '路线名称',
      dataIndex: 'road_name',
      width: 170,
      render: (name: string, row) => (
        <>
          <Typography.Text strong>{shown(name)}</Typography.Text>
          <Space size={0} style={{ display: 'flex', whiteSpace: 'nowrap' }}>
            {onEdit ? (
              <Button type="link" size="small" onClick={() => onEdit(row)}>
                编辑
              </Button>
            ) : (
              onView && (
                <Button type="link" size="small" onClick={() => onView(row)}>
                  查看
                </Button>
              )
            )}
            {onViewRounds && (
              <Button type="link" size="small" onClick={() => onViewRounds(row)}>
                查看轮次
              </Button>
            )}
            {onClose && row.status !== CLOSED && (
              <Button type="link" size="small" danger onClick={() => onClose(row)}>
                关闭
              </Button>
            )}
          </Space>
        </>
      ),
    },
    {
      title: '巡检账号',
      dataIndex: 'patrol_users',
      width: 130,
      onHeaderCell: NOWRAP.onHeaderCell,
      // A road walked by shift (SHIFTS.md) names its shift: whoever is on duty in it walks the round.
      render: (value: string, row: RoadRow) =>
        row.walker_mode === 'shift' ? `按班次：${row.shift_name ?? ''}` : shown(value),
    },
    {
      title: '巡检周期',
      dataIndex: 'cycle_text',
      width: 140,
      onHeaderCell: NOWRAP.onHeaderCell,
      render: (value: string) => shown(value),
    },
    slotsColumn<RoadRow>(),
    graceColumn<RoadRow>(),
    {
      title: '巡检点',
      dataIndex: 'patrol_cards',
      render: (value: string, row) => <div style={POINTS_STYLE}>{shown(value || row.patrol_card_names)}</div>,
    },
    {
      title: '备注',
      dataIndex: 'remark',
      width: 120,
      onHeaderCell: NOWRAP.onHeaderCell,
      render: (value: string) => value ?? '',
    },
    { title: '录入时间', dataIndex: 'create_time', width: 170, ...NOWRAP, render: (value: string) => shown(value) },
  ];
}
