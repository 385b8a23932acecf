import type { MissedReportRow } from '@guard-tour/contract';
import { Empty, Table } from 'antd';
import { useState } from 'react';
import { loadErrorText } from '@guard-tour/client/browser';
import { rootHoldId } from '../../components/hold-tree';
import { lastPage, PAGE_SIZE } from '../../components/paging';
import { TreeListLayout } from '../../components/tree-list-layout';
import { useHoldTree } from '../../components/use-hold-tree';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { exportMissed, useMissedReport } from './api';
import { reportColumns } from './report-columns';
import { ReportFilterBar } from './report-filter-bar';
import { filtersFromSearch, printUrl, type ReportFilters, type ReportSort } from './report-filters';
import { RoundsDrawer } from './rounds-drawer';

function sameFilters(a: ReportFilters, b: ReportFilters): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The sort a header click asks for: 漏检 or 完成率; cancelling a sort goes back to 漏检. */
function sortOf(columnKey: unknown, order: unknown): ReportSort {
  return columnKey === 'rate' && order ? 'rate' : 'missed';
}

/**
 * 漏检报表 (/patrol/missed_report): rounds, points and their results per road, account, organisation or day over a
 * span (from the address's query when a link gives one, as the print view reads it), worst first; a row opens its rounds; 导出 writes the same rows to .xlsx, 打印 opens the A4 print view.
 */
export function MissedReportPage() {
  // A link may name the span and organisation (定时报表's e-mail links to its period): the filters start from it.
  const [filters, setFilters] = useState<ReportFilters>(() =>
    filtersFromSearch(new URLSearchParams(window.location.search)),
  );
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<MissedReportRow | null>(null);
  const tree = useHoldTree();
  const holdId = filters.holdId ?? rootHoldId(tree.data ?? []);
  const report = useMissedReport(filters, page);
  useLoadErrorMessage(report);

  // A shorter result moves back to the last page that has rows (adjusted while rendering, as React advises).
  const data = report.data;
  if (data && !report.isPlaceholderData && data.rows.length === 0 && page > lastPage(data.total)) {
    setPage(lastPage(data.total));
  }

  const apply = (next: ReportFilters) => {
    if (sameFilters(filters, next) && page === 1) {
      void report.refetch();
      return;
    }
    setFilters(next);
    setPage(1);
  };

  const columns = reportColumns({ groupBy: filters.group_by, sort: filters.sort, sortable: true, onOpen: setOpened });

  return (
    <TreeListLayout
      holdId={filters.holdId}
      // Roads and accounts belong to an organisation: another organisation starts with neither picked.
      onPickHold={(holdId) => apply({ ...filters, holdId, road_id: undefined, user_id: undefined })}
      toolbar={
        <ReportFilterBar
          filters={filters}
          holdId={holdId}
          onApply={apply}
          onSearch={() => apply(filters)}
          onExport={() => exportMissed(filters)}
          onPrint={() => window.open(printUrl(filters), '_blank')}
        />
      }
    >
      <Table<MissedReportRow>
        aria-label="漏检报表"
        rowKey={(row) => String(row.group_key)}
        size="middle"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={report.isFetching}
        scroll={{ x: 880 }}
        onRow={(row) => ({ onClick: () => setOpened(row), style: { cursor: 'pointer' } })}
        onChange={(_, __, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          apply({ ...filters, sort: sortOf(sorter.columnKey, sorter.order) });
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={report.isError ? loadErrorText(report.error) : '暂无数据'}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPage,
        }}
      />
      {opened && <RoundsDrawer filters={filters} row={opened} onClose={() => setOpened(null)} />}
    </TreeListLayout>
  );
}
