import type { RoleRow } from '@guard-tour/contract';
import { Col, Form, Input, Row, Skeleton } from 'antd';
import { useHeldKeys } from '../../api/use-can';
import { holdIdOf, RemarkItem, rowOf, useEditForm, type EditSubject } from '../../components/edit-dialog';
import { DetailPending, DIALOG_FORM_LAYOUT, FormDialog } from '../../components/form-dialog';
import { HoldSelect } from '../../components/hold-select';
import { usePermissionCatalogue, useSaveRole } from './api';
import { PermissionTree } from './permission-tree';
import { newRoleValues, roleFormError, roleValuesOf, toSaveRoleInput, type RoleFormValues } from './role-form-values';

/** A row to edit or look at, or a new role of an organisation. */
export type RoleDialogSubject = EditSubject<RoleRow>;

interface RoleFormProps {
  subject: RoleDialogSubject;
  /** 查看: a built-in role, or any role for an account that may not manage roles; nothing can be changed. */
  readOnly: boolean;
  onClose: () => void;
}

/** 新增 / 编辑 / 查看 a role: its organisation, name, remark and keys (checkboxes by menu group). */
export function RoleForm({ subject, readOnly, onClose }: RoleFormProps) {
  const row = rowOf(subject);
  const roleId = row?.role_id ?? 0;
  const held = useHeldKeys();
  const catalogue = usePermissionCatalogue();
  const dialog = useEditForm(
    useSaveRole(),
    {
      initial: () => (row ? roleValuesOf(row) : newRoleValues(holdIdOf(subject))),
      check: roleFormError,
      toInput: (values: RoleFormValues) => toSaveRoleInput(values, roleId),
    },
    onClose,
  );
  const title = readOnly ? '查看角色' : row ? '编辑角色' : '新增角色';
  // A key the caller does not hold cannot be put into a role (the server refuses: 不能授予本账号没有的权限).
  const grantable = (key: string) => held === null || held.has(key);

  return (
    <FormDialog
      title={title}
      busy={dialog.saving}
      readOnly={readOnly}
      ready={catalogue.isSuccess}
      onOk={() => dialog.form.submit()}
      onClose={onClose}
    >
      <Form<RoleFormValues>
        form={dialog.form}
        initialValues={dialog.initialValues}
        onFinish={dialog.onSubmit}
        disabled={dialog.saving || readOnly}
        {...DIALOG_FORM_LAYOUT}
      >
        <Row gutter={16}>
          <Col span={12}>
            {/* A role stays in the organisation it was made for. */}
            <Form.Item label="所属组织" name="holdId" required>
              <HoldSelect disabled={readOnly || roleId > 0} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="角色名称" name="role_name" required>
              <Input maxLength={20} placeholder="2 到 20 个字符" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="权限" name="permissions" required>
              {catalogue.isSuccess ? (
                <PermissionTree catalogue={catalogue.data} grantable={grantable} disabled={readOnly} />
              ) : catalogue.isError ? (
                <DetailPending error={catalogue.error} />
              ) : (
                <Skeleton active paragraph={{ rows: 5 }} title={false} />
              )}
            </Form.Item>
          </Col>
          <Col span={24}>
            <RemarkItem />
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
