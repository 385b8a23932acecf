import type { RoleOption } from '@guard-tour/contract';
import { Col, Form, Select } from 'antd';
import { useRoleOptions } from './api';
import type { StaffFormValues } from './staff-form-values';

interface RoleItemProps {
  /** The role the edited account has now (its name shows even if the caller may not give it). */
  current?: { role_id: number; role_name: string } | undefined;
  /** One's own role cannot be changed (不能修改本账号的角色). */
  disabled?: boolean;
}

function roleChoices(options: readonly RoleOption[], current: RoleItemProps['current']) {
  const choices = options.map((option) => ({ value: option.role_id, label: option.role_name }));
  if (current && current.role_id > 0 && !choices.some((choice) => choice.value === current.role_id)) {
    choices.push({ value: current.role_id, label: current.role_name });
  }
  return choices;
}

/** 角色 in the account dialog: the roles Role/Options gives for the account's organisation; empty = the default. */
export function RoleItem({ current, disabled }: RoleItemProps) {
  const holdId = Form.useWatch<StaffFormValues['holdId']>('holdId');
  const options = useRoleOptions(holdId);
  return (
    <Col span={12}>
      <Form.Item label="角色" name="role_id" tooltip="不选时，新账号为管理员，已有账号保持原角色">
        <Select<number>
          allowClear
          disabled={disabled}
          loading={options.isFetching}
          placeholder={current ? '保持原角色' : '管理员'}
          notFoundContent={options.isPending ? '加载中…' : '暂无角色'}
          options={roleChoices(options.data ?? [], current)}
        />
      </Form.Item>
    </Col>
  );
}

/** The roles to filter the list by: Role/Options when the caller may ask, else those the list's rows show. */
export function roleFilterChoices(
  options: readonly RoleOption[] | undefined,
  rows: readonly { role_id: number; role_name: string }[],
) {
  const seen = new Map<number, string>();
  for (const option of options ?? []) seen.set(option.role_id, option.role_name);
  if (!options) for (const row of rows) if (row.role_id > 0) seen.set(row.role_id, row.role_name);
  return [...seen].map(([value, label]) => ({ value, label }));
}
