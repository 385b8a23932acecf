import type { MissedPoint } from '@guard-tour/contract';
import { Empty, Modal, Skeleton, Table, type TableColumnsType } from 'antd';
import { loadErrorText } from '../../api/client';
import { NOWRAP, shown } from '../../components/cells';
import { useMissedToday } from './api';
import { useLoadError } from './use-load-error';

export const NO_MISSED_TEXT = '今日暂无漏检';

const text = (value: string) => shown(value);

const COLUMNS: TableColumnsType<Row> = [
  { title: '路线', dataIndex: 'road_name', render: text },
  { title: '巡检点', dataIndex: 'patrol_name', render: text },
  { title: '卡号', dataIndex: 'patrol_sn', ...NOWRAP, render: text },
  { title: '时段', dataIndex: 'window', ...NOWRAP, render: text },
];

type Row = MissedPoint & { key: number };

/** Today's missed points: those of today's rounds whose window has ended without a punch. */
export function MissedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const query = useMissedToday(open);
  useLoadError(query.error, query.errorUpdatedAt);
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
        <Table<Row>
          aria-label="今日漏检"
          size="small"
          columns={COLUMNS}
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
      )}
    </Modal>
  );
}
