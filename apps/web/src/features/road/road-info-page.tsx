import { PlusOutlined } from '@ant-design/icons';
import type { RoadRow } from '@guard-tour/contract';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/use-can';
import { editableActions } from '../../components/actions-column';
import { rootHoldId } from '../../components/hold-tree';
import { ListTable } from '../../components/list-table';
import { ListToolbar } from '../../components/list-toolbar';
import { TreeListLayout } from '../../components/tree-list-layout';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useHoldTree } from '../../components/use-hold-tree';
import { usePagedList } from '../../components/use-paged-list';
import { listRoadInfos, ROAD_KEY, useRemoveRoadInfo } from './api';
import { roadInfoColumns } from './road-info-columns';
import { RoadInfoForm, type RoadInfoDialogSubject } from './road-info-form';

/** 线路管理 (the simple variant): roads by name and points only; 包含下级 on at first. */
export function RoadInfoPage() {
  const list = usePagedList<RoadRow>([...ROAD_KEY, 'info-list'], listRoadInfos);
  const tree = useHoldTree();
  const pickedHoldId = list.params.holdId ?? rootHoldId(tree.data ?? []);
  const [includeChildren, setIncludeChildren] = useState(true);
  const [dialog, setDialog] = useState<RoadInfoDialogSubject | null>(null);
  const remove = useRemoveRoadInfo();
  const confirmDelete = useConfirmDelete();
  const canEdit = useCan()('road.edit');

  const columns = roadInfoColumns(
    editableActions(canEdit, {
      onView: (row) => setDialog({ mode: 'view', row }),
      onEdit: (row) => setDialog({ mode: 'edit', row }),
      onDelete: (row) => confirmDelete('线路', () => remove.mutateAsync(row.road_id)),
    }),
  );

  return (
    <TreeListLayout
      holdId={list.params.holdId}
      onPickHold={list.pickHold}
      toolbar={
        <ListToolbar
          label="线路名称"
          placeholder="输入线路名称查询"
          value={list.draft}
          onChange={list.setDraft}
          onSearch={() => list.searchWith({ include_children: includeChildren })}
          options={
            <Checkbox
              checked={includeChildren}
              onChange={(event) => {
                setIncludeChildren(event.target.checked);
                list.searchWith({ include_children: event.target.checked });
              }}
            >
              包含下级
            </Checkbox>
          }
          extra={
            canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', holdId: pickedHoldId })}>
                新增
              </Button>
            )
          }
        />
      }
    >
      <ListTable<RoadRow> label="线路列表" list={list} columns={columns} rowKey="road_id" />
      {dialog && <RoadInfoForm subject={dialog} onClose={() => setDialog(null)} />}
    </TreeListLayout>
  );
}
