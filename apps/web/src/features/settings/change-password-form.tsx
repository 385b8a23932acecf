import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN, newPasswordMessage } from '@guard-tour/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { updateSessionInfo } from '@guard-tour/client/session';
import { changePassword } from './api';

interface PasswordFields {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordFields>();
  const { message } = App.useApp();
  const mutation = useMutation({
    mutationFn: ({ old_password, new_password }: PasswordFields) => changePassword({ old_password, new_password }),
    onSuccess: () => {
      void message.success(MSG.saved);
      form.resetFields();
      updateSessionInfo({ defaultPassword: false });
    },
    onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
  });

  return (
    <Form<PasswordFields>
      form={form}
      layout="vertical"
      style={{ maxWidth: 400 }}
      disabled={mutation.isPending}
      onFinish={(fields) => mutation.mutate(fields)}
    >
      <Form.Item label="原密码" name="old_password" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="new_password"
        rules={[
          { required: true, message: '请输入新密码' },
          { min: NEW_PASSWORD_MIN, max: NEW_PASSWORD_MAX, message: newPasswordMessage },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm_password"
        dependencies={['new_password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('new_password')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
