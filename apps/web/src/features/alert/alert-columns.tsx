import { AlertState, type AlertRow } from '@guard-tour/contract';
import { Button, type TableColumnsType } from 'antd';
import { AlertKindTag, AlertStateTag } from '../../components/alert-tags';
import { NOWRAP, shown } from '../../components/cells';

const text = (value: string | null | undefined) => shown(value);

/** 告警管理's table: when, what, where, and who handled it; 处理 on the alerts still open. */
export function alertColumns(onHandle: ((row: AlertRow) => void) | undefined): TableColumnsType<AlertRow> {
  return [
    { title: '告警时间', dataIndex: 'raised_time', width: 170, ...NOWRAP, render: text },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      ...NOWRAP,
      render: (kind: number, row) => <AlertKindTag kind={kind} name={row.kind_name} />,
    },
    // What happened comes first after its kind: the rest says where, and who handled it.
    { title: '详情', dataIndex: 'detail', width: 320, render: text },
    { title: '组织', dataIndex: 'hold_name', width: 140, render: text },
    { title: '路线', dataIndex: 'road_name', width: 120, render: text },
    { title: '设备', dataIndex: 'device_no', width: 150, ...NOWRAP, render: text },
    { title: '卡号', dataIndex: 'patrol_sn', width: 110, ...NOWRAP, render: text },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      ...NOWRAP,
      render: (state: number) => <AlertStateTag state={state} />,
    },
    { title: '处理人', dataIndex: 'handled_by', width: 90, ...NOWRAP, render: text },
    { title: '处理时间', dataIndex: 'handled_time', width: 170, ...NOWRAP, render: text },
    { title: '说明', dataIndex: 'note', width: 180, render: text },
    {
      title: '操作',
      key: 'actions',
      width: 72,
      fixed: 'right',
      // A role that may not handle alerts has nothing to do here.
      hidden: !onHandle,
      ...NOWRAP,
      render: (_, row) =>
        // 已响应 (an SOS someone answered) still waits for 已处理 with its note.
        onHandle && row.state !== AlertState.handled ? (
          <Button type="link" size="small" onClick={() => onHandle(row)}>
            处理
          </Button>
        ) : null,
    },
  ];
}

/** The columns' widths added up: narrower screens scroll the table sideways. */
export const ALERT_TABLE_WIDTH = 1700;
