import type { StaffRow } from '@guard-tour/contract';
import { App, Col, Form, Input, Modal, Row } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { MSG } from '../../api/messages';
import { HoldSelect } from '../../components/hold-select';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<StaffFormValues>();
  const row = 'row' in subject ? subject.row : undefined;
  const userId = row?.user_id ?? 0;
  const isNew = userId === 0;
  const [initialValues] = useState(() =>
    row ? staffValuesOf(row) : newStaffValues('holdId' in subject ? subject.holdId : undefined),
  );
  const save = useSaveAccount();

  const submit = (values: StaffFormValues) => {
    const problem = staffFormError(values, userId);
    if (problem) {
      void message.warning(problem);
      return;
    }
    save.mutate(toSaveAccountInput(values, userId), {
      onSuccess: () => {
        void message.success(MSG.saved);
        onClose();
      },
      onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
    });
  };

  return (
    <Modal
      open
      title={isNew ? '新增账号' : '编辑账号'}
      width={800}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      <Form<StaffFormValues>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        disabled={save.isPending}
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 1 }}
        autoComplete="off"
        style={{ marginTop: 16 }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="所属组织" name="hold_id" required>
              <HoldSelect />
            </Form.Item>
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
            <Form.Item label="备注" name="remark">
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
