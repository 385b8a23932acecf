import { DIGEST_STATUS_TEXT, type DigestDelivery, type DigestRow } from '@guard-tour/contract';
import { Drawer, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { NOWRAP, shown } from '../../components/cells';
import { SendLogTable, type SendLogItem } from '../../components/send-log-table';
import { DIGEST_DELIVERIES_PAGE_SIZE, useDigestDeliveries } from './api';

type Item = SendLogItem<DigestDelivery>;
const STATUS_COLOR = { sent: 'success', failed: 'error', skipped: 'default', pending: 'processing' } as const;

const COLUMNS: TableColumnsType<Item> = [
  {
    title: '统计周期',
    key: 'period',
    width: 200,
    ...NOWRAP,
    render: (_, row) =>
      row.period_start === row.period_end ? row.period_start : `${row.period_start} 至 ${row.period_end}`,
  },
  {
    title: '方式',
    dataIndex: 'channel',
    width: 70,
    ...NOWRAP,
    render: (v: string) => (v === 'email' ? '邮件' : '推送'),
  },
  { title: '接收方', dataIndex: 'recipient', width: 200, render: (v: string) => shown(v) },
  {
    title: '状态',
    dataIndex: 'status',
    width: 120,
    ...NOWRAP,
    render: (value: DigestDelivery['status'], row) => (
      <>
        <Tag color={STATUS_COLOR[value]} style={{ marginInlineEnd: 4 }}>
          {DIGEST_STATUS_TEXT[value] ?? value}
        </Tag>
        {row.manual && <Typography.Text type="secondary">手动</Typography.Text>}
      </>
    ),
  },
  { title: '时间', dataIndex: 'sent_time', width: 170, ...NOWRAP, render: (v: string) => shown(v) },
  { title: '错误', dataIndex: 'error', render: (v: string) => shown(v) },
];

/** 发送记录: every delivery of one report (period, channel, recipient, status, error, time), newest first. */
export function DigestDeliveries({ row, onClose }: { row: DigestRow; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const deliveries = useDigestDeliveries(row.digest_id, page);
  return (
    <Drawer open size={980} title={`发送记录：${shown(row.digest_name)}`} onClose={onClose}>
      <SendLogTable<DigestDelivery>
        query={deliveries}
        page={page}
        pageSize={DIGEST_DELIVERIES_PAGE_SIZE}
        onPage={setPage}
        columns={COLUMNS}
      />
    </Drawer>
  );
}
