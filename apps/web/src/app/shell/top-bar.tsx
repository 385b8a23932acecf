import { CloseSquareOutlined, DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_TITLE } from '@guard-tour/contract';
import { Button, Dropdown, Flex, Layout, Typography, type MenuProps } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useAccess } from '../../api/use-can';
import { useSession } from '@guard-tour/client/use-session';
import { Logo } from '../../components/logo';
import { useLogout } from '../../features/auth/use-logout';
import { AlertBell } from './alert-bell';

const MENU_ITEMS: MenuProps['items'] = [
  { key: 'close-all', label: '关闭所有标签', icon: <CloseSquareOutlined /> },
  { key: 'setting', label: '个人设置', icon: <SettingOutlined /> },
  { type: 'divider' },
  { key: 'logout', label: '退出登录', icon: <LogoutOutlined /> },
];

/** Logo (a link home), product name, the alert bell (for an account that sees alerts), the user's operations. */
export function TopBar({ onCloseAll }: { onCloseAll: () => void }) {
  const info = useSession()?.info;
  const navigate = useNavigate();
  const logout = useLogout();
  const { can, home } = useAccess();
  const name = info?.trueName || info?.userName || '用户';

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'close-all') onCloseAll();
    else if (key === 'setting') void navigate('/sys/setting');
    else if (key === 'logout') void logout();
  };

  return (
    <Layout.Header
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 16px', height: 56 }}
    >
      <Link to={home} aria-label={`${DEFAULT_TITLE} 首页`}>
        <Flex align="center" gap={10}>
          <Logo />
          <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
            {DEFAULT_TITLE}
          </Typography.Text>
        </Flex>
      </Link>
      <Flex align="center" gap={8}>
        {can('alert.view') && <AlertBell />}
        <Dropdown menu={{ items: MENU_ITEMS, onClick }} trigger={['click']} placement="bottomRight">
          <Button type="text" style={{ color: '#fff' }} icon={<UserOutlined />}>
            {name}
            <DownOutlined />
          </Button>
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}
