import type { MissedPoint } from '@guard-tour/contract';
import { Button, Empty, Modal, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { loadErrorText } from '@guard-tour/client/browser';
import { NOWRAP, shown } from '../../components/cells';
import { RoundPointsDialog } from '../../components/round-points';
import { useMissedToday } from './api';
import { useLoadError } from './use-load-error';

export const NO_MISSED_TEXT = '今日暂无漏检';

const text = (value: string) => shown(value);

type Row = MissedPoint & { key: number };

/** The columns; a road name opens its round's points (each with its result). */
function columns(onOpenRound: (roundId: number) => void): TableColumnsType<Row> {
  return [
    {
      title: '路线',
      dataIndex: 'road_name',
      render: (value: string, row) =>
        row.round_id > 0 ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            title="查看本轮各点结果"
            onClick={() => onOpenRound(row.round_id)}
          >
            {text(value)}
          </Button>
        ) : (
          text(value)
        ),
    },
    { title: '巡检点', dataIndex: 'patrol_name', render: text },
    { title: '卡号', dataIndex: 'patrol_sn', ...NOWRAP, render: text },
    { title: '时段', dataIndex: 'window', ...NOWRAP, render: text },
  ];
}

/** Today's missed points: those of today's rounds whose window has ended without a punch. */
export function MissedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const query = useMissedToday(open);
  useLoadError(query.error, query.errorUpdatedAt);
  const [roundId, setRoundId] = useState<number | null>(null);
  // The same point may be missed on two roads or in two windows of a road: rows are keyed by position.
  const rows: Row[] = (query.data ?? []).map((row, index) => ({ ...row, key: index }));
  return (
    <Modal
      title={query.data ? `今日漏检（${rows.length}）` : '今日漏检'}
      open={open}
      onCancel={onClose}
      footer={null}
      width={800}
      destroyOnHidden
    >
      {query.isPending && !query.isError ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : (
        <>
          {rows.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              点击路线名称查看该轮各巡检点的结果
            </Typography.Paragraph>
          )}
          <Table<Row>
            aria-label="今日漏检"
            size="small"
            columns={columns(setRoundId)}
            dataSource={rows}
            pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={query.isError && !query.data ? loadErrorText(query.error) : NO_MISSED_TEXT}
                />
              ),
            }}
          />
        </>
      )}
      <RoundPointsDialog roundId={roundId} onClose={() => setRoundId(null)} />
    </Modal>
  );
}
