import {
  MISSED_FIGURES,
  REPORT_GROUP_TEXT,
  type MissedFigure,
  type MissedReportRow,
  type ReportGroup,
} from '@guard-tour/contract';
import { Button, Typography, type TableColumnType, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { rateText, type ReportSort } from './report-filters';

/** A figure as text: a count, or the rate with one decimal; '—' when there is none. */
export function figureText(row: MissedReportRow, key: MissedFigure): string {
  return key === 'rate' ? rateText(row.rate) : shown(row[key]);
}

const count = (value: number | null | undefined) => shown(value);

const numberColumn = (
  title: string,
  dataIndex: keyof MissedReportRow,
  width = 80,
): TableColumnType<MissedReportRow> => ({
  title,
  dataIndex,
  align: 'right',
  width,
  ...NOWRAP,
  render: count,
});

/** The 漏检 cell: red when something was missed. */
function MissedCount({ value }: { value: number }) {
  return value > 0 ? <Typography.Text type="danger">{value}</Typography.Text> : <>{count(value)}</>;
}

interface ReportColumnOptions {
  groupBy: ReportGroup;
  sort: ReportSort;
  /** Sortable headers (the screen); the print view has none. */
  sortable: boolean;
  /** The group's name opens its rounds (the screen). */
  onOpen?: (row: MissedReportRow) => void;
}

/**
 * One row per group: its name (the header says what the rows are grouped by), 应巡轮次, 完成轮次, 应巡点数, 正常,
 * 早到, 迟到, 漏检, 完成率. The server sorts: 漏检 most first, 完成率 lowest first.
 */
export function reportColumns({
  groupBy,
  sort,
  sortable,
  onOpen,
}: ReportColumnOptions): TableColumnsType<MissedReportRow> {
  // The two headers the screen sorts by, each one way only.
  const sortedBy = (key: ReportSort, direction: 'ascend' | 'descend', tip: string) =>
    sortable
      ? {
          key,
          sorter: true,
          sortDirections: [direction],
          sortOrder: sort === key ? direction : null,
          showSorterTooltip: { title: tip },
        }
      : {};
  return [
    {
      title: REPORT_GROUP_TEXT[groupBy],
      dataIndex: 'group_name',
      render: (value: string, row) =>
        onOpen ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            title="查看巡检轮次"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(row);
            }}
          >
            {shown(value)}
          </Button>
        ) : (
          shown(value)
        ),
    },
    ...MISSED_FIGURES.map(({ key, title }): TableColumnType<MissedReportRow> => {
      if (key === 'missed')
        return {
          ...numberColumn(title, key, 96),
          render: (value: number) => <MissedCount value={value} />,
          ...sortedBy(key, 'descend', '漏检多的在前'),
        };
      if (key === 'rate')
        return {
          ...numberColumn(title, key, 96),
          render: (value: number | null) => rateText(value),
          ...sortedBy(key, 'ascend', '完成率低的在前'),
        };
      return numberColumn(title, key);
    }),
  ];
}
