import { PERMISSIONS, PERMISSION_KEYS, type HoldTreeNode, type RoleRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@guard-tour/client/session';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { startSessionWith } from '../../test/session';
import { RolePage } from './role-page';

const TREE: HoldTreeNode[] = [{ id: 1, label: '运营商', children: [{ id: 2, label: '华安物业', children: [] }] }];

const row = (patch: Partial<RoleRow>): RoleRow => ({
  role_id: 1,
  role_name: '管理员',
  hold_id: 1,
  hold_name: '运营商',
  builtin: true,
  permissions: [...PERMISSION_KEYS],
  account_count: 3,
  remark: '',
  ...patch,
});

const ROWS = [
  row({}),
  row({ role_id: 4, role_name: '只读', permissions: ['dashboard.view', 'record.view'], account_count: 1 }),
  row({
    role_id: 7,
    role_name: '物业客服',
    hold_id: 2,
    hold_name: '华安物业',
    builtin: false,
    permissions: ['record.view', 'record.export'],
    account_count: 2,
    remark: '看记录',
  }),
];

function serve(remove: () => { code?: number; msg?: string } = () => ({})) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/Role/Permissions': () => ({ data: PERMISSIONS }),
    '/Role/List': () => ({ data: ROWS, total: ROWS.length }),
    '/Role/Save': () => ({ data: { role_id: 8 } }),
    '/Role/Remove': remove,
  });
}

function renderPage() {
  render(
    <Providers>
      <RolePage />
    </Providers>,
  );
}

const rowOf = (name: string) => screen.getAllByRole('row').find((one) => one.textContent?.includes(name))!;

describe('the roles screen (角色管理)', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the built-in roles first with 内置, a custom one with 自定义, and what each row offers', async () => {
    startSessionWith(PERMISSION_KEYS);
    const server = serve();
    renderPage();
    const table = await screen.findByRole('table', { name: '角色列表' });
    await within(table).findByText('物业客服');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['角色名称', '所属组织', '类型', '账号数', '备注', '操作']);
    const admin = rowOf('管理员');
    expect(within(admin).getByText('内置')).toBeTruthy();
    expect(within(admin).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(within(admin).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(admin).queryByRole('button', { name: '删除' })).toBeNull();
    const custom = rowOf('物业客服');
    expect(within(custom).getByText('自定义')).toBeTruthy();
    expect(within(custom).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(custom).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(server.callsTo('/Role/List')[0]?.body).toMatchObject({ include_children: true, PageIndex: 1 });
  });

  it('shows a built-in role read-only: its keys ticked, nothing to change, only 关闭', async () => {
    startSessionWith(PERMISSION_KEYS);
    serve();
    renderPage();
    await screen.findByText('物业客服');
    fireEvent.click(within(rowOf('只读')).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('查看角色')).toBeTruthy();
    const recordView = await within(dialog).findByRole('checkbox', { name: '查看巡检记录' });
    expect((recordView as HTMLInputElement).checked).toBe(true);
    expect((recordView as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('角色名称') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: '确定' })).toBeNull();
    expect(within(dialog).getByText('关闭', { selector: 'button span' })).toBeTruthy();
  });

  it('saves a new role whose 设备管理 box ticked the whole group', async () => {
    startSessionWith(PERMISSION_KEYS);
    const server = serve();
    renderPage();
    await screen.findByText('物业客服');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '设备管理员' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '设备管理' }));
    expect((within(dialog).getByRole('checkbox', { name: '管理巡检点' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '导出' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('恭喜你，提交成功！')).toBeTruthy();
    const [save] = server.callsTo('/Role/Save');
    expect(save?.body).toEqual({
      role_id: 0,
      hold_id: 1,
      role_name: '设备管理员',
      permissions: ['device.view', 'device.edit', 'card.view', 'card.edit', 'checklist.edit', 'record.export'],
      remark: '',
    });
  });

  it('refuses a role without a name or a key before calling the server', async () => {
    startSessionWith(PERMISSION_KEYS);
    const server = serve();
    renderPage();
    await screen.findByText('物业客服');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: '设备管理' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入角色名称')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '空角色' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择权限')).toBeTruthy();
    expect(server.callsTo('/Role/Save')).toHaveLength(0);
  });

  it('offers only the keys the caller holds: another one cannot be ticked', async () => {
    startSessionWith(['role.view', 'role.edit', 'record.view']);
    serve();
    renderPage();
    await screen.findByText('物业客服');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    const held = await within(dialog).findByRole('checkbox', { name: '查看巡检记录' });
    expect((held as HTMLInputElement).disabled).toBe(false);
    expect((within(dialog).getByRole('checkbox', { name: '管理设备' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('says the server’s reason when a role still held by accounts is deleted', async () => {
    startSessionWith(PERMISSION_KEYS);
    const server = serve(() => ({ code: 409, msg: '该角色下还有账号，无法删除' }));
    renderPage();
    await screen.findByText('物业客服');
    fireEvent.click(within(rowOf('物业客服')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('此操作将删除该角色信息, 是否继续?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(/该角色下还有账号，无法删除/)).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/Role/Remove')[0]?.body).toEqual({ role_ids: [7] }));
  });

  it('shows every role as 查看 only, and no 新增, to an account that may not manage roles', async () => {
    startSessionWith(['role.view']);
    serve();
    renderPage();
    await screen.findByText('物业客服');
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(within(rowOf('物业客服')).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
