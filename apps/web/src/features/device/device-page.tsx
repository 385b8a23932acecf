import { ApartmentOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { deviceMessages, type DeviceRow } from '@guard-tour/contract';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '../../api/use-can';
import { editableActions } from '../../components/actions-column';
import { SearchTypeToolbar } from '../../components/search-type-toolbar';
import { TreeListPage, useTreeList } from '../../components/tree-list-page';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { DEVICE_LIST_KEY, listDevices, useRemoveDevice } from './api';
import { DeviceAllocateDialog } from './device-allocate-dialog';
import { DEVICE_SEARCH_OPTIONS, FIRST_DEVICE_SEARCH_TYPE } from './device-choices';
import { deviceColumns } from './device-columns';
import { DeviceForm, type DeviceDialogSubject } from './device-form';
import { DeviceImportDialog } from './device-import-dialog';

type Dialog = { kind: 'form'; subject: DeviceDialogSubject } | { kind: 'import' } | { kind: 'allocate'; ids: number[] };

/** 设备管理: the devices of the picked organisation and below; add, import, allocate, edit and delete. */
export function DevicePage() {
  const { message } = App.useApp();
  // New devices go to the picked organisation, or the caller's own: 新增 and 导入 wait for the tree to know it.
  const { list, tree, pickedHoldId } = useTreeList<DeviceRow>(DEVICE_LIST_KEY, listDevices);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useRemoveDevice();
  const confirmDelete = useConfirmDelete();
  // 新增, 导入, 分配, 编辑 and 删除 are for a role that manages devices.
  const canEdit = useCan()('device.edit');

  // The selection counts on the rows shown: another page, organisation or query leaves the rest behind.
  const rows = list.query.data?.rows;
  const shownSelected = useMemo(
    () => selected.filter((objectId) => rows?.some((row) => row.object_id === objectId)),
    [selected, rows],
  );

  const columns = deviceColumns(
    editableActions(canEdit, {
      onEdit: (row) => setDialog({ kind: 'form', subject: { row } }),
      onDelete: (row) => confirmDelete('设备', () => remove.mutateAsync(row.object_id)),
    }),
  );

  const allocate = () => {
    if (shownSelected.length === 0) void message.warning(deviceMessages.devicesRequired);
    else setDialog({ kind: 'allocate', ids: shownSelected });
  };

  return (
    <TreeListPage<DeviceRow>
      label="设备列表"
      list={list}
      columns={columns}
      rowKey="object_id"
      rowSelection={
        canEdit ? { selectedRowKeys: shownSelected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
      }
      toolbar={
        <SearchTypeToolbar
          options={DEVICE_SEARCH_OPTIONS}
          initial={FIRST_DEVICE_SEARCH_TYPE}
          list={list}
          extra={
            canEdit && (
              <>
                <Button
                  icon={<PlusOutlined />}
                  disabled={tree.isPending}
                  onClick={() => setDialog({ kind: 'form', subject: { holdId: pickedHoldId } })}
                >
                  新增
                </Button>
                <Button
                  icon={<ImportOutlined />}
                  disabled={tree.isPending}
                  onClick={() => setDialog({ kind: 'import' })}
                >
                  导入
                </Button>
                <Button icon={<ApartmentOutlined />} onClick={allocate}>
                  分配
                </Button>
              </>
            )
          }
        />
      }
    >
      {dialog?.kind === 'form' && <DeviceForm subject={dialog.subject} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'import' && <DeviceImportDialog holdId={pickedHoldId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'allocate' && (
        <DeviceAllocateDialog
          objectIds={dialog.ids}
          onDone={() => {
            setSelected([]);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </TreeListPage>
  );
}
