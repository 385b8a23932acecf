import { BUILTIN_ROLES, BuiltinRole, type FunTreeItem } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '@guard-tour/client/session';
import { fakeServer } from '../test/fake-server';
import { startSessionWith } from '../test/session';
import { Providers } from './providers';
import { queryClient } from './query-client';
import { RequireAuth } from './require-auth';
import { ShellLayout } from './shell/shell-layout';

const keysOf = (roleId: number) => [...(BUILTIN_ROLES.find((role) => role.role_id === roleId)?.permissions ?? [])];

const READ_ONLY_MENU: FunTreeItem[] = [
  { funId: 2, funName: '设备管理', funPath: '', parentId: 0 },
  { funId: 21, funName: '巡检点管理', funPath: '/patrol/card_manage', parentId: 2 },
  { funId: 3, funName: '巡检记录', funPath: '', parentId: 0 },
  { funId: 31, funName: '巡检记录', funPath: '/patrol/records', parentId: 3 },
];

function serve(info: { permissions: string[] }) {
  return fakeServer({
    '/UserInfo/checktoken': () => ({
      data: {
        userName: 'kehu',
        trueName: '客户',
        userType: 2,
        serviceEnd: '',
        defaultPassword: false,
        timeZone: 'Asia/Shanghai',
        roleId: 0,
        roleName: '',
        ...info,
      },
    }),
    '/SysFun/GetUserFunTree': () => ({ data: READ_ONLY_MENU }),
    '/Alert/UnhandledCount': () => ({ data: { count: 0 } }),
    '/Terminal/AppAddress': () => ({ data: { url: 'https://patrol.example.cn/m/' } }),
    '/UserInfo/Logout': () => ({ data: null }),
  });
}

/** The console's own frame (login, the shell) around stand-in screens. */
function renderConsole(at: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>登录页</h1> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              { path: '/home/dashboard', element: <h1>首页内容</h1> },
              { path: '/device/manage', element: <h1>设备列表</h1> },
              { path: '/patrol/card_manage', element: <h1>巡检点列表</h1> },
              { path: '/patrol/records', element: <h1>巡检记录列表</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('what an account is shown where its role does not reach', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    clearSession();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('a 只读 account typing 设备管理’s address sees 无权访问, and its button goes home', async () => {
    const permissions = keysOf(BuiltinRole.readOnly);
    startSessionWith(permissions);
    serve({ permissions });
    const router = renderConsole('/device/manage');
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '设备列表' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '设备管理' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByRole('heading', { name: '首页内容' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });

  it('an account without 首页 is sent to the first screen it may open', async () => {
    const permissions = ['record.view', 'card.view'];
    startSessionWith(permissions);
    serve({ permissions });
    renderConsole('/home/dashboard');
    expect(await screen.findByText('无权访问')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '前往巡检点管理' }));
    expect(await screen.findByRole('heading', { name: '巡检点列表' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '巡检点管理' })).toBeTruthy();
  });

  it('a 巡检员 sees 此账号仅可使用巡检助手 with the app’s address and can log out, not the menu', async () => {
    const permissions = keysOf(BuiltinRole.guard);
    startSessionWith(permissions, { trueName: '张伟', roleName: '巡检员' });
    const server = serve({ permissions });
    renderConsole('/home/dashboard');
    expect(await screen.findByText('此账号仅可使用巡检助手')).toBeTruthy();
    const address = await screen.findByText('https://patrol.example.cn/m/');
    expect(address.closest('a')?.getAttribute('href')).toBe('https://patrol.example.cn/m/');
    expect(screen.queryByRole('navigation', { name: '功能菜单' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '首页内容' })).toBeNull();
    expect(server.callsTo('/SysFun/GetUserFunTree')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    expect(await screen.findByRole('heading', { name: '登录页' })).toBeTruthy();
    await waitFor(() => expect(getSession()).toBeNull());
    expect(server.callsTo('/UserInfo/Logout')).toHaveLength(1);
  });

  it('an account holding nothing is told to ask its administrator', async () => {
    startSessionWith([]);
    serve({ permissions: [] });
    renderConsole('/patrol/records');
    expect(await screen.findByText('此账号没有可使用的功能')).toBeTruthy();
    expect(screen.getByRole('button', { name: /退出登录/ })).toBeTruthy();
  });

  it('follows a role changed since login: checktoken’s keys replace the stored ones', async () => {
    startSessionWith(keysOf(BuiltinRole.admin));
    serve({ permissions: keysOf(BuiltinRole.guard) });
    renderConsole('/patrol/records');
    expect(await screen.findByText('此账号仅可使用巡检助手')).toBeTruthy();
  });
});
