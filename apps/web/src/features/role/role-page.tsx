import { PlusOutlined } from '@ant-design/icons';
import type { RoleRow } from '@guard-tour/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/use-can';
import { IncludeChildrenToolbar } from '../../components/include-children-toolbar';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { listRoles, ROLE_LIST_KEY, useRemoveRole } from './api';
import { roleColumns } from './role-columns';
import { RoleForm, type RoleDialogSubject } from './role-form';

/** 角色管理 (/sys/roles): the built-in roles and the custom roles of the picked organisation (and below). */
export function RolePage() {
  const { list, tree, pickedHoldId } = useTreeList<RoleRow>(ROLE_LIST_KEY, listRoles);
  const [dialog, setDialog] = useState<{ subject: RoleDialogSubject; readOnly: boolean } | null>(null);
  const remove = useRemoveRole();
  const confirmDelete = useConfirmDelete();
  // 新增, 编辑 and 删除 are for a role that manages roles; a built-in role is never changed.
  const canEdit = useCan()('role.edit');

  const columns = roleColumns({
    onView: (row) => setDialog({ subject: { row }, readOnly: true }),
    onEdit: canEdit ? (row) => setDialog({ subject: { row }, readOnly: false }) : undefined,
    // 该角色下还有账号，无法删除 (409) is said after 删除失败！, as every delete says the server's reason.
    onDelete: canEdit ? (row) => confirmDelete('角色', () => remove.mutateAsync(row.role_id)) : undefined,
  });

  return (
    <TreeListPage<RoleRow>
      label="角色列表"
      list={list}
      columns={columns}
      rowKey="role_id"
      emptyText="暂无角色"
      toolbar={
        <IncludeChildrenToolbar
          label="角色名称"
          placeholder="输入角色名称查询"
          list={list}
          extra={
            canEdit && (
              <Button
                icon={<PlusOutlined />}
                disabled={tree.isPending}
                onClick={() => setDialog({ subject: { holdId: pickedHoldId }, readOnly: false })}
              >
                新增
              </Button>
            )
          }
        />
      }
    >
      {dialog && <RoleForm subject={dialog.subject} readOnly={dialog.readOnly} onClose={() => setDialog(null)} />}
    </TreeListPage>
  );
}
