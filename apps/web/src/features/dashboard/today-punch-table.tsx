import type { PunchRow } from '@guard-tour/contract';
import { Card, Empty, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { loadErrorText } from '@guard-tour/client/browser';
import { lastPage } from '../../components/paging';
import { TODAY_PAGE_SIZE, useTodayPunches } from './api';
import { todayPunchColumns } from './today-punch-columns';
import { useLoadError } from './use-load-error';

export const TODAY_EMPTY_TEXT = '今日暂无巡检记录';

/** Today's punches, newest first, 20 a page; the pager shows five page buttons around the current one. */
export function TodayPunchTable() {
  const [page, setPage] = useState(1);
  const query = useTodayPunches(page);
  useLoadError(query.error, query.errorUpdatedAt);

  // After midnight the list starts again: a page past the end goes back to the last one that has rows.
  const data = query.data;
  if (data && !query.isPlaceholderData && data.rows.length === 0 && page > lastPage(data.total, TODAY_PAGE_SIZE)) {
    setPage(lastPage(data.total, TODAY_PAGE_SIZE));
  }

  return (
    <Card title="今日巡检记录" styles={{ body: { paddingTop: 8 } }}>
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      ) : (
        <Table<PunchRow>
          aria-label="今日巡检记录"
          rowKey="punch_id"
          size="middle"
          columns={todayPunchColumns(page)}
          dataSource={data?.rows ?? []}
          // A page change shows the spinner; the minute's refresh replaces the rows quietly.
          loading={query.isFetching && query.isPlaceholderData}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={query.isError && !data ? loadErrorText(query.error) : TODAY_EMPTY_TEXT}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: TODAY_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 条`,
            onChange: setPage,
          }}
        />
      )}
    </Card>
  );
}
