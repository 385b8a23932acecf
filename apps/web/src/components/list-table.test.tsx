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

/** The list's table, given `scrollX`, once its row is shown. */
async function tableGiven(scrollX: number): Promise<HTMLElement> {
  render(
    <Providers>
      <Rows scrollX={scrollX} />
    </Providers>,
  );
  await screen.findByText('东门');
  return screen.getByRole('table', { name: '测试列表' });
}

describe('ListTable', () => {
  // antd sets the scroll width on the table itself.
  it('scrolls sideways at its columns’ widths when they are wider than the width it was given', async () => {
    const table = await tableGiven(700);
    await waitFor(() => expect(table.style.width).toBe('900px'));
  });

  it('keeps the width it was given when that is wider', async () => {
    const table = await tableGiven(1200);
    await waitFor(() => expect(table.style.width).toBe('1200px'));
  });
});
