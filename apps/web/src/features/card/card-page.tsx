import { PlusOutlined, QrcodeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { CardRow } from '@guard-tour/contract';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/use-can';
import { editableActions } from '../../components/actions-column';
import { SearchTypeToolbar } from '../../components/search-type-toolbar';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { CARD_LIST_KEY, listCards, useRemoveCard } from './api';
import { CARD_SEARCH_OPTIONS, FIRST_CARD_SEARCH_TYPE } from './card-choices';
import { cardColumns } from './card-columns';
import { CardForm, type CardDialogSubject } from './card-form';
import { labelsUrl, MAX_LABELS, saveLabelSelection } from './label-sheet';
import { PointChecklistDialog } from './point-checklist-dialog';

/** 巡检点管理: the patrol points (cards) of the picked organisation and below. */
export function CardPage() {
  const { message } = App.useApp();
  // New points go to the picked organisation, or the caller's own: 录入 waits for the tree to know it.
  const { list, tree, pickedHoldId } = useTreeList<CardRow>(CARD_LIST_KEY, listCards);
  const [dialog, setDialog] = useState<CardDialogSubject | null>(null);
  const remove = useRemoveCard();
  const confirmDelete = useConfirmDelete();
  // 录入, 编辑 and 删除 need card.edit; 打印二维码 only what opens this screen (card.view); 设置检查表 checklist.edit.
  const can = useCan();
  const canEdit = can('card.edit');
  const canSetChecklist = can('checklist.edit');
  const [checklistFor, setChecklistFor] = useState<CardRow[] | null>(null);

  // Points picked for labels stay picked across pages; another organisation or query starts afresh.
  const { holdId, keyword, searchType } = list.params;
  const scope = JSON.stringify([holdId, keyword, searchType]);
  const [selection, setSelection] = useState<{ scope: string; rows: CardRow[] }>({ scope, rows: [] });
  const selected = selection.scope === scope ? selection.rows : [];

  const columns = cardColumns(
    editableActions(canEdit, {
      onEdit: (row) => setDialog({ row }),
      onDelete: (row) => confirmDelete('巡检点', () => remove.mutateAsync(row.patrol_id)),
    }),
  );

  // 打印二维码: the picked points, or with none picked every point the list's filter finds (the sheet reads them).
  const printLabels = () => {
    if (selected.length > 0) {
      if (selected.length > MAX_LABELS) {
        void message.warning(`一次最多打印 ${MAX_LABELS} 个巡检点`);
        return;
      }
      saveLabelSelection(selected);
      window.open(labelsUrl({ kind: 'selection' }), '_blank');
      return;
    }
    if ((list.query.data?.total ?? 0) === 0) {
      void message.warning('没有可打印的巡检点');
      return;
    }
    window.open(labelsUrl({ kind: 'filter', holdId, searchType, keyword }), '_blank');
  };

  return (
    <TreeListPage<CardRow>
      label="巡检点列表"
      list={list}
      columns={columns}
      rowKey="patrol_id"
      rowSelection={{
        selectedRowKeys: selected.map((row) => row.patrol_id),
        preserveSelectedRowKeys: true,
        onChange: (_, rows) => setSelection({ scope, rows: rows.filter((row): row is CardRow => Boolean(row)) }),
      }}
      toolbar={
        <SearchTypeToolbar
          options={CARD_SEARCH_OPTIONS}
          initial={FIRST_CARD_SEARCH_TYPE}
          list={list}
          extra={
            <>
              {canEdit && (
                <Button
                  icon={<PlusOutlined />}
                  disabled={tree.isPending}
                  onClick={() => setDialog({ holdId: pickedHoldId })}
                >
                  录入
                </Button>
              )}
              {canSetChecklist && (
                <Tooltip title="为已勾选的巡检点设置检查表">
                  <Button
                    icon={<UnorderedListOutlined />}
                    onClick={() =>
                      selected.length > 0 ? setChecklistFor(selected) : void message.warning('请先勾选巡检点')
                    }
                  >
                    {selected.length > 0 ? `设置检查表（${selected.length}）` : '设置检查表'}
                  </Button>
                </Tooltip>
              )}
              <Tooltip
                title={
                  selected.length > 0
                    ? `打印已勾选的 ${selected.length} 个巡检点的二维码标签`
                    : `未勾选时打印当前查询到的全部巡检点（最多 ${MAX_LABELS} 个）`
                }
              >
                <Button icon={<QrcodeOutlined />} onClick={printLabels}>
                  {selected.length > 0 ? `打印二维码（${selected.length}）` : '打印二维码'}
                </Button>
              </Tooltip>
            </>
          }
        />
      }
    >
      {dialog && <CardForm subject={dialog} onClose={() => setDialog(null)} />}
      {checklistFor && <PointChecklistDialog points={checklistFor} onClose={() => setChecklistFor(null)} />}
    </TreeListPage>
  );
}
