import { PlusOutlined } from '@ant-design/icons';
import type { CardRow } from '@guard-tour/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { rootHoldId } from '../../components/hold-tree';
import { ListTable } from '../../components/list-table';
import { SearchTypeToolbar } from '../../components/search-type-toolbar';
import { TreeListLayout } from '../../components/tree-list-layout';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useHoldTree } from '../../components/use-hold-tree';
import { usePagedList } from '../../components/use-paged-list';
import { CARD_LIST_KEY, listCards, useRemoveCard } from './api';
import { CARD_SEARCH_OPTIONS, FIRST_CARD_SEARCH_TYPE } from './card-choices';
import { cardColumns } from './card-columns';
import { CardForm, type CardDialogSubject } from './card-form';

/** 巡检点管理: the patrol points (cards) of the picked organisation and below. */
export function CardPage() {
  const list = usePagedList<CardRow>(CARD_LIST_KEY, listCards);
  const tree = useHoldTree();
  // New points go to the picked organisation, or the caller's own: 录入 waits for the tree to know it.
  const pickedHoldId = list.params.holdId ?? rootHoldId(tree.data ?? []);
  const [dialog, setDialog] = useState<CardDialogSubject | null>(null);
  const remove = useRemoveCard();
  const confirmDelete = useConfirmDelete();

  const columns = cardColumns({
    onEdit: (row) => setDialog({ row }),
    onDelete: (row) => confirmDelete('巡检点', () => remove.mutateAsync(row.patrol_id)),
  });

  return (
    <TreeListLayout
      holdId={list.params.holdId}
      onPickHold={list.pickHold}
      toolbar={
        <SearchTypeToolbar
          options={CARD_SEARCH_OPTIONS}
          initial={FIRST_CARD_SEARCH_TYPE}
          list={list}
          extra={
            <Button
              icon={<PlusOutlined />}
              disabled={tree.isPending}
              onClick={() => setDialog({ holdId: pickedHoldId })}
            >
              录入
            </Button>
          }
        />
      }
    >
      <ListTable<CardRow> label="巡检点列表" list={list} columns={columns} rowKey="patrol_id" />
      {dialog && <CardForm subject={dialog} onClose={() => setDialog(null)} />}
    </TreeListLayout>
  );
}
