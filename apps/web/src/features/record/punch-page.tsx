import type { PunchRow } from '@guard-tour/contract';
import { Card, Flex } from 'antd';
import { TreeListPage } from '../../components/tree-list-page';
import { usePagedList } from '../../components/use-paged-list';
import { listPunches } from './api';
import { QUERY_KEYS } from '../../api/query-keys';
import { HoldPopover } from './hold-popover';
import { PunchToolbar } from './punch-toolbar';
import { PUNCH_TABLE, PunchTable } from './punch-table';
import type { PunchScreen } from './record-filters';

const TABLE_LABELS: Record<PunchScreen, string> = {
  clockIn: '打卡数据列表',
  device: '设备统计列表',
  user: '人员统计列表',
};

function usePunchList(screen: PunchScreen) {
  // Punches arrive all day: every visit reads them afresh.
  return usePagedList<PunchRow>([...QUERY_KEYS.record, screen], listPunches(screen), { staleTime: 0 });
}

/** 打卡数据 and 设备统计: the organisation tree beside the period tags, search and the punch table. */
function TreePunchPage({ screen }: { screen: 'clockIn' | 'device' }) {
  const list = usePunchList(screen);
  return (
    <TreeListPage<PunchRow>
      toolbar={<PunchToolbar screen={screen} list={list} />}
      label={TABLE_LABELS[screen]}
      list={list}
      {...PUNCH_TABLE}
    />
  );
}

export function ClockInPage() {
  return <TreePunchPage screen="clockIn" />;
}

export function DevicePunchPage() {
  return <TreePunchPage screen="device" />;
}

/** 人员统计: the same table, the organisation tree in a floating layer opened from the filter bar. */
export function UserPunchPage() {
  const list = usePunchList('user');
  return (
    <Card size="small">
      <Flex vertical gap={12}>
        <PunchToolbar
          screen="user"
          list={list}
          leading={<HoldPopover value={list.params.holdId} onPick={list.pickHold} />}
        />
        <PunchTable label={TABLE_LABELS.user} list={list} />
      </Flex>
    </Card>
  );
}
