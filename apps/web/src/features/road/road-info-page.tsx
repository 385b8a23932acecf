import { PlusOutlined } from '@ant-design/icons';
import type { RoadRow } from '@guard-tour/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/use-can';
import { editableActions } from '../../components/actions-column';
import { IncludeChildrenToolbar } from '../../components/include-children-toolbar';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { listRoadInfos, useRemoveRoadInfo } from './api';
import { QUERY_KEYS } from '../../api/query-keys';
import { roadInfoColumns } from './road-info-columns';
import { RoadInfoForm, type RoadInfoDialogSubject } from './road-info-form';

/** 线路管理 (the simple variant): roads by name and points only; 包含下级 on at first. */
export function RoadInfoPage() {
  const { list, pickedHoldId } = useTreeList<RoadRow>([...QUERY_KEYS.road, 'info-list'], listRoadInfos);
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
    <TreeListPage<RoadRow>
      label="线路列表"
      list={list}
      columns={columns}
      rowKey="road_id"
      toolbar={
        <IncludeChildrenToolbar
          label="线路名称"
          placeholder="输入线路名称查询"
          list={list}
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
      {dialog && <RoadInfoForm subject={dialog} onClose={() => setDialog(null)} />}
    </TreeListPage>
  );
}
