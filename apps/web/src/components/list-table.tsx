import { Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import { loadErrorText } from '@guard-tour/client/browser';
import { PAGE_SIZE } from './paging';
import type { PagedList } from './use-paged-list';

export interface ListTableProps<T> {
  list: PagedList<T>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** The table's accessible name. */
  label: string;
  /** Checkbox selection, for screens that act on several rows at once (分配). */
  rowSelection?: TableProps<T>['rowSelection'];
  /**
   * Wide tables (many columns) scroll sideways at this width, or at their columns' widths if wider, instead of
   * squeezing their columns.
   */
  scrollX?: number;
  /** What an empty list says (暂无数据 unless the screen names its rows: 暂无告警). */
  emptyText?: string;
}

/** The widths the columns ask for, added up (a column without one asks for none). */
function widthOf<T>(columns: TableColumnsType<T>): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
}

/**
 * A paged list's table: 25 rows a page, the pager's five page buttons, a spinner while loading, 暂无数据 (or the
 * screen's own words) when empty.
 */
export function ListTable<T extends object>({
  list,
  columns,
  rowKey,
  label,
  rowSelection,
  scrollX,
  emptyText = '暂无数据',
}: ListTableProps<T>) {
  const { query, params, setPage } = list;
  return (
    <Table<T>
      aria-label={label}
      rowKey={rowKey}
      size="middle"
      columns={columns}
      rowSelection={rowSelection}
      scroll={scrollX === undefined ? undefined : { x: Math.max(scrollX, widthOf(columns)) }}
      dataSource={query.data?.rows ?? []}
      loading={query.isFetching}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={query.isError ? loadErrorText(query.error) : emptyText}
          />
        ),
      }}
      pagination={{
        current: params.page,
        pageSize: PAGE_SIZE,
        total: query.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => `共 ${total} 条`,
        onChange: setPage,
      }}
    />
  );
}
