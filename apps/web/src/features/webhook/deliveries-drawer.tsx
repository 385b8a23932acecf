import type { WebhookRow, WebhookTry } from '@guard-tour/contract';
import { Drawer, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { NOWRAP, shown } from '../../components/cells';
import { SendLogTable, type SendLogItem } from '../../components/send-log-table';
import { DELIVERIES_PAGE_SIZE, useDeliveries } from './api';
import { isDelivered, statusText } from './webhook-results';

/** A try with a key of its own: tries of tests share alert 0 and may share a second. */
type TryItem = SendLogItem<WebhookTry>;

const COLUMNS: TableColumnsType<TryItem> = [
  {
    title: '告警ID',
    dataIndex: 'alert_id',
    width: 90,
    ...NOWRAP,
    // A test message belongs to no alert.
    render: (value: number) => (value > 0 ? value : <Typography.Text type="secondary">测试</Typography.Text>),
  },
  {
    title: '第几次',
    dataIndex: 'try_no',
    width: 72,
    align: 'right',
    ...NOWRAP,
    render: (value: number) => shown(value),
  },
  {
    title: '状态码',
    dataIndex: 'status',
    width: 90,
    ...NOWRAP,
    render: (value: number) => (
      <Tag color={isDelivered(value) ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
        {statusText(value)}
      </Tag>
    ),
  },
  { title: '耗时 ms', dataIndex: 'ms', width: 90, align: 'right', ...NOWRAP, render: (value: number) => shown(value) },
  { title: '发送时间', dataIndex: 'sent_time', width: 170, ...NOWRAP, render: (value: string) => shown(value) },
  { title: '错误', dataIndex: 'error', render: (value: string) => shown(value) },
];

/** 发送记录: every try of one hook (tests too), newest first, paged. */
export function DeliveriesDrawer({ hook, onClose }: { hook: WebhookRow; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(hook.hook_id, page);
  return (
    <Drawer open size={880} title={`发送记录：${shown(hook.name)}`} onClose={onClose}>
      <SendLogTable<WebhookTry>
        query={deliveries}
        page={page}
        pageSize={DELIVERIES_PAGE_SIZE}
        onPage={setPage}
        columns={COLUMNS}
      />
    </Drawer>
  );
}
