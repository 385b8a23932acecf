import type { DeviceRow } from '@guard-tour/contract';
import { Col, Form, Input, Select } from 'antd';
import { EditDialog, holdIdOf, RemarkItem, rowOf, useEditForm, type EditSubject } from '../../components/edit-dialog';
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
      <Col span={12}>
        <Form.Item label="IMEI/SN" name="device_no" required>
          <Input maxLength={32} placeholder="字母、数字、- 或 _，最多 32 位" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="设备名称" name="object_name">
          <Input maxLength={50} placeholder="不填则与 IMEI/SN 相同" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="设备型号" name="object_type">
          <Select options={DEVICE_TYPE_OPTIONS} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="SIM" name="SIM">
          <Input maxLength={32} placeholder="SIM卡号" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="ICCID" name="ICCID">
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <RemarkItem />
      </Col>
    </EditDialog>
  );
}
