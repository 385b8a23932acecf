import { PrinterOutlined } from '@ant-design/icons';
import { MISSED_FIGURES, REPORT_GROUP_TEXT, type HoldTreeNode } from '@guard-tour/contract';
import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadErrorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { shown } from '../../components/cells';
import { rootHoldId } from '../../components/hold-tree';
import { useHoldTree } from '../../components/use-hold-tree';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useAccountOptions, useRoadOptions } from '../../components/use-options';
import { useAllMissed } from './api';
import { figureText } from './report-columns';
import { filtersFromSearch, spanText } from './report-filters';
import { deploymentNow } from '../../api/deployment-time';

/** The name of an organisation in the tree (depth first); '' when it is not there. */
function holdName(nodes: readonly HoldTreeNode[], holdId: number | undefined): string {
  if (holdId === undefined) return '';
  for (const node of nodes) {
    if (node.id === holdId) return node.label;
    const below = holdName(node.children ?? [], holdId);
    if (below) return below;
  }
  return '';
}

/**
 * A plain A4 landscape page: the window's own header and banner are not printed, the table's head repeats on every
 * sheet and a row is never cut in two.
 */
const PRINT_CSS = `
@page { size: A4 landscape; margin: 12mm 10mm; }
.missed-print { background: #fff; color: #000; padding: 16px; max-width: 1123px; margin: 0 auto; font-size: 12px; }
.missed-print h1 { font-size: 20px; margin: 0 0 8px; text-align: center; }
.missed-print .facts { display: flex; flex-wrap: wrap; gap: 4px 24px; margin-bottom: 8px; }
.missed-print table { width: 100%; border-collapse: collapse; }
.missed-print th, .missed-print td { border: 1px solid #999; padding: 4px 6px; }
.missed-print th { background: #f0f0f0; font-weight: 600; }
.missed-print td.num { text-align: right; font-variant-numeric: tabular-nums; }
.missed-print thead { display: table-header-group; }
.missed-print tr { break-inside: avoid; page-break-inside: avoid; }
@media print {
  .ant-layout-header, .ant-alert-banner, .missed-print .no-print { display: none !important; }
  .ant-layout, .ant-layout-content { background: #fff !important; padding: 0 !important; min-height: 0 !important; }
  .missed-print { padding: 0; max-width: none; }
  .missed-print th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

/**
 * 漏检报表 打印 (/patrol/missed_report/print?…): every group of the filters in the address on one plain page, with the
 * organisation, the span and the print time in the header; the browser's print dialog opens once it is drawn.
 */
export function MissedReportPrintPage() {
  const [search] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const tree = useHoldTree();
  const report = useAllMissed(filters);
  const holdId = filters.holdId ?? rootHoldId(tree.data ?? []);
  const roads = useRoadOptions(filters.road_id === undefined ? undefined : holdId);
  const accounts = useAccountOptions(filters.user_id === undefined ? undefined : holdId);
  useLoadErrorMessage(report);
  const [printedAt] = useState(() => deploymentNow().format('YYYY-MM-DD HH:mm:ss'));
  const printed = useRef(false);

  const ready = report.isSuccess && !tree.isPending;
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    // After the rows are painted, once.
    window.setTimeout(() => window.print(), 300);
  }, [ready]);

  const organisation = holdName(tree.data ?? [], holdId) || '—';
  const roadName = roads.data?.find((road) => road.road_id === filters.road_id)?.road_name;
  const account = accounts.data?.find((item) => item.user_id === filters.user_id);
  const rows = report.data?.rows ?? [];

  let body;
  if (report.isError) {
    body = <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(report.error)} />;
  } else if (!report.data) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  } else {
    body = (
      <table aria-label="漏检报表">
        <thead>
          <tr>
            <th scope="col">序号</th>
            <th scope="col">{REPORT_GROUP_TEXT[filters.group_by]}</th>
            {MISSED_FIGURES.map((figure) => (
              <th scope="col" key={figure.key}>
                {figure.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={MISSED_FIGURES.length + 2} style={{ textAlign: 'center', padding: 24 }}>
                暂无数据
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={String(row.group_key)}>
                <td className="num">{index + 1}</td>
                <td>{shown(row.group_name)}</td>
                {MISSED_FIGURES.map((figure) => (
                  <td className="num" key={figure.key}>
                    {figureText(row, figure.key)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    );
  }

  return (
    <div className="missed-print">
      <style>{PRINT_CSS}</style>
      <Flex className="no-print" justify="flex-end" gap={8} style={{ marginBottom: 8 }}>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!ready}>
          打印
        </Button>
      </Flex>
      <h1>漏检报表</h1>
      <div className="facts">
        <span>
          组织：{organisation}
          {filters.includeChildren ? '（含下级）' : ''}
        </span>
        <span>统计日期：{spanText(filters)}</span>
        <span>分组：{REPORT_GROUP_TEXT[filters.group_by]}</span>
        {filters.road_id !== undefined && <span>路线：{roadName ?? '—'}</span>}
        {filters.user_id !== undefined && <span>账号：{account ? account.true_name || account.user_name : '—'}</span>}
        {report.data && <span>共 {rows.length} 条</span>}
        <span>打印时间：{printedAt}</span>
      </div>
      {body}
    </div>
  );
}
