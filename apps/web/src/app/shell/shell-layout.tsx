import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useCan } from '../../api/use-can';
import { ForbiddenPage } from '../forbidden-page';
import { mayOpenPath } from '../routes';
import { DefaultPasswordAlert } from './default-password-alert';
import { SideMenu } from './side-menu';
import { TabStrip } from './tab-strip';
import { TopBar } from './top-bar';
import { SosBanner } from '../../features/safety/sos-banner';
import { useAlertStream } from './use-alert-stream';
import { useTabs } from './use-tabs';

/**
 * Every signed-in screen but road detail: top bar, 200px side menu, tab strip, page; live alerts while open (for an
 * account that may see alerts). A screen the account may not open shows 无权访问 instead.
 */
export function ShellLayout() {
  const { tabs, activeKey, open, select, close, closeAll } = useTabs();
  const can = useCan();
  const allowed = mayOpenPath(useLocation().pathname, can);
  useAlertStream(can('alert.view'));

  return (
    <Layout style={{ height: '100vh' }}>
      <TopBar onCloseAll={closeAll} />
      <SosBanner enabled={can('alert.view')} />
      <Layout>
        <Layout.Sider width={200} theme="light" style={{ overflow: 'auto', borderInlineEnd: '1px solid #f0f0f0' }}>
          <SideMenu activeKey={activeKey} onOpen={open} />
        </Layout.Sider>
        <Layout.Content style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <DefaultPasswordAlert />
          <TabStrip tabs={tabs} activeKey={activeKey} onSelect={select} onClose={close} />
          <main style={{ flex: 1, overflow: 'auto', padding: 16 }}>{allowed ? <Outlet /> : <ForbiddenPage />}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
