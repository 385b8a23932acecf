import { PlusOutlined } from '@ant-design/icons';
import type { RoadRow } from '@guard-tour/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { useCan } from '../../api/use-can';
import { ListToolbar } from '../../components/list-toolbar';
import { STATUS_FILTER_OPTIONS } from '../../components/status-tag';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { listRoads, useCloseRoad, type RoadListCall } from './api';
import { QUERY_KEYS } from '../../api/query-keys';
import { openRoadDetail, useRoadsChangedElsewhere } from './road-channel';
import { ROAD_TABLE_WIDTH, roadColumns } from './road-columns';
import { RoadRoundsDialog } from './road-rounds-dialog';

/**
 * The road list (路线管理 and 路线状态 show the same screen): status, cycle and window of each road of the
 * picked organisation and below; 新增 and 编辑 open the detail in a new window, 关闭 closes a road for good.
 */
function RoadListPage({ call }: { call: RoadListCall }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { list, pickedHoldId } = useTreeList<RoadRow>([...QUERY_KEYS.road, 'list', call], (params, signal) =>
    listRoads(call, params, signal),
  );
  const [status, setStatus] = useState(-1);
  const [roundsOf, setRoundsOf] = useState<RoadRow | null>(null);
  const close = useCloseRoad();
  const can = useCan();
  // 新增, 编辑 and 关闭 are for a role that manages roads.
  const canEdit = can('road.edit');

  // A save in the detail window refreshes this list.
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.road }), [queryClient]);
  useRoadsChangedElsewhere(refresh);

  const confirmClose = (row: RoadRow) =>
    modal.confirm({
      title: '提示',
      content: `此操作将关闭路线「${row.road_name}」，关闭后不再安排巡检, 是否继续?`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await close.mutateAsync(row.road_id);
          void message.success('已关闭！');
        } catch (error) {
          void message.warning(`关闭失败！${errorText(error, '')}`);
        }
      },
    });

  const openDetail = (row: RoadRow) => openRoadDetail(row.road_id, row.hold_id);
  const columns = roadColumns({
    ...(canEdit ? { onEdit: openDetail, onClose: confirmClose } : { onView: openDetail }),
    // 路线状态 shows a day's round of a road, with each point's result (the rounds are the records' to show).
    onViewRounds: call === 'listRoadStates' && can('record.view') ? setRoundsOf : undefined,
  });

  return (
    <TreeListPage<RoadRow>
      label="路线列表"
      list={list}
      columns={columns}
      rowKey="road_id"
      scrollX={ROAD_TABLE_WIDTH}
      toolbar={
        <ListToolbar
          label="路线名称"
          placeholder="输入路线名称查询"
          value={list.draft}
          onChange={list.setDraft}
          onSearch={() => list.searchWith({ status })}
          leading={
            <>
              <Typography.Text>
                <label htmlFor="road-status-filter">状态</label>
              </Typography.Text>
              <Select<number>
                id="road-status-filter"
                value={status}
                onChange={(next) => {
                  setStatus(next);
                  list.searchWith({ status: next });
                }}
                options={STATUS_FILTER_OPTIONS}
                style={{ width: 100 }}
              />
            </>
          }
          extra={
            canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => openRoadDetail(0, pickedHoldId)}>
                新增
              </Button>
            )
          }
        />
      }
    >
      {roundsOf && <RoadRoundsDialog road={roundsOf} onClose={() => setRoundsOf(null)} />}
    </TreeListPage>
  );
}

/** 路线管理 (/road/manage). */
export function RoadManagePage() {
  return <RoadListPage call="listRoads" />;
}

/** 路线状态 (/patrol_road/state): the same list through GetPatrolRoadList. */
export function RoadStatePage() {
  return <RoadListPage call="listRoadStates" />;
}
