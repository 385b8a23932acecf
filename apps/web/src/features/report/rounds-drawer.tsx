import { REPORT_GROUP_TEXT, type MissedReportRow, type MissedRound } from '@guard-tour/contract';
import { Button, Drawer, Empty, Flex, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { loadErrorText } from '@guard-tour/client/browser';
import { NOWRAP, shown } from '../../components/cells';
import { RoundPointsDialog } from '../../components/round-points';
import { windowText } from '../../components/round-window';
import { StatusTag } from '../../components/status-tag';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useMissedRounds } from './api';
import { ROUNDS_PAGE_SIZE, spanText, type ReportFilters } from './report-filters';

function roundColumns(onOpen: (round: MissedRound) => void): TableColumnsType<MissedRound> {
  return [
    { title: '日期', dataIndex: 'round_date', width: 110, ...NOWRAP, render: (value: string) => shown(value) },
    {
      title: '路线 / 任务',
      dataIndex: 'road_name',
      render: (value: string, row) =>
        row.task_id && row.task_name ? `${shown(value)} / ${row.task_name}` : shown(value),
    },
    {
      title: '时段',
      key: 'window',
      width: 130,
      ...NOWRAP,
      render: (_, row) => windowText(row.window_start, row.window_end),
    },
    { title: '巡检人', dataIndex: 'walkers', render: (value: string) => shown(value) },
    {
      // Whom the round is charged to (SHIFTS.md): those on duty in its shift, else the road's accounts.
      title: '责任人',
      key: 'responsible',
      render: (_, row) => shown((row.responsible ?? []).map((r) => r.true_name).join(',')),
    },
    {
      title: '状态',
      dataIndex: 'result',
      width: 80,
      ...NOWRAP,
      render: (value: number) => <StatusTag status={value} />,
    },
    {
      title: '漏检',
      key: 'missed',
      width: 64,
      align: 'right',
      ...NOWRAP,
      render: (_, row) =>
        row.missed.length > 0 ? <Typography.Text type="danger">{row.missed.length}</Typography.Text> : '0',
    },
    {
      title: '操作',
      key: 'actions',
      width: 96,
      ...NOWRAP,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row)}>
          各点结果
        </Button>
      ),
    },
  ];
}

/** A round's missed points, shown when its row is expanded. */
function MissedPoints({ round }: { round: MissedRound }) {
  if (round.missed.length === 0) return <Typography.Text type="secondary">本轮没有漏检点</Typography.Text>;
  return (
    <Flex gap={4} wrap align="center" aria-label="漏检点">
      <Typography.Text type="secondary">漏检点：</Typography.Text>
      {round.missed.map((point) => (
        <Tag key={point.patrol_id} color="red">
          {point.patrol_name ? `${point.patrol_name}(${point.patrol_sn})` : shown(point.patrol_sn)}
        </Tag>
      ))}
    </Flex>
  );
}

interface RoundsDrawerProps {
  filters: ReportFilters;
  row: MissedReportRow;
  onClose: () => void;
}

/** A report row's rounds (newest first, paged), 只看漏检 to narrow them; each expands to its missed points. */
export function RoundsDrawer({ filters, row, onClose }: RoundsDrawerProps) {
  const [onlyMissed, setOnlyMissed] = useState(false);
  const [page, setPage] = useState(1);
  const [roundId, setRoundId] = useState<number | null>(null);
  const rounds = useMissedRounds(filters, row.group_key, onlyMissed, page);
  useLoadErrorMessage(rounds);

  return (
    <Drawer
      open
      size={880}
      title={`${REPORT_GROUP_TEXT[filters.group_by]}：${shown(row.group_name)}`}
      onClose={onClose}
      extra={
        <Flex gap={8} align="center">
          <Typography.Text>
            <label htmlFor="report-only-missed">只看漏检</label>
          </Typography.Text>
          <Switch
            id="report-only-missed"
            checked={onlyMissed}
            onChange={(checked) => {
              setOnlyMissed(checked);
              setPage(1);
            }}
          />
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {spanText(filters)}，应巡 {shown(row.rounds_expected)} 轮，漏检 {shown(row.missed)} 点
        </Typography.Text>
        <Table<MissedRound>
          aria-label="巡检轮次"
          size="small"
          rowKey="round_id"
          columns={roundColumns((round) => setRoundId(round.round_id))}
          dataSource={rounds.data?.rows ?? []}
          loading={rounds.isFetching}
          expandable={{
            expandedRowRender: (round) => <MissedPoints round={round} />,
            rowExpandable: (round) => round.missed.length > 0,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={rounds.isError ? loadErrorText(rounds.error) : '暂无数据'}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: ROUNDS_PAGE_SIZE,
            total: rounds.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 轮`,
            onChange: setPage,
          }}
        />
      </Flex>
      <RoundPointsDialog roundId={roundId} onClose={() => setRoundId(null)} />
    </Drawer>
  );
}
