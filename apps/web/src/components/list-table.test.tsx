import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { ListTable } from './list-table';
import { usePagedList } from './use-paged-list';

interface Row {
  id: number;
  name: string;
}

const COLUMNS = [
  { title: '编号', dataIndex: 'id', width: 400 },
  { title: '名称', dataIndex: 'name', width: 500 },
];

function Rows({ scrollX }: { scrollX: number }) {
  const list = usePagedList<Row>(['list-table-test'], async () => ({ rows: [{ id: 1, name: '东门' }], total: 1 }));
  return <ListTable list={list} columns={COLUMNS} rowKey="id" label="测试列表" scrollX={scrollX} />;
}

afterEach(() => queryClient.clear());

describe('ListTable', () => {
  it('scrolls sideways at its columns’ widths when they are wider than the width it was given', async () => {
    render(
      <Providers>
        <Rows scrollX={700} />
      </Providers>,
    );
    await screen.findByText('东门');
    // antd sets the scroll width on the table itself.
    await waitFor(() => expect(screen.getByRole('table', { name: '测试列表' }).style.width).toBe('900px'));
  });

  it('keeps the width it was given when that is wider', async () => {
    render(
      <Providers>
        <Rows scrollX={1200} />
      </Providers>,
    );
    await screen.findByText('东门');
    await waitFor(() => expect(screen.getByRole('table', { name: '测试列表' }).style.width).toBe('1200px'));
  });
});
