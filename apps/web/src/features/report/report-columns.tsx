import { REPORT_GROUP_TEXT, type MissedReportRow, type ReportGroup } from '@guard-tour/contract';
import { Button, Typography, type TableColumnType, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { rateText, type ReportSort } from './report-filters';

type MissedFigure = Exclude<keyof MissedReportRow, 'group_key' | 'group_name'>;

/** The report's figures after the group's name, in the order the screen and the print view show them. */
export const MISSED_FIGURES: readonly { key: MissedFigure; title: string }[] = [
  { key: 'rounds_expected', title: '应巡轮次' },
  { key: 'rounds_done', title: '完成轮次' },
  { key: 'points_expected', title: '应巡点数' },
  { key: 'on_time', title: '正常' },
  { key: 'early', title: '早到' },
  { key: 'late', title: '迟到' },
  { key: 'missed', title: '漏检' },
  { key: 'rate', title: '完成率' },
];

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
