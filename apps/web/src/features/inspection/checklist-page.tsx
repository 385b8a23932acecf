import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ChecklistRow } from '@guard-tour/contract';
import { App, Button, Checkbox, Flex, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { useCan } from '../../api/use-can';
import { actionsColumn } from '../../components/actions-column';
import { shown } from '../../components/cells';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { CHECKLIST_LIST_KEY, listChecklists, useRemoveChecklist } from './api';
import { ChecklistForm } from './checklist-form';

/**
 * 检查表 (/patrol/checklists, menu 设备管理): the organisation's templates, each an ordered list of items a guard
 * answers at a point; 新增 / 编辑 with the item editor, 删除 (refused while a point uses it).
 */
export function ChecklistPage() {
  const { list, tree, pickedHoldId } = useTreeList<ChecklistRow>(CHECKLIST_LIST_KEY, listChecklists, { staleTime: 0 });
  const can = useCan();
  const { modal, message } = App.useApp();
  const remove = useRemoveChecklist();
  const editable = can('checklist.edit');
  const includeChildren = list.params.filters?.includeChildren !== false;
  const [dialog, setDialog] = useState<{ checklistId: number } | null>(null);

  const columns: TableColumnsType<ChecklistRow> = [
    { title: '检查表名称', dataIndex: 'checklist_name', width: 200, render: (v: string) => shown(v) },
    { title: '所属组织', dataIndex: 'hold_name', width: 160, render: (v: string) => shown(v) },
    { title: '检查项数', dataIndex: 'item_count', width: 90 },
    { title: '使用巡检点', dataIndex: 'point_count', width: 100 },
    { title: '更新时间', dataIndex: 'update_time', width: 170 },
    actionsColumn<ChecklistRow>({
      onView: editable ? undefined : (row) => setDialog({ checklistId: row.checklist_id }),
      onEdit: editable ? (row) => setDialog({ checklistId: row.checklist_id }) : undefined,
      onDelete: editable
        ? (row) =>
            void modal.confirm({
              title: '删除检查表',
              content: `确定删除检查表「${row.checklist_name}」吗？`,
              okButtonProps: { danger: true },
              onOk: async () => {
                try {
                  await remove.mutateAsync(row.checklist_id);
                  void message.success('删除成功');
                } catch (error) {
                  void message.error(errorText(error));
                }
              },
            })
        : undefined,
    }),
  ];

  return (
    <TreeListPage<ChecklistRow>
      label="检查表列表"
      list={list}
      columns={columns}
      rowKey="checklist_id"
      scrollX={900}
      emptyText="暂无检查表"
      toolbar={
        <Flex gap={8} wrap align="center" role="search">
          <Input
            allowClear
            style={{ width: 220 }}
            placeholder="检查表名称"
            value={list.draft}
            onChange={(event) => list.setDraft(event.target.value)}
            onPressEnter={() => list.searchWith({ includeChildren })}
          />
          <Checkbox
            checked={includeChildren}
            onChange={(event) => list.searchWith({ includeChildren: event.target.checked })}
          >
            包含下级
          </Checkbox>
          <Button type="primary" icon={<SearchOutlined />} onClick={() => list.searchWith({ includeChildren })}>
            查询
          </Button>
          {editable && (
            <Button icon={<PlusOutlined />} disabled={tree.isPending} onClick={() => setDialog({ checklistId: 0 })}>
              新增
            </Button>
          )}
        </Flex>
      }
    >
      {dialog && (
        <ChecklistForm checklistId={dialog.checklistId} holdId={pickedHoldId} onClose={() => setDialog(null)} />
      )}
    </TreeListPage>
  );
}
