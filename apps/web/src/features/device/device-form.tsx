import type { DeviceRow } from '@guard-tour/contract';
import { Col, Form, Select } from 'antd';
import { EditDialog, holdIdOf, RemarkItem, rowOf, useEditForm, type EditSubject } from '../../components/edit-dialog';
import { SERIAL_NUMBER_HINT, TextItem } from '../../components/form-items';
import { HoldItem } from '../../components/hold-select';
import { useSaveDevice } from './api';
import { DEVICE_TYPE_OPTIONS } from './device-choices';
import {
  deviceFormError,
  deviceValuesOf,
  newDeviceValues,
  toSaveDeviceInput,
  type DeviceFormValues,
} from './device-form-values';

/** What the dialog was opened for: a row to edit, or a new device in an organisation. */
export type DeviceDialogSubject = EditSubject<DeviceRow>;

interface DeviceFormProps {
  subject: DeviceDialogSubject;
  onClose: () => void;
}

/** 新增 / 编辑 a device (800px dialog). */
export function DeviceForm({ subject, onClose }: DeviceFormProps) {
  const row = rowOf(subject);
  const objectId = row?.object_id ?? 0;
  const dialog = useEditForm(
    useSaveDevice(),
    {
      initial: () => (row ? deviceValuesOf(row) : newDeviceValues(holdIdOf(subject))),
      check: deviceFormError,
      toInput: (values: DeviceFormValues) => toSaveDeviceInput(values, objectId),
    },
    onClose,
  );

  return (
    <EditDialog title={objectId === 0 ? '新增设备' : '编辑设备'} {...dialog}>
      <Col span={12}>
        <HoldItem />
      </Col>
      <TextItem label="IMEI/SN" name="device_no" max={32} placeholder={SERIAL_NUMBER_HINT} required />
      <TextItem label="设备名称" name="object_name" max={50} placeholder="不填则与 IMEI/SN 相同" />
      <Col span={12}>
        <Form.Item label="设备型号" name="object_type">
          <Select options={DEVICE_TYPE_OPTIONS} />
        </Form.Item>
      </Col>
      <TextItem label="SIM" name="SIM" max={32} placeholder="SIM卡号" />
      <TextItem label="ICCID" name="ICCID" max={32} />
      <Col span={24}>
        <RemarkItem />
      </Col>
    </EditDialog>
  );
}
