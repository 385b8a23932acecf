import type { RoadRow } from '@guard-tour/contract';
import { Button, DatePicker, Flex, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { deploymentNow } from '../../api/deployment-time';
import { RoadRoundLines } from './road-round-lines';

export { NO_ROUND_TEXT } from './road-round-lines';

const DAY = 'YYYY-MM-DD';

interface RoadRoundsDialogProps {
  road: RoadRow;
  onClose: () => void;
}

/**
 * 查看轮次 (路线状态): a day (today at first, or any past day), the road's rounds of that day one line per slot (its
 * own and its tasks'), and the picked round's points with their results.
 */
export function RoadRoundsDialog({ road, onClose }: RoadRoundsDialogProps) {
  const [day, setDay] = useState(() => deploymentNow().format(DAY));
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
            }}
            style={{ width: 160 }}
          />
        </Flex>
        <RoadRoundLines key={day} road={road} day={day} />
      </Flex>
    </Modal>
  );
}
