import type { HoldRow } from '@guard-tour/contract';
import { Col, DatePicker, Form, Input, Select } from 'antd';
import { useId, useState } from 'react';
import { EditDialog, RemarkItem } from '../../components/edit-dialog';
import { HOLD_TYPE_OPTIONS } from '../../components/hold-type';
import { useSaveForm } from '../../components/use-save-form';
import { useParentBase, useSaveHold } from './api';
import {
  DATE_FORMAT,
  holdFormError,
  holdValuesOf,
  newHoldValues,
  parentIdOf,
  toSaveHoldInput,
  type HoldFormValues,
  type HoldTarget,
} from './hold-form-values';

/** What the dialog was opened for: a row to edit, or a new organisation under a parent. */
export type HoldDialogSubject = { row: HoldRow } | { parentId: number | undefined };

interface HoldFormProps {
  subject: HoldDialogSubject;
  /** The caller's own organisation: only an ancestor may change its type and service expiry. */
  ownHoldId: number | undefined;
  onClose: () => void;
}

const LOCKED_HINT = '只有上级组织可以修改用户类型和服务到期';

/** 新增 / 编辑 an organisation and its admin account (800px dialog). */
export function HoldForm({ subject, ownHoldId, onClose }: HoldFormProps) {
  const [form] = Form.useForm<HoldFormValues>();
  const parentFieldId = useId();
  const row = 'row' in subject ? subject.row : undefined;
  const target: HoldTarget = row
    ? { holdId: row.hold_id, parentId: parentIdOf(row) }
    : { holdId: 0, parentId: 'parentId' in subject ? subject.parentId : undefined };
  const isNew = target.holdId === 0;
  const locked = !isNew && target.holdId === ownHoldId;
  const [initialValues] = useState(() => (row ? holdValuesOf(row) : newHoldValues()));
  const parent = useParentBase(isNew ? target.parentId : undefined);
  const parentName = row ? row.parent_name || '—' : parent.isPending ? '加载中…' : (parent.data?.hold_name ?? '—');
  const save = useSaveHold();

  const submit = useSaveForm(save, {
    check: (values: HoldFormValues) => holdFormError(values, target),
    toInput: (values: HoldFormValues) => toSaveHoldInput(values, target),
    onSaved: onClose,
  });

  return (
    <EditDialog
      title={isNew ? '新增组织' : '编辑组织'}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      saving={save.isPending}
      onClose={onClose}
    >
      <Col span={12}>
        <Form.Item label="上级用户" htmlFor={parentFieldId}>
          <Input id={parentFieldId} value={parentName} readOnly variant="filled" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="用户名称" name="hold_name" required>
          <Input maxLength={50} placeholder="组织名称" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="用户类型" name="hold_type" tooltip={locked ? LOCKED_HINT : undefined}>
          <Select options={HOLD_TYPE_OPTIONS} disabled={locked || save.isPending} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="管理账号" name="user_name" required>
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
          <Input maxLength={50} placeholder="管理员姓名（选填）" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="联系人" name="contacts">
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="电话" name="phone">
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="服务到期" name="vip_end_time" tooltip={locked ? LOCKED_HINT : undefined}>
          <DatePicker
            format={DATE_FORMAT}
            placeholder="长期有效"
            disabled={locked || save.isPending}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <RemarkItem />
      </Col>
    </EditDialog>
  );
}
