import type { CardRow } from '@guard-tour/contract';
import { Col, Form, Input } from 'antd';
import { useState } from 'react';
import { EditDialog, RemarkItem } from '../../components/edit-dialog';
import { HoldItem } from '../../components/hold-select';
import { useSaveForm } from '../../components/use-save-form';
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
  const [form] = Form.useForm<CardFormValues>();
  const row = 'row' in subject ? subject.row : undefined;
  const patrolId = row?.patrol_id ?? 0;
  const [initialValues] = useState(() =>
    row ? cardValuesOf(row) : newCardValues('holdId' in subject ? subject.holdId : undefined),
  );
  const save = useSaveCard();
  const submit = useSaveForm(save, {
    check: cardFormError,
    toInput: (values: CardFormValues) => toSaveCardInput(values, patrolId),
    onSaved: onClose,
  });

  return (
    <EditDialog
      title={patrolId === 0 ? '录入巡检点' : '编辑巡检点'}
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
        <RemarkItem />
      </Col>
    </EditDialog>
  );
}
