import { DEFAULT_TITLE } from '@guard-tour/contract';
import { Flex, Layout, Typography } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useCan } from '../../api/use-can';
import { ForbiddenPage } from '../forbidden-page';
import { mayOpenPath } from '../routes';
import { Logo } from '../../components/logo';
import { SosBanner } from '../../features/safety/sos-banner';
import { DefaultPasswordAlert } from './default-password-alert';

/** Screens opened in their own window (road detail): a slim header, no menu and no tab strip. */
export function BareLayout() {
  const can = useCan();
  const allowed = mayOpenPath(useLocation().pathname, can);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', padding: '0 16px', height: 56 }}>
        <Flex align="center" gap={10}>
          <Logo />
          <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
            {DEFAULT_TITLE}
          </Typography.Text>
        </Flex>
      </Layout.Header>
      <SosBanner enabled={can('alert.view')} />
      <DefaultPasswordAlert />
      <Layout.Content style={{ padding: 16 }}>{allowed ? <Outlet /> : <ForbiddenPage />}</Layout.Content>
    </Layout>
  );
}
