import type { HoldRow } from '@guard-tour/contract';
import { Col, DatePicker, Form, Input, Select } from 'antd';
import { useId } from 'react';
import { EditDialog, RemarkItem, rowOf, useEditForm } from '../../components/edit-dialog';
import { AccountItems, TextItem } from '../../components/form-items';
import { HOLD_TYPE_OPTIONS } from '../../components/hold-type';
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
  const parentFieldId = useId();
  const row = rowOf(subject);
  const target: HoldTarget = row
    ? { holdId: row.hold_id, parentId: parentIdOf(row) }
    : { holdId: 0, parentId: 'parentId' in subject ? subject.parentId : undefined };
  const isNew = target.holdId === 0;
  const locked = !isNew && target.holdId === ownHoldId;
  const parent = useParentBase(isNew ? target.parentId : undefined);
  const parentName = row ? row.parent_name || '—' : parent.isPending ? '加载中…' : (parent.data?.hold_name ?? '—');
  const dialog = useEditForm(
    useSaveHold(),
    {
      initial: () => (row ? holdValuesOf(row) : newHoldValues()),
      check: (values: HoldFormValues) => holdFormError(values, target),
      toInput: (values: HoldFormValues) => toSaveHoldInput(values, target),
    },
    onClose,
  );

  return (
    <EditDialog title={isNew ? '新增组织' : '编辑组织'} {...dialog}>
      <Col span={12}>
        <Form.Item label="上级用户" htmlFor={parentFieldId}>
          <Input id={parentFieldId} value={parentName} readOnly variant="filled" />
        </Form.Item>
      </Col>
      <TextItem label="用户名称" name="hold_name" max={50} placeholder="组织名称" required />
      <Col span={12}>
        <Form.Item label="用户类型" name="hold_type" tooltip={locked ? LOCKED_HINT : undefined}>
          <Select options={HOLD_TYPE_OPTIONS} disabled={locked || dialog.saving} />
        </Form.Item>
      </Col>
      <AccountItems nameLabel="管理账号" isNew={isNew} trueNamePlaceholder="管理员姓名（选填）" />
      <TextItem label="联系人" name="contacts" max={50} />
      <TextItem label="电话" name="phone" max={30} />
      <Col span={12}>
        <Form.Item label="服务到期" name="vip_end_time" tooltip={locked ? LOCKED_HINT : undefined}>
          <DatePicker
            format={DATE_FORMAT}
            placeholder="长期有效"
            disabled={locked || dialog.saving}
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
