import { ALERT_KIND_TEXT, WEBHOOK_FORMAT_TEXT, type AlertKind, type WebhookRow } from '@guard-tour/contract';
import { Button, Flex, Space, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { isDelivered, statusText } from './webhook-results';

export interface WebhookActions {
  onEdit: (row: WebhookRow) => void;
  onTest: (row: WebhookRow) => void;
  onDeliveries: (row: WebhookRow) => void;
  onDelete: (row: WebhookRow) => void;
  onToggle: (row: WebhookRow, enabled: boolean) => void;
  /** The hook whose 启用 is being saved, or tested: its switch or button spins. */
  savingId: number | null;
  testingId: number | null;
}

/** 最近发送: the last try's status (green for 2xx) and time, or 未发送. */
function LastTry({ row }: { row: WebhookRow }) {
  if (row.last_status === '' || row.last_status === null || row.last_status === undefined) {
    return <Typography.Text type="secondary">未发送</Typography.Text>;
  }
  return (
    <Flex vertical gap={2}>
      <Tag
        color={isDelivered(row.last_status) ? 'success' : 'error'}
        style={{ marginInlineEnd: 0, width: 'fit-content' }}
      >
        {statusText(row.last_status)}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {shown(row.last_time)}
      </Typography.Text>
    </Flex>
  );
}

export function webhookColumns(actions: WebhookActions): TableColumnsType<WebhookRow> {
  return [
    { title: '名称', dataIndex: 'name', width: 150, render: (value: string) => shown(value) },
    { title: '组织', dataIndex: 'hold_name', width: 140, render: (value: string) => shown(value) },
    {
      title: '格式',
      dataIndex: 'format',
      width: 150,
      ...NOWRAP,
      render: (value: WebhookRow['format']) => WEBHOOK_FORMAT_TEXT[value] ?? shown(value),
    },
    {
      title: '推送地址',
      dataIndex: 'url',
      width: 260,
      ellipsis: { showTitle: true },
      render: (value: string) => shown(value),
    },
    {
      title: '告警类型',
      dataIndex: 'kinds',
      width: 200,
      render: (kinds: number[]) =>
        kinds?.length ? (
          <Flex gap={4} wrap>
            {kinds.map((kind) => (
              <Tag key={kind} style={{ marginInlineEnd: 0 }}>
                {ALERT_KIND_TEXT[kind as AlertKind] ?? `类型${kind}`}
              </Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 72,
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          aria-label={`启用 ${row.name}`}
          checked={enabled}
          loading={actions.savingId === row.hook_id}
          onChange={(checked) => actions.onToggle(row, checked)}
        />
      ),
    },
    { title: '最近发送', key: 'last', width: 150, ...NOWRAP, render: (_, row) => <LastTry row={row} /> },
    {
      title: '操作',
      key: 'actions',
      width: 230,
      fixed: 'right',
      ...NOWRAP,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            loading={actions.testingId === row.hook_id}
            onClick={() => actions.onTest(row)}
          >
            测试
          </Button>
          <Button type="link" size="small" onClick={() => actions.onDeliveries(row)}>
            发送记录
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.onDelete(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

export const WEBHOOK_TABLE_WIDTH = 1360;
