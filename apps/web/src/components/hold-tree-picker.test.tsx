import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { fakeServer } from '../test/fake-server';
import { HoldTreePicker } from './hold-tree-picker';

const TREE = [
  {
    id: 2,
    label: '华安物业',
    children: [{ id: 3, label: '滨江花园保安部', children: [{ id: 7, label: '东门岗', children: [] }] }],
  },
];

function renderPicker(onChange = vi.fn(), value?: number) {
  render(
    <Providers>
      <HoldTreePicker value={value} onChange={onChange} />
    </Providers>,
  );
  return onChange;
}

// antd's first render under jsdom takes seconds on a busy machine.
describe('the organisation tree picker', { timeout: 20_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the caller’s subtree all open, with the caller’s own organisation picked', async () => {
    fakeServer({ '/HoldInfo/GetHoldTree': () => ({ data: TREE }) });
    renderPicker();
    expect(await screen.findByText('东门岗')).toBeTruthy();
    const picked = screen.getByText('华安物业').closest('[aria-selected]');
    expect(picked?.getAttribute('aria-selected')).toBe('true');
  });

  it('hands the picked organisation to the screen, and ignores a second click on it', async () => {
    fakeServer({ '/HoldInfo/GetHoldTree': () => ({ data: TREE }) });
    const onChange = renderPicker();
    fireEvent.click(await screen.findByText('滨江花园保安部'));
    expect(onChange).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByText('华安物业'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('says so when there is nothing to show or the tree cannot be loaded', async () => {
    fakeServer({ '/HoldInfo/GetHoldTree': () => ({ data: [] }) });
    renderPicker();
    expect(await screen.findByText('暂无组织')).toBeTruthy();
    queryClient.clear();
    vi.unstubAllGlobals();
    fakeServer({ '/HoldInfo/GetHoldTree': () => ({ code: 500, msg: '数据库不可用', data: null }) });
    renderPicker();
    expect(await screen.findByText('组织加载失败：数据库不可用')).toBeTruthy();
  });
});
