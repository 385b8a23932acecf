import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { DefaultPasswordAlert } from './default-password-alert';
import { SideMenu } from './side-menu';
import { TabStrip } from './tab-strip';
import { TopBar } from './top-bar';
import { useAlertStream } from './use-alert-stream';
import { useTabs } from './use-tabs';

/** Every signed-in screen but road detail: top bar, 200px side menu, tab strip, page; live alerts while open. */
export function ShellLayout() {
  const { tabs, activeKey, select, close, closeAll } = useTabs();
  useAlertStream();

  return (
    <Layout style={{ height: '100vh' }}>
      <TopBar onCloseAll={closeAll} />
      <Layout>
        <Layout.Sider width={200} theme="light" style={{ overflow: 'auto', borderInlineEnd: '1px solid #f0f0f0' }}>
          <SideMenu activeKey={activeKey} />
        </Layout.Sider>
        <Layout.Content style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <DefaultPasswordAlert />
          <TabStrip tabs={tabs} activeKey={activeKey} onSelect={select} onClose={close} />
          <main style={{ flex: 1, overflow: 'auto', padding: 16 }}>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
