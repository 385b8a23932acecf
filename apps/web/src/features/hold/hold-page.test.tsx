import type { HoldRow, HoldTreeNode } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { HoldPage } from './hold-page';

const TREE: HoldTreeNode[] = [{ id: 1, label: '运营商', children: [{ id: 2, label: '华安物业', children: [] }] }];

const row = (patch: Partial<HoldRow>): HoldRow => ({
  hold_id: 1,
  hold_name: '运营商',
  hold_type: 1,
  hold_type_text: '运营商',
  parent_hold_id: null,
  parent_name: '',
  user_id: 1,
  user_name: 'admin',
  true_name: '系统管理员',
  contacts: '',
  phone: '',
  vip_end_time: '',
  remark: '系统初始组织',
  create_time: '2026-11-22 16:09:24',
  enter_user_name: '',
  ...patch,
});

const ROWS = [
  row({}),
  row({
    hold_id: 2,
    hold_name: '华安物业',
    hold_type: 2,
    hold_type_text: '企业',
    parent_hold_id: 1,
    parent_name: '运营商',
    user_name: 'huaan',
    vip_end_time: '2029-11-22',
    remark: '',
  }),
];

function serve(list: () => { code?: number; msg?: string; data?: unknown; total?: number }) {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/HoldInfo/GetHoldList': list,
    '/HoldInfo/LoadParentBase': ({ query }) => ({ data: { hold_id: Number(query.get('id')), hold_name: '运营商' } }),
    '/HoldInfo/SaveHoldInfo': () => ({ data: { hold_id: 3 } }),
  });
}

function renderPage() {
  render(
    <Providers>
      <HoldPage />
    </Providers>,
  );
}

// antd's first render under jsdom takes seconds on a busy machine.
describe('the organisation screen', { timeout: 20_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists the organisations with the spec’s columns, and no delete for organisation 1', async () => {
    serve(() => ({ data: ROWS, total: 2 }));
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('huaan');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      '序号',
      '用户名称',
      '用户类型',
      '管理账号',
      '上级用户',
      '服务到期',
      '备注',
      '录入时间',
      '操作',
    ]);
    const [root, child] = within(table).getAllByRole('row').slice(1);
    expect(within(root!).getByText('长期有效')).toBeTruthy();
    expect(within(root!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(child!).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/undefined|null/);
    expect(screen.getByRole('tree')).toBeTruthy();
  });

  it('refuses an empty new organisation before calling the server', async () => {
    const server = serve(() => ({ data: ROWS, total: 2 }));
    renderPage();
    await screen.findByText('huaan');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('运营商');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入用户名、账号和密码！')).toBeTruthy();
    expect(server.callsTo('/HoldInfo/SaveHoldInfo')).toHaveLength(0);
  });

  it('saves a new enterprise under the picked organisation', async () => {
    const server = serve(() => ({ data: ROWS, total: 2 }));
    renderPage();
    await screen.findByText('huaan');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('运营商');
    fireEvent.change(within(dialog).getByLabelText('用户名称'), { target: { value: '恒通安保' } });
    fireEvent.change(within(dialog).getByLabelText('管理账号'), { target: { value: 'hengtong' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'secret123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('恭喜你，提交成功！')).toBeTruthy();
    const [save] = server.callsTo('/HoldInfo/SaveHoldInfo');
    expect(save?.body).toMatchObject({
      hold_id: 0,
      hold_name: '恒通安保',
      hold_type: 2,
      parent_hold_id: 1,
      user_name: 'hengtong',
      user_password: 'secret123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says 错了哦，接口出错！ with the reason when the list cannot be loaded, and stops loading', async () => {
    serve(() => ({ code: 403, msg: '无权查看该组织', data: null }));
    renderPage();
    expect(await screen.findAllByText('错了哦，接口出错！无权查看该组织')).not.toHaveLength(0);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  });
});
