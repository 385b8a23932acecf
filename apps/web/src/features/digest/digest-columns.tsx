import { DIGEST_FREQUENCY_TEXT, WEEKDAY_TEXT, type DigestRow } from '@guard-tour/contract';
import { Button, Flex, Space, Switch, Tag, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';

export interface DigestActions {
  onEdit: (row: DigestRow) => void;
  onPreview: (row: DigestRow) => void;
  onSendNow: (row: DigestRow) => void;
  onDeliveries: (row: DigestRow) => void;
  onDelete: (row: DigestRow) => void;
  onToggle: (row: DigestRow, enabled: boolean) => void;
  savingId: number | null;
  sendingId: number | null;
}

/** 每天 06:00, 每周一 08:30, 每月1日 07:00. */
export function scheduleText(row: Pick<DigestRow, 'frequency' | 'weekday' | 'time'>): string {
  if (row.frequency === 'weekly') return `每${WEEKDAY_TEXT[row.weekday ?? 1]} ${row.time}`;
  if (row.frequency === 'monthly') return `每月1日 ${row.time}`;
  return `${DIGEST_FREQUENCY_TEXT[row.frequency]} ${row.time}`;
}

function Channels({ row }: { row: DigestRow }) {
  return (
    <Flex gap={4} wrap>
      {row.emails.length > 0 && <Tag style={{ marginInlineEnd: 0 }}>邮件 {row.emails.length}</Tag>}
      {row.hook_ids.length > 0 && <Tag style={{ marginInlineEnd: 0 }}>推送 {row.hook_ids.length}</Tag>}
    </Flex>
  );
}

export function digestColumns(actions: DigestActions): TableColumnsType<DigestRow> {
  return [
    { title: '名称', dataIndex: 'digest_name', width: 160, render: (value: string) => shown(value) },
    { title: '组织', dataIndex: 'hold_name', width: 140, render: (value: string) => shown(value) },
    { title: '频率与时间', key: 'schedule', width: 130, ...NOWRAP, render: (_, row) => scheduleText(row) },
    { title: '发送方式', key: 'channels', width: 140, render: (_, row) => <Channels row={row} /> },
    {
      title: '最近发送',
      dataIndex: 'last_sent_time',
      width: 170,
      ...NOWRAP,
      render: (v: string) => shown(v) || '未发送',
    },
    { title: '下次发送', dataIndex: 'next_due_time', width: 170, ...NOWRAP, render: (v: string) => shown(v) },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 72,
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          aria-label={`启用 ${row.digest_name}`}
          checked={enabled}
          loading={actions.savingId === row.digest_id}
          onChange={(checked) => actions.onToggle(row, checked)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 320,
      fixed: 'right',
      ...NOWRAP,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => actions.onPreview(row)}>
            预览
          </Button>
          <Button
            type="link"
            size="small"
            loading={actions.sendingId === row.digest_id}
            onClick={() => actions.onSendNow(row)}
          >
            立即发送
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

export const DIGEST_TABLE_WIDTH = 1310;
