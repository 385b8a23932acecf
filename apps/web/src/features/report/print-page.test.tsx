import type { HoldTreeNode, MissedReportRow } from '@guard-tour/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer, type Call } from '../../test/fake-server';
import { MissedReportPrintPage } from './print-page';

const TREE: HoldTreeNode[] = [
  { id: 2, label: '华安物业', children: [{ id: 3, label: '滨江花园保安部', children: [] }] },
];

const row = (index: number): MissedReportRow => ({
  group_key: `2026-10-${String((index % 31) + 1).padStart(2, '0')}#${index}`,
  group_name: `第${index}组`,
  rounds_expected: 4,
  rounds_done: 3,
  points_expected: 16,
  on_time: 12,
  early: 1,
  late: 1,
  missed: 2,
  rate: index === 0 ? null : 87.5,
});

/** 230 groups, answered 200 at a time. */
function page(call: Call) {
  const { PageIndex, PageSize } = call.body as { PageIndex: number; PageSize: number };
  const all = Array.from({ length: 230 }, (_, index) => row(index));
  return { data: all.slice((PageIndex - 1) * PageSize, PageIndex * PageSize), total: all.length };
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('漏检报表 打印', { timeout: 30_000 }, () => {
  it('reads every group of the address’s filters, heads the page with organisation, span and time, then prints once', async () => {
    const server = fakeServer({ '/HoldInfo/GetHoldTree': () => ({ data: TREE }), '/Report/Missed': page });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(
      <Providers>
        <MemoryRouter
          initialEntries={[
            '/patrol/missed_report/print?start_date=2026-10-01&end_date=2026-10-31&group_by=date&include_children=1&hold_id=3&sort=rate',
          ]}
        >
          <MissedReportPrintPage />
        </MemoryRouter>
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: '漏检报表' });
    await within(table).findByText('第229组');
    expect(server.callsTo('/Report/Missed').map((call) => call.body)).toEqual([
      {
        hold_id: 3,
        include_children: true,
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        group_by: 'date',
        sort: 'rate',
        PageIndex: 1,
        PageSize: 200,
      },
      {
        hold_id: 3,
        include_children: true,
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        group_by: 'date',
        sort: 'rate',
        PageIndex: 2,
        PageSize: 200,
      },
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(231);
    expect(within(table).getAllByRole('columnheader')[1]?.textContent).toBe('日期');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('1第0组4316121' + '12—');
    const page_ = document.body.textContent ?? '';
    expect(page_).toContain('组织：滨江花园保安部（含下级）');
    expect(page_).toContain('统计日期：2026-10-01 至 2026-10-31');
    expect(page_).toMatch(/打印时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toContain('@page { size: A4 landscape;');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(page_).not.toMatch(/undefined|null|NaN/);
  });

  it('says 暂无数据 when there are no groups', async () => {
    fakeServer({
      '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
      '/Report/Missed': () => ({ data: [], total: 0 }),
    });
    vi.stubGlobal('print', vi.fn());
    render(
      <Providers>
        <MemoryRouter initialEntries={['/patrol/missed_report/print']}>
          <MissedReportPrintPage />
        </MemoryRouter>
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: '漏检报表' });
    expect(within(table).getByText('暂无数据')).toBeTruthy();
    expect(document.body.textContent).toContain('组织：华安物业（含下级）');
  });
});
