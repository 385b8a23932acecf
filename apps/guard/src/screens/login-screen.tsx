import { getRememberedAccount, setRememberedAccount, startSession } from '@guard-tour/client/session';
import { Button, Form, Input, NavBar, Toast } from 'antd-mobile';
import { useState } from 'react';
import { login, registerApp } from '../api/guard-api';
import { useGuard } from '../app/use-guard';
import { appId, setDeviceNo } from '../lib/app-id';

interface Fields {
  account: string;
  password: string;
}

/** Log in with a console account; the first time on this phone it is registered as the organisation's terminal. */
export function LoginScreen({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { signedOut, queue } = useGuard();

  const submit = async ({ account, password }: Fields) => {
    setBusy(true);
    setError(null);
    try {
      const result = await login(account.trim(), password);
      startSession(result);
      setRememberedAccount(account.trim());
      const device = await registerApp(appId());
      setDeviceNo(device.device_no);
      Toast.show({ icon: 'success', content: '登录成功' });
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '登录失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="screen">
      <NavBar back={null} backIcon={false}>
        巡检助手
      </NavBar>
      <div className="screen-body">
        <h1 className="login-title">巡检助手</h1>
        <p className="login-lead">用手机扫码或 NFC 巡检打卡，离线也能用</p>
        <Form
          layout="horizontal"
          initialValues={{ account: getRememberedAccount() ?? '', password: '' }}
          onFinish={submit}
          footer={
            <Button block type="submit" color="primary" size="large" loading={busy}>
              登录
            </Button>
          }
        >
          <Form.Item name="account" label="账号" rules={[{ required: true, message: '请输入账号' }]}>
            <Input placeholder="控制台账号" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input type="password" placeholder="密码" autoComplete="current-password" />
          </Form.Item>
        </Form>
        {signedOut && !error && (
          <p role="alert" className="login-notice">
            {signedOut}
            {queue.length > 0 && `（${queue.length} 条打卡仍在手机上，登录后上传）`}
          </p>
        )}
        {error && (
          <p role="alert" style={{ color: '#ff3141', textAlign: 'center' }}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
