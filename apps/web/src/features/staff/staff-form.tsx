import type { StaffRow } from '@guard-tour/contract';
import { Col } from 'antd';
import { EditDialog, holdIdOf, RemarkItem, rowOf, useEditForm, type EditSubject } from '../../components/edit-dialog';
import { AccountItems } from '../../components/form-items';
import { HoldItem } from '../../components/hold-select';
import { useSession } from '@guard-tour/client/use-session';
import { useSaveAccount } from './api';
import { RoleItem } from './role-select';
import {
  newStaffValues,
  staffFormError,
  staffValuesOf,
  toSaveAccountInput,
  type StaffFormValues,
} from './staff-form-values';

/** What the dialog was opened for: a row to edit, or a new account in an organisation. */
export type StaffDialogSubject = EditSubject<StaffRow>;

interface StaffFormProps {
  subject: StaffDialogSubject;
  onClose: () => void;
}

/** 新增 / 编辑 an account (800px dialog). A new password on edit resets it; empty keeps it. */
export function StaffForm({ subject, onClose }: StaffFormProps) {
  const row = rowOf(subject);
  const userId = row?.user_id ?? 0;
  const isNew = userId === 0;
  const ownAccount = useSession()?.info?.userName;
  const dialog = useEditForm(
    useSaveAccount(),
    {
      initial: () => (row ? staffValuesOf(row) : newStaffValues(holdIdOf(subject))),
      check: (values: StaffFormValues) => staffFormError(values, userId),
      toInput: (values: StaffFormValues) => toSaveAccountInput(values, userId),
    },
    onClose,
  );

  return (
    <EditDialog title={isNew ? '新增账号' : '编辑账号'} {...dialog}>
      <Col span={12}>
        <HoldItem />
      </Col>
      <AccountItems nameLabel="账号" isNew={isNew} trueNamePlaceholder="巡检人姓名" />
      <RoleItem current={row} disabled={Boolean(row && row.user_name === ownAccount)} />
      <Col span={24}>
        <RemarkItem />
      </Col>
    </EditDialog>
  );
}
