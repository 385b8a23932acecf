import type { RoundPoint, RoundPoints } from '@guard-tour/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, Modal, Result, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { api } from '@guard-tour/client/api';
import { loadErrorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { QUERY_KEYS } from '../api/query-keys';
import { NOWRAP, shown } from './cells';
import { graceText } from './grace';
import { POINT_RESULT_COLOR, PointResultTag, pointResultText } from './point-result-tag';
import { punchClock, windowText } from './round-window';
import { StatusTag } from './status-tag';
import { useLoadErrorMessage } from './use-load-error-message';

/** Rounds are read under the report area's key: an upload may change a point's result at any time. */
export const ROUND_POINTS_KEY = [...QUERY_KEYS.report, 'round-points'] as const;

/** `Report/RoundPoints`: a round with each of its points' result, in the road's order. */
export function useRoundPoints(roundId: number | null) {
  return useQuery({
    queryKey: [...ROUND_POINTS_KEY, roundId],
    queryFn: ({ signal }) => api.report.roundPoints({ round_id: roundId ?? 0 }, { signal }),
    enabled: roundId !== null && roundId > 0,
    staleTime: 0,
  });
}

type PointRow = RoundPoint & { key: number };

const COLUMNS: TableColumnsType<PointRow> = [
  { title: '序号', key: 'order', width: 64, ...NOWRAP, render: (_, row) => row.key + 1 },
  { title: '巡检点', dataIndex: 'patrol_name', render: (value: string) => shown(value) },
  { title: '卡号', dataIndex: 'patrol_sn', ...NOWRAP, render: (value: string) => shown(value) },
  {
    title: '结果',
    dataIndex: 'result',
    width: 80,
    ...NOWRAP,
    render: (value: number) => <PointResultTag result={value} />,
  },
  {
    title: '打卡时间',
    dataIndex: 'punch_time',
    width: 110,
    ...NOWRAP,
    render: (value: string | null) => punchClock(value),
  },
];

/** How many points have each result: 正常 3 · 漏检 1, in the results' own order and colours. */
function ResultCounts({ points }: { points: readonly RoundPoint[] }) {
  const counts = new Map<number, number>();
  for (const point of points) counts.set(point.result, (counts.get(point.result) ?? 0) + 1);
  const order = [1, 2, 3, 4, 0];
  const shownResults = [...counts.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return (
    <Flex gap={4} wrap aria-label="各结果点数">
      {shownResults.map((result) => (
        <Tag key={result} color={POINT_RESULT_COLOR[result as keyof typeof POINT_RESULT_COLOR] ?? 'default'}>
          {pointResultText(result)} {counts.get(result)}
        </Tag>
      ))}
    </Flex>
  );
}

/** A round's heading facts and its points with their results. */
export function RoundPointsBody({ round }: { round: RoundPoints }) {
  const rows: PointRow[] = (round.points ?? []).map((point, index) => ({ ...point, key: index }));
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={3}
        bordered
        items={[
          { key: 'road', label: '路线', children: shown(round.road_name) },
          { key: 'task', label: '任务', children: round.task_id ? shown(round.task_name) : '—' },
          { key: 'date', label: '日期', children: shown(round.round_date) },
          { key: 'window', label: '时段', children: windowText(round.window_start, round.window_end) },
          { key: 'grace', label: '宽限', children: graceText(round.grace_minutes) },
          { key: 'status', label: '状态', children: <StatusTag status={round.result} /> },
        ]}
      />
      {rows.length > 0 && <ResultCounts points={round.points} />}
      <Table<PointRow>
        aria-label="本轮巡检点"
        size="small"
        columns={COLUMNS}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
    </Flex>
  );
}

/** A round read by its id: a skeleton while it loads, why it could not be read, or its points. */
export function RoundPointsView({ roundId }: { roundId: number }) {
  const query = useRoundPoints(roundId);
  useLoadErrorMessage(query);
  if (query.data) return <RoundPointsBody round={query.data} />;
  if (query.isError) return <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(query.error)} />;
  return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
}

interface RoundPointsDialogProps {
  /** The round to show; null keeps the dialog closed. */
  roundId: number | null;
  onClose: () => void;
}

/** 本轮各点结果: opened from the dashboard's missed list, 路线状态 and the missed-round report. */
export function RoundPointsDialog({ roundId, onClose }: RoundPointsDialogProps) {
  return (
    <Modal
      open={roundId !== null}
      title="本轮各点结果"
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {roundId !== null && <RoundPointsView roundId={roundId} />}
    </Modal>
  );
}
