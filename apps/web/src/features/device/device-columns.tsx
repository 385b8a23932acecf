import type { DeviceRow } from '@guard-tour/contract';
import type { TableColumnsType } from 'antd';
import { actionsColumn, type RowActions } from '../../components/actions-column';
import { NOWRAP, shown } from '../../components/cells';

export function deviceColumns(actions: RowActions<DeviceRow>): TableColumnsType<DeviceRow> {
  return [
    { title: 'IMEI/SN', dataIndex: 'device_no', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '设备名称', dataIndex: 'object_name', render: (value: string) => shown(value) },
    { title: '所属组织', dataIndex: 'hold_name', render: (value: string) => shown(value) },
    // '' until the terminal first uploads: shown as a dash.
    { title: '最后上传', dataIndex: 'last_upload_time', ...NOWRAP, render: (value: string) => shown(value) },
    { title: '备注', dataIndex: 'remark', render: (value: string) => value ?? '' },
    { title: '录入时间', dataIndex: 'create_time', ...NOWRAP, render: (value: string) => shown(value) },
    actionsColumn(actions),
  ];
}
