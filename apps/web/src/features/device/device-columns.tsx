import type { DeviceRow } from '@guard-tour/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { NOWRAP, shown } from '../../components/cells';

interface DeviceColumnActions {
  onEdit: (row: DeviceRow) => void;
  onDelete: (row: DeviceRow) => void;
}

export function deviceColumns({ onEdit, onDelete }: DeviceColumnActions): TableColumnsType<DeviceRow> {
  return [
    { title: 'IMEI/SN', dataIndex: 'device_no', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '设备名称', dataIndex: 'object_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    // '' until the terminal first uploads: shown as a dash.
    { title: '最后上传', dataIndex: 'last_upload_time', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      ...NOWRAP,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}
