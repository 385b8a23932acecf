import type { MissedRound, RoadRow } from '@guard-tour/contract';
import { Button, DatePicker, Empty, Flex, Modal, Radio, Result, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { loadErrorText } from '../../api/client';
import { MSG } from '../../api/messages';
import { RoundPointsView } from '../../components/round-points';
import { windowText } from '../../components/round-window';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useRoadRounds } from './api';
import { deploymentNow } from '../../api/deployment-time';

export const NO_ROUND_TEXT = '当天没有巡检轮次';

const DAY = 'YYYY-MM-DD';

/** A round's name among several of the same day: its window, and its task when it is one. */
function roundLabel(round: MissedRound): string {
  const window = windowText(round.window_start, round.window_end);
  return round.task_id && round.task_name ? `${window} ${round.task_name}` : window;
}

interface RoadRoundsDialogProps {
  road: RoadRow;
  onClose: () => void;
}

/**
 * 查看轮次 (路线状态): a day (today at first, or any past day), the road's round of that day and each point's
 * result; a day with several rounds (the road's own and its tasks') lets you pick one.
 */
export function RoadRoundsDialog({ road, onClose }: RoadRoundsDialogProps) {
  const [day, setDay] = useState(() => deploymentNow().format(DAY));
  const [picked, setPicked] = useState<number | null>(null);
  const rounds = useRoadRounds(road, day);
  useLoadErrorMessage(rounds);
  const rows = rounds.data?.rows ?? [];
  const roundId = rows.some((round) => round.round_id === picked) ? picked : (rows[0]?.round_id ?? null);

  let body;
  if (rounds.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  else if (rounds.isError) {
    body = <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(rounds.error)} />;
  } else if (roundId === null) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_ROUND_TEXT} />;
  } else {
    body = (
      <Flex vertical gap={12}>
        {rows.length > 1 && (
          <Radio.Group
            aria-label="当天轮次"
            name="road-round-pick"
            optionType="button"
            value={roundId}
            onChange={(event) => setPicked(Number(event.target.value))}
            options={rows.map((round) => ({ value: round.round_id, label: roundLabel(round) }))}
          />
        )}
        <RoundPointsView key={roundId} roundId={roundId} />
      </Flex>
    );
  }

  return (
    <Modal
      open
      title={`查看轮次：${road.road_name || '—'}`}
      width={800}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} align="center">
          <Typography.Text>
            <label htmlFor="road-round-day">日期</label>
          </Typography.Text>
          <DatePicker
            id="road-round-day"
            value={dayjs(day)}
            allowClear={false}
            disabledDate={(current: Dayjs) => current.isAfter(deploymentNow(), 'day')}
            onChange={(next: Dayjs | null) => {
              if (!next) return;
              setDay(next.format(DAY));
              setPicked(null);
            }}
            style={{ width: 160 }}
          />
        </Flex>
        {body}
      </Flex>
    </Modal>
  );
}
