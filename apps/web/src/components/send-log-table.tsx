import type { Page } from '@guard-tour/contract';
import { Empty, Table, type TableColumnsType } from 'antd';
import { loadErrorText } from '@guard-tour/client/browser';
import { useLoadErrorMessage } from './use-load-error-message';

/** A logged delivery with a key of its own: a log's rows may repeat each other (a hook's tests share alert 0). */
export type SendLogItem<T> = T & { row_key: string };

interface SendLogTableProps<T> {
  /** The query of the shown page. */
  query: {
    data?: Page<T> | undefined;
    isFetching: boolean;
    isError: boolean;
    error: unknown;
    errorUpdatedAt: number;
  };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  columns: TableColumnsType<SendLogItem<T>>;
}

/**
 * 发送记录 (a hook's tries, a digest's sends): one page of the log, newest first, the pager below; 暂无发送记录 when
 * empty, and a failed load says so in the table and as a message.
 */
export function SendLogTable<T extends object>({ query, page, pageSize, onPage, columns }: SendLogTableProps<T>) {
  useLoadErrorMessage(query);
  const rows = (query.data?.rows ?? []).map((row, index) => ({ ...row, row_key: `${page}-${index}` }));
  return (
    <Table<SendLogItem<T>>
      aria-label="发送记录"
      size="small"
      rowKey="row_key"
      columns={columns}
      dataSource={rows}
      loading={query.isFetching}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={query.isError ? loadErrorText(query.error) : '暂无发送记录'}
          />
        ),
      }}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => `共 ${total} 条`,
        onChange: onPage,
      }}
    />
  );
}
