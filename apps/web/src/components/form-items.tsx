import { Col, Form, Input } from 'antd';
import type { ReactNode } from 'react';

/** How device and card numbers are written (API.md): shown as the field's placeholder. */
export const SERIAL_NUMBER_HINT = '字母、数字、- 或 _，最多 32 位';

interface TextItemProps {
  label: string;
  name: string;
  /** The most characters the field takes (the contract's limit). */
  max: number;
  placeholder?: string;
  required?: boolean;
  tooltip?: ReactNode;
  /** Columns of the dialog's 24: half by default. */
  span?: number;
}

/** One text field of a 新增 / 编辑 dialog, in its column. */
export function TextItem({ label, name, max, placeholder, required, tooltip, span = 12 }: TextItemProps) {
  return (
    <Col span={span}>
      <Form.Item label={label} name={name} required={required} tooltip={tooltip}>
        <Input maxLength={max} placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}

interface AccountItemsProps {
  /** 账号 on the accounts screen, 管理账号 for an organisation's admin. */
  nameLabel: string;
  /** A new account must have a password; on edit an empty one keeps it. */
  isNew: boolean;
  trueNamePlaceholder: string;
}

/** An account's login, password and name: the same fields for any account and for an organisation's admin. */
export function AccountItems({ nameLabel, isNew, trueNamePlaceholder }: AccountItemsProps) {
  return (
    <>
      <TextItem label={nameLabel} name="user_name" max={20} placeholder="登录账号，2 到 20 个字符" required />
      <Col span={12}>
        <Form.Item label="密码" name="user_password" required={isNew}>
          <Input.Password
            maxLength={20}
            autoComplete="new-password"
            placeholder={isNew ? '8 到 20 个字符' : '不修改请留空'}
          />
        </Form.Item>
      </Col>
      <TextItem label="姓名" name="true_name" max={50} placeholder={trueNamePlaceholder} />
    </>
  );
}
