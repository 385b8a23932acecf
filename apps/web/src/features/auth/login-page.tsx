import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_TITLE, loginMessages } from '@guard-tour/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { heldKeysOf, homePathOf } from '../../api/access';
import { getRememberedAccount, setRememberedAccount, startSession } from '@guard-tour/client/session';
import { useAccess } from '../../api/use-can';
import { useSession } from '@guard-tour/client/use-session';
import { Logo } from '../../components/logo';
import { login } from './api';

interface LoginFields {
  user_name: string;
  user_password: string;
  remember_login: boolean;
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remembered = getRememberedAccount();
  const { home } = useAccess();

  const mutation = useMutation({
    mutationFn: (fields: LoginFields) =>
      login({
        user_name: fields.user_name.trim(),
        user_password: fields.user_password,
        remember_login: fields.remember_login,
      }),
    onSuccess: async (result, fields) => {
      // Only the account name is remembered, never the password.
      setRememberedAccount(fields.remember_login ? fields.user_name.trim() : null);
      queryClient.clear();
      startSession(result);
      // The account's first screen: 首页 when its role may open it.
      await navigate(homePathOf(heldKeysOf(result)), { replace: true });
    },
  });

  if (session && !mutation.isPending && !mutation.isSuccess) return <Navigate to={home} replace />;

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #e6f4ff 0%, #f5f5f5 100%)' }}
    >
      <Card style={{ width: 380 }} styles={{ body: { padding: 32 } }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
          <Logo size={44} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {DEFAULT_TITLE}
          </Typography.Title>
        </Flex>
        <Form<LoginFields>
          layout="vertical"
          requiredMark={false}
          disabled={mutation.isPending}
          initialValues={{ user_name: remembered ?? '', user_password: '', remember_login: remembered !== null }}
          onFinish={(fields) => mutation.mutate(fields)}
          onValuesChange={() => mutation.isError && mutation.reset()}
        >
          <Form.Item
            label="账号"
            name="user_name"
            rules={[
              { required: true, whitespace: true, message: loginMessages.accountRequired },
              { min: 2, max: 20, message: loginMessages.accountLength },
            ]}
          >
            <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" autoFocus={!remembered} />
          </Form.Item>
          <Form.Item
            label="密码"
            name="user_password"
            rules={[
              { required: true, message: loginMessages.passwordRequired },
              { min: 4, max: 20, message: loginMessages.passwordLength },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="密码"
              autoComplete="current-password"
              autoFocus={Boolean(remembered)}
            />
          </Form.Item>
          <Form.Item name="remember_login" valuePropName="checked">
            <Checkbox>记住账号密码</Checkbox>
          </Form.Item>
          {mutation.isError && (
            <Alert type="error" showIcon title={mutation.error.message} style={{ marginBottom: 16 }} />
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
            {mutation.isPending ? '登录中..' : '登录'}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
