import { PlusOutlined } from '@ant-design/icons';
import type { StaffRow } from '@guard-tour/contract';
import { Button, Select, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '@guard-tour/client/use-session';
import { useCan } from '../../api/use-can';
import { editableActions } from '../../components/actions-column';
import { ListToolbar } from '../../components/list-toolbar';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { listStaff, STAFF_LIST_KEY, useRemoveAccount, useRoleOptions } from './api';
import { roleFilterChoices } from './role-select';
import { staffColumns } from './staff-columns';
import { StaffForm, type StaffDialogSubject } from './staff-form';

/** 账号管理: the accounts of the picked organisation and below. */
export function StaffPage() {
  const { list, tree, pickedHoldId } = useTreeList<StaffRow>(STAFF_LIST_KEY, listStaff);
  const ownAccount = useSession()?.info?.userName;
  const [dialog, setDialog] = useState<StaffDialogSubject | null>(null);
  const remove = useRemoveAccount();
  const confirmDelete = useConfirmDelete();
  const can = useCan();
  const canEdit = can('staff.edit');
  // The role filter: the organisation's roles when the caller may ask for them, else the roles the list shows.
  const [roleId, setRoleId] = useState<number | undefined>(undefined);
  const roleOptions = useRoleOptions(pickedHoldId, can('role.view') || canEdit);
  const roleChoices = roleFilterChoices(roleOptions.data, list.query.data?.rows ?? []);
  const filterByRole = (next: number | undefined) => {
    setRoleId(next);
    list.searchWith({ role_id: next ?? 0 });
  };

  const columns = staffColumns(
    editableActions(canEdit, {
      onEdit: (row) => setDialog({ row }),
      canDelete: (row) => row.user_name !== ownAccount,
      onDelete: (row) => confirmDelete('账号', () => remove.mutateAsync(row.user_id)),
    }),
  );

  return (
    <TreeListPage<StaffRow>
      label="账号列表"
      list={list}
      columns={columns}
      rowKey="user_id"
      toolbar={
        <ListToolbar
          label="名称"
          placeholder="账号或姓名"
          value={list.draft}
          onChange={list.setDraft}
          onSearch={() => list.searchWith({ role_id: roleId ?? 0 })}
          leading={
            <>
              <Typography.Text>
                <label htmlFor="staff-role-filter">角色</label>
              </Typography.Text>
              <Select<number>
                id="staff-role-filter"
                allowClear
                placeholder="全部角色"
                value={roleId}
                onChange={(next) => filterByRole(next ?? undefined)}
                options={roleChoices}
                notFoundContent="暂无角色"
                style={{ width: 140 }}
              />
            </>
          }
          extra={
            canEdit && (
              <Button
                icon={<PlusOutlined />}
                // A new account goes to the picked organisation, or the caller's own: wait for the tree to know it.
                disabled={tree.isPending}
                onClick={() => setDialog({ holdId: pickedHoldId })}
              >
                新增
              </Button>
            )
          }
        />
      }
    >
      {dialog && <StaffForm subject={dialog} onClose={() => setDialog(null)} />}
    </TreeListPage>
  );
}
