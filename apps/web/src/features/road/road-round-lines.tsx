import type { MissedRound, RoadRow } from '@guard-tour/contract';
import { Empty, Flex, List, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { loadErrorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { RoundPointsView } from '../../components/round-points';
import { windowText } from '../../components/round-window';
import { StatusTag } from '../../components/status-tag';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useRoadRounds } from './api';

export const NO_ROUND_TEXT = '当天没有巡检轮次';

/** A round's line: its slot and window, and its task when it is one. */
export function roundLabel(round: MissedRound): string {
  const window = windowText(round.window_start, round.window_end);
  const slot = `时段${round.slot_no ?? 1} ${window}`;
  return round.task_id && round.task_name ? `${slot} ${round.task_name}` : slot;
}

/**
 * A road's rounds of a day, one line per slot (its own and its tasks'), in window order, each with its status and
 * missed points; the picked line (the running one at first, else the first) opens each point's result below.
 */
export function RoadRoundLines({ road, day }: { road: Pick<RoadRow, 'road_id' | 'hold_id'>; day: string }) {
  const [picked, setPicked] = useState<number | null>(null);
  const rounds = useRoadRounds(road, day);
  useLoadErrorMessage(rounds);
  const rows = [...(rounds.data?.rows ?? [])].sort(
    (a, b) => a.window_start.localeCompare(b.window_start) || (a.slot_no ?? 1) - (b.slot_no ?? 1),
  );
  const running = rows.find((round) => round.result === 1);
  const roundId = rows.some((round) => round.round_id === picked)
    ? picked
    : (running?.round_id ?? rows[0]?.round_id ?? null);

  if (rounds.isPending) return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  if (rounds.isError) return <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(rounds.error)} />;
  if (roundId === null) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_ROUND_TEXT} />;
  return (
    <Flex vertical gap={12}>
      <List
        size="small"
        bordered
        aria-label="当天轮次"
        dataSource={rows}
        renderItem={(round) => (
          <List.Item
            data-testid="round-line"
            onClick={() => setPicked(round.round_id)}
            style={{
              cursor: 'pointer',
              background: round.round_id === roundId ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
            }}
          >
            <Flex gap={12} align="center" style={{ width: '100%' }}>
              <Typography.Text strong style={{ minWidth: 200 }}>
                {roundLabel(round)}
              </Typography.Text>
              <StatusTag status={round.result} />
              <Typography.Text type={round.missed.length > 0 ? 'danger' : 'secondary'}>
                {round.missed.length > 0
                  ? `漏检 ${round.missed.length} 个：${round.missed.map((m) => m.patrol_name || m.patrol_sn).join('、')}`
                  : round.result === 2
                    ? '全部完成'
                    : ''}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <RoundPointsView key={roundId} roundId={roundId} />
    </Flex>
  );
}
