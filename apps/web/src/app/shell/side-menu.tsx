import {
  AppstoreOutlined,
  ApartmentOutlined,
  FileSearchOutlined,
  MobileOutlined,
  NodeIndexOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Menu, Result, Skeleton, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '@guard-tour/client/browser';
import { QUERY_KEYS } from '../../api/query-keys';
import { getUserFunTree } from '../../features/auth/api';
import { buildMenuTree, groupKeys, type MenuNode } from './menu-items';

const GROUP_ICONS: Record<string, ReactNode> = {
  组织管理: <ApartmentOutlined />,
  设备管理: <MobileOutlined />,
  巡检记录: <FileSearchOutlined />,
  路线任务: <NodeIndexOutlined />,
  系统管理: <SettingOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[]): MenuItem[] {
  return nodes.map((node) =>
    node.children
      ? {
          key: node.key,
          label: node.label,
          icon: GROUP_ICONS[node.label] ?? <AppstoreOutlined />,
          children: toItems(node.children),
        }
      : { key: node.key, label: node.label },
  );
}

/**
 * The left menu, drawn from the caller's function tree (GetUserFunTree). A click opens the screen's tab (`onOpen`)
 * before the router goes there.
 */
export function SideMenu({ activeKey, onOpen }: { activeKey: string | undefined; onOpen: (path: string) => void }) {
  const navigate = useNavigate();
  const menu = useQuery({ queryKey: QUERY_KEYS.menu, queryFn: getUserFunTree, staleTime: Infinity });

  if (menu.isPending) return <Skeleton active style={{ padding: 16 }} paragraph={{ rows: 8 }} />;
  if (menu.isError) {
    return (
      <Result
        status="warning"
        subTitle={`菜单加载失败：${errorText(menu.error)}`}
        extra={
          <Button size="small" onClick={() => void menu.refetch()}>
            重试
          </Button>
        }
      />
    );
  }

  const tree = buildMenuTree(menu.data);
  return (
    <nav aria-label="功能菜单">
      <Menu
        mode="inline"
        items={toItems(tree)}
        defaultOpenKeys={groupKeys(tree)}
        selectedKeys={activeKey ? [activeKey] : []}
        onClick={({ key }) => {
          onOpen(key);
          void navigate(key);
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
