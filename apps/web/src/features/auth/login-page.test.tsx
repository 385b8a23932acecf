import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRememberedAccount } from '@guard-tour/client/session';
import { Providers } from '../../app/providers';
import { LoginPage } from './login-page';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/home/dashboard', element: <p>已进入首页</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('the login screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both fields before calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('pre-fills the remembered account, and never a password', () => {
    setRememberedAccount('zhangwei');
    renderLogin();
    expect((screen.getByLabelText('账号', { exact: true }) as HTMLInputElement).value).toBe('zhangwei');
    expect((screen.getByLabelText('密码', { exact: true }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox', { name: '记住账号密码' }) as HTMLInputElement).checked).toBe(true);
  });

  it('signs in and lands on the dashboard, remembering only the account name', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            code: 200,
            msg: '',
            data: {
              token: 'tok',
              userName: 'admin',
              trueName: '管理员',
              userType: 1,
              serviceEnd: '2099-12-31',
              defaultPassword: true,
            },
          }),
        ),
      ),
    );
    const router = renderLogin();
    fireEvent.change(screen.getByLabelText('账号', { exact: true }), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码', { exact: true }), { target: { value: 'admin123' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '记住账号密码' }));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('已进入首页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/dashboard');
    expect(localStorage.getItem('gt.token')).toBe('tok');
    expect(localStorage.getItem('gt.rememberAccount')).toBe('admin');
    expect(JSON.stringify({ ...localStorage })).not.toContain('admin123');
  });
});
