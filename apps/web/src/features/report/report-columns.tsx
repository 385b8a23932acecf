import { REPORT_GROUP_TEXT, type MissedReportRow, type ReportGroup } from '@guard-tour/contract';
import { Button, Typography, type TableColumnType, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';
import { rateText, type ReportSort } from './report-filters';

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
    numberColumn('应巡轮次', 'rounds_expected'),
    numberColumn('完成轮次', 'rounds_done'),
    numberColumn('应巡点数', 'points_expected'),
    numberColumn('正常', 'on_time'),
    numberColumn('早到', 'early'),
    numberColumn('迟到', 'late'),
    {
      ...numberColumn('漏检', 'missed', 96),
      render: (value: number) => <MissedCount value={value} />,
      ...(sortable
        ? {
            key: 'missed',
            sorter: true,
            sortDirections: ['descend' as const],
            sortOrder: sort === 'missed' ? ('descend' as const) : null,
            showSorterTooltip: { title: '漏检多的在前' },
          }
        : {}),
    },
    {
      ...numberColumn('完成率', 'rate', 96),
      render: (value: number | null) => rateText(value),
      ...(sortable
        ? {
            key: 'rate',
            sorter: true,
            sortDirections: ['ascend' as const],
            sortOrder: sort === 'rate' ? ('ascend' as const) : null,
            showSorterTooltip: { title: '完成率低的在前' },
          }
        : {}),
    },
  ];
}
