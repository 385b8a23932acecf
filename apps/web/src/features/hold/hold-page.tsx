import { PlusOutlined } from '@ant-design/icons';
import type { HoldRow } from '@guard-tour/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/use-can';
import { editableActions } from '../../components/actions-column';
import { ListToolbar } from '../../components/list-toolbar';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { HOLD_LIST_KEY, listHolds, useRemoveHold } from './api';
import { holdColumns } from './hold-columns';
import { HoldForm, type HoldDialogSubject } from './hold-form';

const ROOT_HOLD_ID = 1;

/** 组织管理: the organisations below the picked one, with their admin accounts. */
export function HoldPage() {
  // The tree is rooted at the caller's own organisation.
  const { list, ownHoldId, pickedHoldId } = useTreeList<HoldRow>(HOLD_LIST_KEY, listHolds);
  const [dialog, setDialog] = useState<HoldDialogSubject | null>(null);
  const remove = useRemoveHold();
  const confirmDelete = useConfirmDelete();
  const canEdit = useCan()('hold.edit');

  const columns = holdColumns({
    page: list.params.page,
    ...editableActions(canEdit, {
      onEdit: (row) => setDialog({ row }),
      canDelete: (row) => row.hold_id !== ROOT_HOLD_ID && row.hold_id !== ownHoldId,
      onDelete: (row) =>
        confirmDelete('组织', async () => {
          await remove.mutateAsync(row.hold_id);
          // The picked organisation is gone: show the caller's own again.
          if (list.params.holdId === row.hold_id) list.pickHold(undefined);
        }),
    }),
  });

  return (
    <TreeListPage<HoldRow>
      label="组织列表"
      list={list}
      columns={columns}
      rowKey="hold_id"
      toolbar={
        <ListToolbar
          label="名称"
          placeholder="组织名称"
          value={list.draft}
          onChange={list.setDraft}
          onSearch={list.search}
          extra={
            canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => setDialog({ parentId: pickedHoldId })}>
                新增
              </Button>
            )
          }
        />
      }
    >
      {dialog && <HoldForm subject={dialog} ownHoldId={ownHoldId} onClose={() => setDialog(null)} />}
    </TreeListPage>
  );
}
