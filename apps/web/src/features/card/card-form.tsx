import type { CardRow } from '@guard-tour/contract';
import { App, Col, Form, Input, Modal, Row } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { MSG } from '../../api/messages';
import { HoldSelect } from '../../components/hold-select';
import { useSaveCard } from './api';
import { cardFormError, cardValuesOf, newCardValues, toSaveCardInput, type CardFormValues } from './card-form-values';

/** What the dialog was opened for: a row to edit, or a new patrol point in an organisation. */
export type CardDialogSubject = { row: CardRow } | { holdId: number | undefined };

interface CardFormProps {
  subject: CardDialogSubject;
  onClose: () => void;
}

/** 录入 / 编辑 a patrol point (800px dialog). */
export function CardForm({ subject, onClose }: CardFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CardFormValues>();
  const row = 'row' in subject ? subject.row : undefined;
  const patrolId = row?.patrol_id ?? 0;
  const [initialValues] = useState(() =>
    row ? cardValuesOf(row) : newCardValues('holdId' in subject ? subject.holdId : undefined),
  );
  const save = useSaveCard();

  const submit = (values: CardFormValues) => {
    const problem = cardFormError(values);
    if (problem) {
      void message.warning(problem);
      return;
    }
    save.mutate(toSaveCardInput(values, patrolId), {
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
      title={patrolId === 0 ? '录入巡检点' : '编辑巡检点'}
      width={800}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      <Form<CardFormValues>
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
            <Form.Item label="卡编号" name="patrol_sn" required>
              <Input maxLength={32} placeholder="字母、数字、- 或 _，最多 32 位" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="巡检点名称" name="patrol_name">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="位置" name="location">
              <Input maxLength={100} />
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
