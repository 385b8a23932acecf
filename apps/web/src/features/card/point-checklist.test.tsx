import { BUILTIN_ROLES, BuiltinRole, type CardRow, type HoldTreeNode } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@guard-tour/client/session';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { startSessionWith } from '../../test/session';
import { CardPage } from './card-page';

const SUPERVISOR = [...(BUILTIN_ROLES.find((role) => role.role_id === BuiltinRole.supervisor)?.permissions ?? [])];
const TREE: HoldTreeNode[] = [{ id: 3, label: '滨江花园保安部', children: [] }];

const card = (index: number): CardRow => ({
  patrol_id: index,
  patrol_sn: `0001A${index}`,
  patrol_name: `泵房${index}`,
  location: '',
  remark: '',
  hold_id: 3,
  hold_name: '滨江花园保安部',
  create_time: '2026-11-22 16:09:24',
  lat: null,
  lng: null,
  radius: 50,
  checklist_id: 0,
  checklist_name: '',
});

function serve() {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/PatrolCard/SearchList': () => ({ data: [card(1), card(2)], total: 2 }),
    '/Checklist/List': () => ({
      data: [{ checklist_id: 5, checklist_name: '泵房检查', hold_id: 3, hold_name: '', item_count: 3 }],
      total: 1,
    }),
    '/Checklist/SetPoints': () => ({ data: null }),
  });
}

/** 主管 holds checklist.edit but not card.edit (ROLES.md, INSPECTION.md): it sets points' checklists, nothing else. */
describe('巡检点管理：设置检查表', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lets 主管 put a checklist on the points it picked, without 录入 or 编辑', async () => {
    startSessionWith(SUPERVISOR);
    const server = serve();
    render(
      <Providers>
        <CardPage />
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: '巡检点列表' });
    await within(table).findByText('泵房1');
    expect(screen.queryByRole('button', { name: /录入/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: '编辑' })).toBeNull();
    const [, first] = within(table).getAllByRole('row');
    fireEvent.click(within(first!).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /设置检查表（1）/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '检查表' }));
    fireEvent.click(await screen.findByTitle('泵房检查'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(server.callsTo('/Checklist/SetPoints')[0]?.body).toEqual({ checklist_id: 5, patrol_ids: [1] }),
    );
  });

  it('is not offered without checklist.edit', async () => {
    startSessionWith(SUPERVISOR.filter((key) => key !== 'checklist.edit'));
    serve();
    render(
      <Providers>
        <CardPage />
      </Providers>,
    );
    await within(await screen.findByRole('table', { name: '巡检点列表' })).findByText('泵房1');
    expect(screen.queryByRole('button', { name: /设置检查表/ })).toBeNull();
  });
});
