import type { StaffRow } from '@guard-tour/contract';
import { Col, Form, Input } from 'antd';
import { useState } from 'react';
import { EditDialog, RemarkItem } from '../../components/edit-dialog';
import { HoldItem } from '../../components/hold-select';
import { useSaveForm } from '../../components/use-save-form';
import { useSaveAccount } from './api';
import {
  newStaffValues,
  staffFormError,
  staffValuesOf,
  toSaveAccountInput,
  type StaffFormValues,
} from './staff-form-values';

/** What the dialog was opened for: a row to edit, or a new account in an organisation. */
export type StaffDialogSubject = { row: StaffRow } | { holdId: number | undefined };

interface StaffFormProps {
  subject: StaffDialogSubject;
  onClose: () => void;
}

/** 新增 / 编辑 an account (800px dialog). A new password on edit resets it; empty keeps it. */
export function StaffForm({ subject, onClose }: StaffFormProps) {
  const [form] = Form.useForm<StaffFormValues>();
  const row = 'row' in subject ? subject.row : undefined;
  const userId = row?.user_id ?? 0;
  const isNew = userId === 0;
  const [initialValues] = useState(() =>
    row ? staffValuesOf(row) : newStaffValues('holdId' in subject ? subject.holdId : undefined),
  );
  const save = useSaveAccount();

  const submit = useSaveForm(save, {
    check: (values: StaffFormValues) => staffFormError(values, userId),
    toInput: (values: StaffFormValues) => toSaveAccountInput(values, userId),
    onSaved: onClose,
  });

  return (
    <EditDialog
      title={isNew ? '新增账号' : '编辑账号'}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      saving={save.isPending}
      onClose={onClose}
    >
      <Col span={12}>
        <HoldItem />
      </Col>
      <Col span={12}>
        <Form.Item label="账号" name="user_name" required>
          <Input maxLength={20} placeholder="登录账号，2 到 20 个字符" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="密码" name="user_password" required={isNew}>
          <Input.Password
            maxLength={20}
            autoComplete="new-password"
            placeholder={isNew ? '8 到 20 个字符' : '不修改请留空'}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="姓名" name="true_name">
          <Input maxLength={50} placeholder="巡检人姓名" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <RemarkItem />
      </Col>
    </EditDialog>
  );
}
