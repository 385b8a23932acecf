import type { HoldTreeNode, RosterMonth, ShiftRow } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { clearSession } from '@guard-tour/client/session';
import { fakeServer } from '../../test/fake-server';
import { ADMIN_ROLE, startSessionWith } from '../../test/session';
import { RosterPage } from './roster-page';

const TREE: HoldTreeNode[] = [{ id: 2, label: '华安物业', children: [] }];
const SHIFTS: ShiftRow[] = [
  {
    shift_id: 5,
    shift_name: '白班',
    hold_id: 2,
    hold_name: '华安物业',
    start_time: '08:00',
    end_time: '20:00',
    grace_minutes: 10,
    color: '#1677FF',
  },
];
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];
const off = (date: string) => ({ date, shift_id: 0, on_duty_time: '', off_duty_time: '', attendance: 0 });
const MONTH: RosterMonth = {
  days: DAYS,
  rows: [
    { user_id: 11, true_name: '张伟', cells: DAYS.map(off) },
    { user_id: 12, true_name: '李军', cells: DAYS.map(off) },
    { user_id: 13, true_name: '王强', cells: DAYS.map(off) },
  ],
};

function serve() {
  return fakeServer({
    '/HoldInfo/GetHoldTree': () => ({ data: TREE }),
    '/Shift/List': () => ({ data: SHIFTS, total: SHIFTS.length }),
    '/Roster/Month': () => ({ data: MONTH }),
    '/Roster/Save': (call) => ({ data: { saved: (call.body as { cells: unknown[] }).cells.length } }),
  });
}

/** The cell of an account's day, by the account's row and the date its button is named by. */
async function cell(name: string, date: string) {
  return waitFor(() => {
    const grid = screen.getByRole('table', { name: '排班表' });
    const row = within(grid)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes(name));
    if (!row) throw new Error(`no row of ${name} yet`);
    return within(row).getByRole('button', { name: new RegExp(`^${date} `) });
  });
}

const pressed = async (name: string, date: string) => (await cell(name, date)).getAttribute('aria-pressed');

describe('排班表 drag-select', { timeout: 30_000 }, () => {
  beforeEach(() => startSessionWith(ADMIN_ROLE.permissions));

  afterEach(() => {
    queryClient.clear();
    clearSession();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a press dragged over cells selects their rectangle on release, and 填充所选 sets them', async () => {
    const server = serve();
    render(
      <Providers>
        <RosterPage />
      </Providers>,
    );
    const from = await cell('张伟', '2026-11-01');
    fireEvent.mouseDown(from, { button: 0 });
    fireEvent.mouseEnter(await cell('张伟', '2026-11-02'));
    fireEvent.mouseEnter(await cell('李军', '2026-11-02'));
    // While dragging, the rectangle shows as picked.
    expect(await pressed('李军', '2026-11-01')).toBe('true');
    fireEvent.mouseUp(await cell('李军', '2026-11-02'));
    await screen.findByRole('button', { name: /填充所选（4）/ });
    for (const [name, date] of [
      ['张伟', '2026-11-01'],
      ['张伟', '2026-11-02'],
      ['李军', '2026-11-01'],
      ['李军', '2026-11-02'],
    ] as const) {
      expect(await pressed(name, date)).toBe('true');
    }
    for (const [name, date] of [
      ['张伟', '2026-11-03'],
      ['王强', '2026-11-01'],
    ] as const) {
      expect(await pressed(name, date)).toBe('false');
    }
    // A drag only selects: nothing is saved until 填充所选.
    expect(server.callsTo('/Roster/Save')).toHaveLength(0);

    // Ctrl + a drag adds its rectangle to the cells picked.
    fireEvent.mouseDown(await cell('王强', '2026-11-03'), { button: 0, ctrlKey: true });
    fireEvent.mouseEnter(await cell('王强', '2026-11-02'));
    fireEvent.mouseUp(await cell('王强', '2026-11-02'));
    await screen.findByRole('button', { name: /填充所选（6）/ });

    fireEvent.click(screen.getByRole('button', { name: /填充所选（6）/ }));
    await waitFor(() => expect(server.callsTo('/Roster/Save')).toHaveLength(1));
    const sent = server.callsTo('/Roster/Save')[0]!.body as { cells: { user_id: number; date: string }[] };
    expect(sent.cells.map((c) => `${c.user_id} ${c.date}`).sort()).toEqual([
      '11 2026-11-01',
      '11 2026-11-02',
      '12 2026-11-01',
      '12 2026-11-02',
      '13 2026-11-02',
      '13 2026-11-03',
    ]);
  });

  it('a plain drag starts the selection again; a click without moving still sets the one cell at once', async () => {
    const server = serve();
    render(
      <Providers>
        <RosterPage />
      </Providers>,
    );
    fireEvent.mouseDown(await cell('张伟', '2026-11-01'), { button: 0 });
    fireEvent.mouseEnter(await cell('张伟', '2026-11-03'));
    fireEvent.mouseUp(document.body);
    await screen.findByRole('button', { name: /填充所选（3）/ });
    // A second drag without Ctrl replaces the first one's cells.
    fireEvent.mouseDown(await cell('王强', '2026-11-02'), { button: 0 });
    fireEvent.mouseEnter(await cell('李军', '2026-11-02'));
    fireEvent.mouseUp(await cell('李军', '2026-11-02'));
    await screen.findByRole('button', { name: /填充所选（2）/ });
    expect(await pressed('张伟', '2026-11-01')).toBe('false');

    const one = await cell('王强', '2026-11-01');
    fireEvent.mouseDown(one, { button: 0 });
    fireEvent.mouseUp(one);
    fireEvent.click(one);
    await waitFor(() => expect(server.callsTo('/Roster/Save')).toHaveLength(1));
    expect((server.callsTo('/Roster/Save')[0]!.body as { cells: unknown[] }).cells).toEqual([
      { user_id: 13, date: '2026-11-01', shift_id: 0 },
    ]);
  });
});
