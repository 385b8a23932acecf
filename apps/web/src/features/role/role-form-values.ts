import { ROLE_NAME_MAX, ROLE_NAME_MIN, holdMessages, type RoleRow, type SaveRoleInput } from '@guard-tour/contract';

/** The role dialog's fields. */
export interface RoleFormValues {
  holdId: number | undefined;
  role_name: string;
  permissions: string[];
  remark: string;
}

export function newRoleValues(holdId: number | undefined): RoleFormValues {
  return { holdId, role_name: '', permissions: [], remark: '' };
}

export function roleValuesOf(row: RoleRow): RoleFormValues {
  return {
    holdId: row.hold_id,
    role_name: row.role_name ?? '',
    permissions: [...(row.permissions ?? [])],
    remark: row.remark ?? '',
  };
}

/** The first thing that stops a save, or null when the form may be sent (the server checks all of it again). */
export function roleFormError(values: RoleFormValues): string | null {
  if (values.holdId === undefined || values.holdId === null || values.holdId < 1) return holdMessages.badParent;
  const name = values.role_name?.trim() ?? '';
  if (!name) return '请输入角色名称';
  if (name.length < ROLE_NAME_MIN || name.length > ROLE_NAME_MAX) {
    return `角色名称长度在 ${ROLE_NAME_MIN} 到 ${ROLE_NAME_MAX} 个字符`;
  }
  if ((values.permissions ?? []).length === 0) return '请选择权限';
  return null;
}

/** The dialog's fields → Role/Save's body (role_id 0: a new role). */
export function toSaveRoleInput(values: RoleFormValues, roleId: number): SaveRoleInput {
  return {
    role_id: roleId,
    holdId: values.holdId ?? 0,
    role_name: values.role_name.trim(),
    permissions: [...values.permissions],
    remark: values.remark?.trim() ?? '',
  };
}
