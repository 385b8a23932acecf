import { CHECK_RESULT, type AnswerRow, type CheckItemKind } from '@guard-tour/contract';
import { CHECK_ITEM_KIND_TEXT } from './check-item-kinds';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Popover, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../api/query-keys';
import { PhotoThumbs } from './photo-thumbs';

/** What an answer says: the value with its unit, the option chosen, or the photos. */
function answerCell(row: AnswerRow) {
  if (row.photo_ids.length > 0) return <PhotoThumbs photoIds={row.photo_ids} size={28} />;
  if (row.option) return row.option;
  const range =
    row.min !== null || row.max !== null
      ? `（${row.min ?? '不限'}–${row.max ?? '不限'}${row.unit ? ` ${row.unit}` : ''}）`
      : '';
  return `${row.value}${row.unit ? ` ${row.unit}` : ''}${range}`;
}

function Answers({ punchId }: { punchId: number }) {
  const answers = useQuery({
    queryKey: [...QUERY_KEYS.answers, punchId],
    queryFn: ({ signal }) => api.hazard.inspectionAnswers({ punch_id: punchId }, { signal }),
  });
  if (answers.isPending) return <Spin size="small" />;
  if (!answers.data?.length) return <Empty description="未填写检查项" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Table<AnswerRow>
      size="small"
      pagination={false}
      rowKey={(_, index) => String(index)}
      dataSource={answers.data}
      style={{ width: 460 }}
      columns={[
        { title: '检查项', dataIndex: 'item_text' },
        {
          title: '类型',
          dataIndex: 'kind',
          width: 80,
          render: (kind: number) => CHECK_ITEM_KIND_TEXT[kind as CheckItemKind] ?? kind,
        },
        { title: '结果', key: 'answer', render: (_, row) => answerCell(row) },
        {
          title: '',
          dataIndex: 'abnormal',
          width: 56,
          render: (abnormal: boolean) => (abnormal ? <Tag color="red">异常</Tag> : <Tag color="green">正常</Tag>),
        },
      ]}
    />
  );
}

/**
 * 检查结果 (INSPECTION.md): 正常, 异常 N 项 or 未填写, opening the answers as they were given; nothing for a point
 * without a checklist.
 */
export function CheckResult({ punchId, result }: { punchId: number; result: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  const text = result?.trim() ?? '';
  if (!text) return null;
  if (text === CHECK_RESULT.unanswered) return <Typography.Text type="secondary">{text}</Typography.Text>;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title="检查结果"
      content={open ? <Answers punchId={punchId} /> : null}
    >
      <Button type="link" size="small" danger={text !== CHECK_RESULT.normal} style={{ padding: 0 }}>
        {text}
      </Button>
    </Popover>
  );
}
