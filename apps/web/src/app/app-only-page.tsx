import { LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import { DEFAULT_TITLE, roleMessages } from '@guard-tour/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Image, Result, Spin, Typography } from 'antd';
import { api } from '@guard-tour/client/api';
import { useSession } from '@guard-tour/client/use-session';
import { QUERY_KEYS } from '../api/query-keys';
import { Logo } from '../components/logo';
import { useLogout } from '../features/auth/use-logout';
import { qrDataUrl } from '../features/card/qr-code';

/** The guard app is served at `/m/` of the console's own origin, unless the server names a public address. */
function ownAppAddress(): string {
  return `${window.location.origin}/m/`;
}

function useAppAddress(enabled: boolean) {
  return useQuery({
    queryKey: [...QUERY_KEYS.guardApp, 'address'],
    queryFn: ({ signal }) => api.guardApp.appAddress(undefined, { signal }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

function AppAddress({ url }: { url: string }) {
  const qr = useQuery({
    queryKey: [...QUERY_KEYS.guardApp, 'qr', url],
    queryFn: () => qrDataUrl(url),
    staleTime: Infinity,
  });
  return (
    <Flex vertical align="center" gap={12}>
      {qr.data && <Image src={qr.data} alt="巡检助手地址二维码" width={168} height={168} preview={false} />}
      <Typography.Text type="secondary">用手机扫码，或在手机浏览器中打开：</Typography.Text>
      <Typography.Link href={url} target="_blank" rel="noopener noreferrer" copyable={{ text: url }} strong>
        {url}
      </Typography.Link>
    </Flex>
  );
}

/**
 * The console of an account that may open none of its screens (ROLES.md): a 巡检员 is shown where the guard app is
 * (GET AppAddress, allowed with `app.use`); an account holding nothing is told to ask its administrator. Either way
 * the one thing to do here is to log out.
 */
export function AppOnlyPage({ hasApp }: { hasApp: boolean }) {
  const info = useSession()?.info;
  const logout = useLogout();
  const address = useAppAddress(hasApp);
  // Its own origin's /m/ when the address cannot be asked for (or the call fails).
  const url = hasApp && address.isPending ? null : address.data?.url || ownAppAddress();
  const who = [info?.trueName || info?.userName, info?.roleName].filter(Boolean).join(' · ');

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(135deg, #e6f4ff 0%, #f5f5f5 100%)' }}
    >
      <Card style={{ width: 440, maxWidth: '100%' }}>
        <Flex vertical align="center" gap={4}>
          <Logo size={40} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {DEFAULT_TITLE}
          </Typography.Title>
        </Flex>
        <Result
          style={{ padding: '24px 0 8px' }}
          icon={<MobileOutlined style={{ color: '#1677ff' }} />}
          title={hasApp ? roleMessages.appOnly : '此账号没有可使用的功能'}
          subTitle={
            hasApp
              ? `${who ? `${who}，` : ''}请在手机上使用巡检助手完成巡检。`
              : `${who ? `${who}，` : ''}请联系管理员为账号分配角色。`
          }
          extra={
            <Flex vertical align="center" gap={20}>
              {hasApp && (url ? <AppAddress url={url} /> : <Spin />)}
              <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
                退出登录
              </Button>
            </Flex>
          }
        />
      </Card>
    </Flex>
  );
}
